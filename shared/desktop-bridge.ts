import { z } from 'zod';
import { BUILT_IN_REACH } from './desktop-settings.ts';
import { MENU_LABEL_KEYS, type MenuLabelKey } from './desktop-menu.ts';
import { NOTE_MAX_CHARS } from './limits.ts';

/**
 * The wire contract of the desktop preload bridge (STYLE.md habit 3): the preload invokes these
 * channels and nothing else, and the main process validates every argument with the schema of
 * its channel before acting, because a compromised renderer can send anything.
 */

export const DESKTOP_CHANNELS = {
  clipboardWrite: 'clipboard:write',
  /** Like clipboardWrite, for a revealed note's text: cleared after a while if the setting says so. */
  clipboardWriteSensitive: 'clipboard:write-sensitive',
  openExternal: 'shell:open-external',
  settingsGet: 'settings:get',
  serverConnection: 'server:connection',
  useHostedServer: 'server:use-hosted',
  useBuiltInServer: 'server:use-built-in',
  setClearClipboard: 'settings:set-clear-clipboard',
  contentProtection: 'window:content-protection',
  menuLabels: 'menu:set-labels',
} as const;
export type DesktopChannel = (typeof DESKTOP_CHANNELS)[keyof typeof DESKTOP_CHANNELS];

/** Main to renderer: show this app route (a deep link, a menu item). */
export const DESKTOP_EVENTS = {
  openPath: 'app:open-path',
} as const;

export { MENU_LABEL_KEYS, type MenuLabelKey } from './desktop-menu.ts';
export const MENU_LABEL_MAX_CHARS = 80;
export const menuLabelsSchema = z.strictObject(
  Object.fromEntries(
    MENU_LABEL_KEYS.map((key) => [key, z.string().min(1).max(MENU_LABEL_MAX_CHARS)]),
  ) as Record<MenuLabelKey, z.ZodString>,
);
export type MenuLabels = z.infer<typeof menuLabelsSchema>;

/** A whole note even if every character is a surrogate pair; more is never legitimate. */
export const CLIPBOARD_MAX_CHARS = NOTE_MAX_CHARS * 2;
export const EXTERNAL_URL_MAX_CHARS = 2048;
/** What the settings screen's address field may send (checked properly in main). */
export const SERVER_ADDRESS_INPUT_MAX_CHARS = 4096;

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
  [DESKTOP_CHANNELS.clipboardWrite]: z.tuple([z.string().max(CLIPBOARD_MAX_CHARS)]),
  [DESKTOP_CHANNELS.clipboardWriteSensitive]: z.tuple([z.string().max(CLIPBOARD_MAX_CHARS)]),
  [DESKTOP_CHANNELS.openExternal]: z.tuple([externalUrlSchema]),
  [DESKTOP_CHANNELS.settingsGet]: z.tuple([]),
  [DESKTOP_CHANNELS.serverConnection]: z.tuple([]),
  // A plain bounded string: main answers an unusable address with `invalid-url`, not a throw.
  [DESKTOP_CHANNELS.useHostedServer]: z.tuple([z.string().max(SERVER_ADDRESS_INPUT_MAX_CHARS)]),
  [DESKTOP_CHANNELS.useBuiltInServer]: z.tuple([z.enum(BUILT_IN_REACH)]),
  [DESKTOP_CHANNELS.setClearClipboard]: z.tuple([z.boolean()]),
  [DESKTOP_CHANNELS.contentProtection]: z.tuple([z.boolean()]),
  [DESKTOP_CHANNELS.menuLabels]: z.tuple([menuLabelsSchema]),
} as const satisfies Record<DesktopChannel, z.ZodType<unknown[]>>;
