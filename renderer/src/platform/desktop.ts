import type { DesktopBridge } from '../../../electron/preload/api.ts';
import { assertExternalUrl } from './Platform.ts';
import type { Platform } from './Platform.ts';

export type { DesktopBridge };

/**
 * The desktop app, through the preload bridge (`window.ashnote`, typed from the preload itself
 * so the two cannot drift). Main validates every argument again; the text handed to `copyText`
 * is often a secret and is never logged.
 */
export function createDesktopPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: 'desktop',
    copyText: (text) => bridge.copyText(text),
    openExternal: async (url) => {
      await bridge.openExternal(assertExternalUrl(url).href);
    },
  };
}
