import { z } from 'zod';
import { NOTE_MAX_CHARS } from './limits.ts';

/**
 * The wire contract of the desktop preload bridge (STYLE.md habit 3): the preload invokes these
 * channels and nothing else, and the main process validates every argument with the schema of
 * its channel before acting, because a compromised renderer can send anything.
 */

export const DESKTOP_CHANNELS = {
  versions: 'app:versions',
  clipboardWrite: 'clipboard:write',
  openExternal: 'shell:open-external',
} as const;
export type DesktopChannel = (typeof DESKTOP_CHANNELS)[keyof typeof DESKTOP_CHANNELS];

/** A whole note even if every character is a surrogate pair; more is never legitimate. */
export const CLIPBOARD_MAX_CHARS = NOTE_MAX_CHARS * 2;
export const EXTERNAL_URL_MAX_CHARS = 2048;

/**
 * An address the desktop app may hand to the system browser: https only (never file:,
 * javascript: or a custom scheme that launches another program), with a host and without
 * embedded credentials. The output is the parsed, canonical form, so what is opened is exactly
 * what was checked.
 */
export const externalUrlSchema = z
  .string()
  .max(EXTERNAL_URL_MAX_CHARS)
  .transform((value, ctx) => {
    const url = parseUrl(value);
    if (
      url === null ||
      url.protocol !== 'https:' ||
      url.hostname === '' ||
      url.username !== '' ||
      url.password !== ''
    ) {
      ctx.addIssue({ code: 'custom', message: 'must be an https:// URL without credentials' });
      return z.NEVER;
    }
    return url.href;
  });

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Arguments of each channel, as a tuple: extra arguments are refused, not ignored. */
export const desktopArgsSchemas = {
  [DESKTOP_CHANNELS.versions]: z.tuple([]),
  [DESKTOP_CHANNELS.clipboardWrite]: z.tuple([z.string().max(CLIPBOARD_MAX_CHARS)]),
  [DESKTOP_CHANNELS.openExternal]: z.tuple([externalUrlSchema]),
} as const satisfies Record<DesktopChannel, z.ZodType<unknown[]>>;

export const desktopVersionsSchema = z.object({
  app: z.string(),
  electron: z.string(),
  chrome: z.string(),
});
export type DesktopVersions = z.infer<typeof desktopVersionsSchema>;
