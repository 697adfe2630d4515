import { ipcRenderer } from 'electron';
import { DESKTOP_CHANNELS, type DesktopVersions } from '../../shared/desktop-bridge.ts';

/**
 * Everything the renderer may ask of the desktop shell, one named function per capability
 * (never a generic send/on): the renderer's platform layer types itself from `typeof api`.
 * Main re-validates every argument; nothing here is trusted by main.
 */

/** App, Electron and Chromium versions, for an About screen. */
function versions(): Promise<DesktopVersions> {
  return ipcRenderer.invoke(DESKTOP_CHANNELS.versions) as Promise<DesktopVersions>;
}

/**
 * Puts text on the system clipboard. The text is often a secret (a note link with its key, a
 * decrypted note): it is passed straight through and must never be logged on either side.
 */
async function copyText(text: string): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.clipboardWrite, text);
}

/** Opens an https:// address in the system browser; anything else is refused by main. */
async function openExternal(url: string): Promise<void> {
  await ipcRenderer.invoke(DESKTOP_CHANNELS.openExternal, url);
}

export const api = {
  platform: 'desktop',
  versions,
  copyText,
  openExternal,
} as const;

export type DesktopBridge = typeof api;
