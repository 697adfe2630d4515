import { chatRoomIdSchema } from './api/chat.ts';
import { noteIdSchema } from './api/notes.ts';
import { requestIdSchema } from './api/requests.ts';

/**
 * Links the desktop app opens itself: `ashnote://note/ID#KEY`, `ashnote://chat/ID#KEY`,
 * `ashnote://s/ID#KEY` (a sender's status link), a request's two links (`ashnote://r/ID#KEY` to
 * answer it, `ashnote://r/ID/open#KEY` to claim the answer), and the configured server's own https
 * links to any of these. Used by main (launch arguments,
 * macOS open-url, a second launch) and by the renderer (a pasted link). Parsing only: nothing
 * here logs or stores the link, whose fragment is a key.
 */

export const DEEP_LINK_SCHEME = 'ashnote';

/** K_link, K_status, K_room and a request's keys: 32 bytes in base64url without padding. */
const LINK_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Each kind of link, and the one page below an id it may name (a request's claim, `open`). */
const KINDS: Record<
  string,
  { path: string; id: { safeParse(value: string): { success: boolean } }; page?: string }
> = {
  note: { path: 'note', id: noteIdSchema },
  s: { path: 's', id: noteIdSchema },
  chat: { path: 'chat', id: chatRoomIdSchema },
  'mobile-chat': { path: 'mobile-chat', id: chatRoomIdSchema },
  r: { path: 'r', id: requestIdSchema, page: 'open' },
};

/** The app route to show, e.g. `/note/ID#KEY`; null when the text is not such a link. */
export function appPathFromLink(text: string, serverOrigin: string | null): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  let kind: string;
  let id: string;
  let page: string | undefined;
  if (url.protocol === `${DEEP_LINK_SCHEME}:`) {
    // ashnote://note/ID: the kind is the URL's host, the id the first path segment.
    const segments = url.pathname.split('/').filter((segment) => segment !== '');
    if (segments.length < 1 || segments.length > 2 || url.port !== '' || url.username !== '') {
      return null;
    }
    kind = url.hostname;
    [id, page] = segments as [string, string | undefined];
  } else if (serverOrigin !== null && sameOrigin(url, serverOrigin)) {
    const match = /^\/([a-z-]+)\/([^/]+)(?:\/([a-z]+))?\/?$/.exec(url.pathname);
    if (match === null || url.search !== '') return null;
    kind = match[1]!;
    id = match[2]!;
    page = match[3];
  } else {
    return null;
  }
  if (!Object.hasOwn(KINDS, kind)) return null;
  const target = KINDS[kind]!;
  const key = url.hash.slice(1);
  if (!target.id.safeParse(id).success || !LINK_KEY.test(key)) return null;
  if (page !== undefined && page !== target.page) return null;
  return `/${target.path}/${id}${page === undefined ? '' : `/${page}`}#${key}`;
}

/**
 * Compares scheme, host and port. `URL.origin` cannot be used for this: it is "null" for
 * non-special schemes such as the app's own `app://ashnote` in Node.
 */
export function sameOrigin(url: URL, origin: string): boolean {
  let expected: URL;
  try {
    expected = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === expected.protocol && url.host === expected.host;
}
