import { z } from 'zod';

/**
 * The desktop app's settings (a JSON file in its user-data folder) and the server connection the
 * renderer is given. Main validates the file and every change with these schemas; the renderer
 * types its settings screen by them.
 */

/** Who can reach the built-in server, and so open the links it makes. */
export const BUILT_IN_REACH = ['this-computer', 'local-network'] as const;
export type BuiltInReach = (typeof BUILT_IN_REACH)[number];

export const SERVER_URL_MAX_CHARS = 2048;

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A hosted server's address, reduced to its origin (`https://notes.example.org`): the API, the
 * socket and every share link hang off the origin. https only, except on loopback, which
 * browsers also treat as a secure context (a server on this computer, and tests). No
 * credentials, path, query or fragment: what is stored is exactly what was checked.
 */
export const hostedServerUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(SERVER_URL_MAX_CHARS)
  .transform((value, ctx) => {
    const url = parseUrl(value);
    const loopback = url !== null && LOOPBACK_HOSTNAMES.has(url.hostname);
    if (
      url === null ||
      !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
      url.hostname === '' ||
      url.username !== '' ||
      url.password !== '' ||
      url.search !== '' ||
      url.hash !== '' ||
      (url.pathname !== '/' && url.pathname !== '')
    ) {
      ctx.addIssue({ code: 'custom', message: 'must be an https:// server address' });
      return z.NEVER;
    }
    return url.origin;
  });

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const desktopSettingsSchema = z
  .object({
    /** Which server the app talks to. */
    server: z.enum(['hosted', 'built-in']),
    /** The hosted server, kept while the built-in one is in use so switching back is one click. */
    hostedUrl: hostedServerUrlSchema.nullable(),
    builtInReach: z.enum(BUILT_IN_REACH),
    /** Text copied from a revealed note leaves the clipboard after a minute if still there. */
    clearClipboard: z.boolean(),
  })
  .refine((settings) => settings.server !== 'hosted' || settings.hostedUrl !== null, {
    message: 'a hosted server needs its address',
    path: ['hostedUrl'],
  });
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

/** First start: the built-in server, reachable from this computer only, until a server is set. */
export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = {
  server: 'built-in',
  hostedUrl: null,
  builtInReach: 'this-computer',
  clearClipboard: true,
};

/** How long copied note text may stay on the clipboard when `clearClipboard` is on. */
export const CLIPBOARD_CLEAR_MS = 60_000;

/**
 * Where the renderer sends API calls and the socket, and which origin its share links carry.
 * `linkReach` says who can open those links, so the share panel can warn before copying.
 */
export const serverConnectionSchema = z.object({
  mode: z.enum(['hosted', 'built-in']),
  apiOrigin: z.string(),
  publicOrigin: z.string(),
  linkReach: z.enum(['anyone', ...BUILT_IN_REACH]),
});
export type ServerConnection = z.infer<typeof serverConnectionSchema>;

/** Why a server could not be switched to; the renderer words each one. */
export const SERVER_SWITCH_PROBLEMS = [
  'invalid-url',
  'unreachable',
  'not-ashnote',
  'unhealthy',
  'origin-refused',
  'built-in-failed',
] as const;
export type ServerSwitchProblem = (typeof SERVER_SWITCH_PROBLEMS)[number];

export const serverSwitchResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), connection: serverConnectionSchema }),
  z.object({ ok: z.literal(false), problem: z.enum(SERVER_SWITCH_PROBLEMS) }),
]);
export type ServerSwitchResult = z.infer<typeof serverSwitchResultSchema>;
