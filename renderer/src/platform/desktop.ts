import type { DesktopBridge } from '../../../electron/preload/api.ts';
import { appPathFromLink } from '../../../shared/desktop-links.ts';
import { DESKTOP_APP_ORIGIN } from '../../../shared/desktop-origin.ts';
import {
  desktopSettingsSchema,
  serverConnectionSchema,
  serverSwitchResultSchema,
} from '../../../shared/desktop-settings.ts';
import type { ServerConnection } from '../../../shared/desktop-settings.ts';
import { assertExternalUrl, socketUrlFor } from './Platform.ts';
import type { Platform, ServerEndpoints } from './Platform.ts';

export type { DesktopBridge };

/** What the page is told when no server answers (the built-in one restarting): calls fail. */
const NO_SERVER: ServerConnection = {
  mode: 'built-in',
  apiOrigin: DESKTOP_APP_ORIGIN,
  publicOrigin: DESKTOP_APP_ORIGIN,
  linkReach: 'this-computer',
};

export function endpointsFor(connection: ServerConnection): ServerEndpoints {
  return {
    apiBase: connection.apiOrigin,
    publicOrigin: connection.publicOrigin,
    socketUrl: socketUrlFor(connection.apiOrigin),
    linkReach: connection.linkReach,
  };
}

/** Whether a paste lands in something that takes text (where it must keep its usual meaning). */
function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}

/**
 * A link of the server in use (or an ashnote:// link) pasted anywhere but into a text field
 * opens in the app. The text is read from the paste event only and never stored or logged.
 */
function onPastedLink(publicOrigin: string, listener: (path: string) => void): () => void {
  const onPaste = (event: ClipboardEvent) => {
    if (isEditable(event.target)) return;
    const path = appPathFromLink(event.clipboardData?.getData('text/plain') ?? '', publicOrigin);
    if (path === null) return;
    event.preventDefault();
    listener(path);
  };
  document.addEventListener('paste', onPaste);
  return () => document.removeEventListener('paste', onPaste);
}

/**
 * The desktop app, through the preload bridge (`window.ashnote`, typed from the preload itself
 * so the two cannot drift). The server in use is asked once per page: switching servers reloads
 * the page, which also gives it the content policy for the new server. Main validates every
 * argument again; text handed to `copyText` is often a secret and is never logged.
 */
export async function createDesktopPlatform(bridge: DesktopBridge): Promise<Platform> {
  // Main's answers are checked with the same schemas main is typed by.
  const connection =
    serverConnectionSchema.nullable().parse(await bridge.serverConnection()) ?? NO_SERVER;
  return {
    kind: 'desktop',
    server: endpointsFor(connection),
    copyText: (text, options) =>
      options?.sensitive ? bridge.copySensitiveText(text) : bridge.copyText(text),
    openExternal: async (url) => {
      await bridge.openExternal(assertExternalUrl(url).href);
    },
    setContentProtection: (on) => void bridge.setContentProtection(on),
    onOpenPath: (listener) => {
      const fromShell = bridge.onOpenPath(listener);
      const fromPaste = onPastedLink(connection.publicOrigin, listener);
      return () => {
        fromShell();
        fromPaste();
      };
    },
    setMenuLabels: (labels) => void bridge.setMenuLabels(labels),
    settings: {
      load: async () => desktopSettingsSchema.parse(await bridge.settings()),
      useHostedServer: async (address) =>
        serverSwitchResultSchema.parse(await bridge.useHostedServer(address)),
      useBuiltInServer: async (reach) =>
        serverSwitchResultSchema.parse(await bridge.useBuiltInServer(reach)),
      setClearClipboard: (on) => bridge.setClearClipboard(on),
    },
  };
}
