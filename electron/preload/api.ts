import { ipcRenderer, type IpcRendererEvent } from 'electron';
import { DESKTOP_CHANNELS, DESKTOP_EVENTS, type MenuLabels } from '../../shared/desktop-bridge.ts';
import type {
  BuiltInReach,
  DesktopSettings,
  ServerConnection,
  ServerSwitchResult,
} from '../../shared/desktop-settings.ts';

/**
 * Everything the renderer may ask of the desktop shell, one named function per capability
 * (never a generic send/on): the renderer's platform layer types itself from `typeof api`.
 * Main re-validates every argument; nothing here is trusted by main.
 */

/**
 * Puts text on the system clipboard. The text is often a secret (a note link with its key, a
 * decrypted note): it is passed straight through and must never be logged on either side.
 */
async function copyText(text: string): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.clipboardWrite, text);
}

/** The same for a revealed note's text, which main clears from the clipboard after a while. */
async function copySensitiveText(text: string): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.clipboardWriteSensitive, text);
}

/** Opens an https:// address in the system browser; anything else is refused by main. */
async function openExternal(url: string): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.openExternal, url);
}

function settings(): Promise<DesktopSettings> {
  return ipcRenderer.invoke(DESKTOP_CHANNELS.settingsGet) as Promise<DesktopSettings>;
}

/** The server in use; null only while the built-in server is restarting. */
function serverConnection(): Promise<ServerConnection | null> {
  return ipcRenderer.invoke(DESKTOP_CHANNELS.serverConnection) as Promise<ServerConnection | null>;
}

/** Checks the server, then switches to it; says why not otherwise. */
function useHostedServer(address: string): Promise<ServerSwitchResult> {
  return ipcRenderer.invoke(
    DESKTOP_CHANNELS.useHostedServer,
    address,
  ) as Promise<ServerSwitchResult>;
}

function useBuiltInServer(reach: BuiltInReach): Promise<ServerSwitchResult> {
  return ipcRenderer.invoke(
    DESKTOP_CHANNELS.useBuiltInServer,
    reach,
  ) as Promise<ServerSwitchResult>;
}

async function setClearClipboard(on: boolean): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.setClearClipboard, on);
}

/** Keeps the window out of screenshots and screen sharing (Windows and macOS) while on. */
async function setContentProtection(on: boolean): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.contentProtection, on);
}

/** The native menu's words in the renderer's language. */
async function setMenuLabels(labels: MenuLabels): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.menuLabels, labels);
}

/**
 * Routes main asks the page to show (a deep link, a menu item). Only the path reaches the
 * listener, never the IPC event. Returns the unsubscribe function.
 */
function onOpenPath(listener: (path: string) => void): () => void {
  const forward = (_event: IpcRendererEvent, path: unknown) => {
    if (typeof path === 'string' && path.startsWith('/')) listener(path);
  };
  ipcRenderer.on(DESKTOP_EVENTS.openPath, forward);
  return () => {
    ipcRenderer.removeListener(DESKTOP_EVENTS.openPath, forward);
  };
}

export const api = {
  platform: 'desktop',
  copyText,
  copySensitiveText,
  openExternal,
  settings,
  serverConnection,
  useHostedServer,
  useBuiltInServer,
  setClearClipboard,
  setContentProtection,
  setMenuLabels,
  onOpenPath,
} as const;

export type DesktopBridge = typeof api;
