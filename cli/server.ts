import { noteIdSchema } from '../shared/api/notes.ts';
import { usageFailure } from './failure.ts';

/**
 * Which server the command talks to, and the note links it makes and reads. A note link is
 * `https://HOST/note/ID#KEY` (DESIGN §1); the key is only ever in the fragment, which this
 * command, like a browser, never sends anywhere.
 */

/** K_link: 32 bytes as 43 base64url characters. */
const LINK_KEY = /^[A-Za-z0-9_-]{43}$/;
const NOTE_PATH = /^(.*)\/note\/([^/]+)\/?$/;

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

export function noteLink(server: Server, noteId: string, linkKey: string): string {
  return `${server.base}/note/${noteId}#${linkKey}`;
}

export interface NoteLink {
  server: Server;
  noteId: string;
  linkKey: string;
}

/** A pasted note link, taken apart; a damaged one is a usage error, before any request. */
export function parseNoteLink(text: string, insecure: boolean): NoteLink {
  const malformed = usageFailure(
    'Not a note link: expected https://HOST/note/ID#KEY, copied whole.',
  );
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw malformed;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw malformed;
  const match = NOTE_PATH.exec(url.pathname);
  if (match === null || url.search !== '' || url.username !== '') throw malformed;
  const noteId = decodeURIComponent(match[2]!);
  if (!noteIdSchema.safeParse(noteId).success) throw malformed;
  const linkKey = url.hash.slice(1);
  if (linkKey === '') {
    throw usageFailure('The link has no key (the part after #): copy the whole link.');
  }
  if (!LINK_KEY.test(linkKey)) {
    throw usageFailure('The link is damaged: its key (the part after #) is not 43 characters.');
  }
  checkScheme(url, insecure);
  return { server: { base: `${url.origin}${match[1]}` }, noteId, linkKey };
}
