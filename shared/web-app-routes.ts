import { noteIdSchema } from './api/notes.ts';
import { requestIdSchema } from './api/requests.ts';

/**
 * The web app's pages, as patterns (`:name` is one non-empty path segment). The server answers
 * the app for every other path too, since the app shows its own "Page Not Found" (or, under
 * `/note/`, "Invalid Note URL"), but with status 404, so that a crawler, a link checker or a
 * script is not told that a missing page exists. renderer/src/app/routes.tsx declares the same
 * routes; backend/src/http/web-app-routes.test.ts keeps the two the same.
 */
export const WEB_APP_ROUTES = [
  '/',
  '/features',
  '/security',
  '/privacy',
  '/terms',
  '/note/:id',
  '/s/:id',
  '/request',
  '/r/:id',
  '/r/:id/open',
  '/chat',
  '/chat/:sessionId',
  '/faq',
  '/developers',
  '/blog',
  '/blog/:id',
  '/analytics',
  '/mobile',
  '/mobile/chat',
  '/mobile/request',
  '/mobile/settings',
  '/mobile-chat/:sessionId',
] as const;

export type WebAppRoute = (typeof WEB_APP_ROUTES)[number];

/**
 * Checks of a pattern's parameters, where one is known: a note link, the sender's status link of
 * a note, and a request link name a possible note or request.
 */
const isNoteId = (id: string) => noteIdSchema.safeParse(id).success;
const isRequestId = (id: string) => requestIdSchema.safeParse(id).success;
const PARAMETER_CHECKS: Record<string, (value: string) => boolean> = {
  '/note/:id': isNoteId,
  '/s/:id': isNoteId,
  '/r/:id': isRequestId,
  '/r/:id/open': isRequestId,
};

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

/** The pattern of the app's page at this (decoded) path, if it has one; a trailing slash changes nothing. */
export function webAppRouteOf(pathname: string): WebAppRoute | null {
  const segments = segmentsOf(pathname);
  const matches = (pattern: WebAppRoute) => {
    const parts = segmentsOf(pattern);
    if (parts.length !== segments.length) return false;
    if (!parts.every((part, i) => part.startsWith(':') || part === segments[i])) return false;
    const check = PARAMETER_CHECKS[pattern];
    return check === undefined || check(segments[parts.findIndex((part) => part.startsWith(':'))]!);
  };
  return WEB_APP_ROUTES.find(matches) ?? null;
}

/** Whether the app has a page at this (decoded) path. */
export function isWebAppPage(pathname: string): boolean {
  return webAppRouteOf(pathname) !== null;
}

/**
 * The pages the build renders to HTML ahead of time, in every language (scripts/prerender.ts),
 * so a visitor sees them before any script has run. The blog's pages, whose content is in the
 * database, the server renders (backend/src/http/rendered-pages.ts); pages whose content is
 * secret or the visitor's own (a room, a request) are rendered by the app alone.
 *
 * A note link's page is rendered as every note's first screen, "Opening note…" while its check
 * runs: the same whatever the note, and nothing of it (its id, its key) is in the page.
 */
export const PRERENDERED_ROUTES = [
  '/',
  '/features',
  '/security',
  '/privacy',
  '/terms',
  '/note/:id',
  '/request',
  '/chat',
  '/faq',
  '/developers',
  '/mobile',
  '/mobile/chat',
  '/mobile/request',
  '/mobile/settings',
] as const;

/** The pages the server renders on request, from its database (backend/src/blog/blog-pages.ts). */
export const SERVER_RENDERED_ROUTES = ['/blog', '/blog/:id'] as const;

/**
 * What the build leaves in a pre-rendered page for the server to fill in on each answer: the
 * style nonce of that answer's CSP, and the server's public origin (in the page's addresses).
 */
export const STYLE_NONCE_PLACEHOLDER = '__STYLE_NONCE__';
export const ORIGIN_PLACEHOLDER = '__PUBLIC_ORIGIN__';

/** The folder of the web bundle holding them; never served as files of its own. */
export const PRERENDERED_DIR = 'prerendered';

/** Where, under PRERENDERED_DIR, the page for `route` (a pattern) in `language` is kept. */
export function prerenderedFile(route: string, language: string): string {
  const name = route === '/' ? 'index' : route.slice(1).replaceAll(':', '_');
  return `${language}/${name}.html`;
}
