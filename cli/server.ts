import { noteIdSchema } from '../shared/api/notes.ts';
import { fillRoute } from '../shared/api/paths.ts';
import type { WEB_APP_ROUTES } from '../shared/web-app-routes.ts';
import { usageFailure } from './failure.ts';

/**
 * Which server the command talks to, and the links it makes and reads. A note link is
 * `https://HOST/note/ID#KEY` (DESIGN §1); the key is only ever in the fragment, which this
 * command, like a browser, never sends anywhere.
 */

/** Every link's key (K_link, K_status, a request's X25519 key): 32 bytes as 43 base64url characters. */
const LINK_KEY = /^[A-Za-z0-9_-]{43}$/;

/** An Ashnote server's base address: its origin and, behind a proxy, the path it is mounted on. */
export interface Server {
  /** e.g. `https://notes.example.org` or `https://example.org/ashnote`, no trailing slash. */
  base: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain http sends the ciphertext and the proof in the clear, and lets anyone on the path swap
 * the server's answers: allowed only to this computer unless the user says `--insecure`.
 */
function checkScheme(url: URL, insecure: boolean): void {
  if (url.protocol === 'https:') return;
  if (url.protocol !== 'http:') {
    throw usageFailure(`Unsupported address ${url.protocol}//…: use an https:// server address.`);
  }
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || insecure) return;
  throw usageFailure(
    `Refusing plain http to ${url.host}: use https://, or pass --insecure if you really mean it.`,
  );
}

/** `--server`, else `ASHNOTE_SERVER`; there is no public instance to fall back on. */
export function resolveServer(
  option: string | undefined,
  env: NodeJS.ProcessEnv,
  insecure: boolean,
): Server {
  const given = option ?? env.ASHNOTE_SERVER;
  if (given === undefined || given.trim() === '') {
    throw usageFailure('No server: pass --server URL or set ASHNOTE_SERVER.');
  }
  let url: URL;
  try {
    url = new URL(given.trim());
  } catch {
    throw usageFailure(`Not a server address: ${given.trim()} (expected https://HOST).`);
  }
  checkScheme(url, insecure);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw usageFailure('The server address must not carry a query, a fragment or credentials.');
  }
  return { base: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/**
 * The four links the command makes and reads, as the web app's pages name them: a note, its
 * sender's status link, a request (to answer) and its claim link (to read the answer). The key
 * in the fragment is K_link, K_status, the request's public key or its private key.
 */
export type LinkKind = 'note' | 'status' | 'request' | 'claim';

const LINK_ROUTES = {
  note: '/note/:id',
  status: '/s/:id',
  request: '/r/:id',
  claim: '/r/:id/open',
} as const satisfies Record<LinkKind, (typeof WEB_APP_ROUTES)[number]>;

/** How each link is named to the user. */
const LINK_NAMES: Record<LinkKind, string> = {
  note: 'note link',
  status: 'status link',
  request: 'request link',
  claim: 'claim link',
};

/** The command each link is for, to point a user who gave it to the wrong one. */
const LINK_COMMANDS: Record<LinkKind, string> = {
  note: 'ashnote read',
  status: 'ashnote status (or burn)',
  request: 'ashnote answer',
  claim: 'ashnote read',
};

const linkForm = (kind: LinkKind) =>
  `https://HOST${fillRoute(LINK_ROUTES[kind], { id: 'ID' })}#KEY`;

/** `<base path>` then the route, its id one segment; a trailing slash changes nothing. */
const LINK_PATHS = Object.entries(LINK_ROUTES).map(([kind, route]) => ({
  kind: kind as LinkKind,
  pattern: new RegExp(`^(.*)${route.replace(':id', '([^/]+)')}/?$`),
}));

export function makeLink(server: Server, kind: LinkKind, id: string, key: string): string {
  return `${server.base}${fillRoute(LINK_ROUTES[kind], { id })}#${key}`;
}

export interface Link {
  kind: LinkKind;
  server: Server;
  /** The note's or the request's id (the answer is a note under the request's id). */
  id: string;
  key: string;
}

/**
 * Which of the links a path is, and its base and id (no path matches two routes). The id is
 * taken as it stands: an id is base64url, so an escaped one is no id, and decoding it could throw.
 */
function matchPath(pathname: string): { kind: LinkKind; base: string; id: string } | null {
  for (const { kind, pattern } of LINK_PATHS) {
    const match = pattern.exec(pathname);
    if (match !== null) return { kind, base: match[1]!, id: match[2]! };
  }
  return null;
}

/**
 * A pasted link of one of the `expected` kinds, taken apart; a damaged one, or one meant for
 * another command, is a usage error, before any request. The server is the link's own.
 */
export function parseLink(
  text: string,
  expected: readonly [LinkKind, ...LinkKind[]],
  insecure: boolean,
): Link {
  const [first, ...others] = expected;
  const alternatives = others.map((kind) => ` (or a ${LINK_NAMES[kind]}, ${linkForm(kind)})`);
  const malformed = usageFailure(
    `Not a ${LINK_NAMES[first]}: expected ${linkForm(first)}${alternatives.join('')}, copied whole.`,
  );
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw malformed;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw malformed;
  const path = matchPath(url.pathname);
  if (path === null || url.search !== '' || url.username !== '') throw malformed;
  if (!noteIdSchema.safeParse(path.id).success) throw malformed;
  if (!expected.includes(path.kind)) {
    throw usageFailure(
      `That is a ${LINK_NAMES[path.kind]}: use it with ${LINK_COMMANDS[path.kind]}.`,
    );
  }
  const key = url.hash.slice(1);
  if (key === '') {
    throw usageFailure('The link has no key (the part after #): copy the whole link.');
  }
  if (!LINK_KEY.test(key)) {
    throw usageFailure('The link is damaged: its key (the part after #) is not 43 characters.');
  }
  checkScheme(url, insecure);
  return { kind: path.kind, server: { base: `${url.origin}${path.base}` }, id: path.id, key };
}
