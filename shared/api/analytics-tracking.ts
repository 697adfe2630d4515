/**
 * What the browser's tracker shares with the server, kept free of schema code: the tracker runs
 * on every page, so this file is part of the home page's bundle (the schemas in ./analytics.ts
 * load only where they are used).
 */

export const VISITOR_ID_LENGTH = 16;
export const SESSION_ID_LENGTH = 12;
export const VISITOR_ID_HEADER = 'X-Visitor-ID';
export const SESSION_ID_HEADER = 'X-Session-ID';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
export const BROWSER_FAMILIES = ['chrome', 'edge', 'firefox', 'safari', 'opera', 'other'] as const;

/**
 * Paths that carry an id (a note's, a room's, a request's) are recorded by their shape only: a
 * page view must not leave a trace of which note, room or request was opened. Query strings and
 * fragments never count. A request's claim page is told from its answer page.
 */
const ID_ROUTES = [
  /^\/note\/[^/]+/,
  /^\/s\/[^/]+/,
  /^\/chat\/[^/]+/,
  /^\/mobile-chat\/[^/]+/,
  /^\/r\/[^/]+\/open/,
  /^\/r\/[^/]+/,
] as const;
const ID_ROUTE_SHAPES = [
  '/note/:id',
  '/s/:id',
  '/chat/:id',
  '/mobile-chat/:id',
  '/r/:id/open',
  '/r/:id',
] as const;

export function analyticsPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  for (const [index, pattern] of ID_ROUTES.entries()) {
    if (pattern.test(path)) return ID_ROUTE_SHAPES[index]!;
  }
  return path === '' ? '/' : path;
}

/** What the client may report as used; anything else is refused. */
export const ANALYTICS_EVENTS = ['note_link_copied', 'chat_link_copied'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** Longest session duration counted; a tab left open for days is not a session of days. */
export const MAX_SESSION_SECONDS = 86_400;
