import { API_PREFIX, WS_PATH } from '../../../shared/api/paths.ts';
import { routePaths } from '../app/paths.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `prefix` itself and everything under it. */
function underPath(prefix: string): RegExp {
  return new RegExp(`^${escapeRegExp(prefix.replace(/\/$/, ''))}(?:/|$)`);
}

/** Everything strictly below `prefix/`, not the bare path (`/chat/ID` but not `/chat`). */
function belowPath(prefix: string): RegExp {
  return new RegExp(`^${escapeRegExp(prefix)}.`);
}

/**
 * Navigations the service worker must never answer with the cached app shell, even offline:
 * - the API and the socket are the server's own (an e-mail's unsubscribe link is a navigation
 *   to /api), never the app;
 * - a note or chat link carries its key in the fragment, and the opened page removes that key
 *   from the address bar before its first request. Offline, the shell would do that and then
 *   fail, and the key would be gone from the tab; the browser's own offline page keeps the
 *   link intact so that a reload works once the connection is back.
 * Matched against path + query, as Workbox's NavigationRoute does.
 */
export const NETWORK_ONLY_NAVIGATIONS: RegExp[] = [
  underPath(API_PREFIX),
  underPath(WS_PATH),
  belowPath(routePaths.note('')),
  belowPath(routePaths.chatRoom('')),
  belowPath(routePaths.mobileChatRoom('')),
];
