import type { DesktopBridge } from './desktop.ts';
import { webPlatform } from './web.ts';

export type { CopyOptions, Platform, ServerEndpoints, ShareData } from './Platform.ts';

/** The only place that reads the preload bridge; everything else asks `platform`. */
function findDesktopBridge(): DesktopBridge | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as Window & { ashnote?: DesktopBridge }).ashnote;
}

const bridge = findDesktopBridge();

/**
 * Ready before any feature module runs (a top-level await): on desktop the server in use is one
 * IPC round trip away, and every API call, socket and link needs it.
 */
export const platform = bridge
  ? // The desktop code (and the schemas it checks main's answers with) only where it runs.
    await (await import('./desktop.ts')).createDesktopPlatform(bridge)
  : webPlatform;

/**
 * A link to give to someone: a route (with its key in the fragment) on the public origin of the
 * server in use, so it opens in any browser that can reach that server. The one place share
 * links are made.
 */
export function shareLink(routeWithFragment: string): string {
  return new URL(routeWithFragment, platform.server.publicOrigin).href;
}
