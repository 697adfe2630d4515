import { TAG_BYTES } from './crypto/protocol.ts';

/**
 * Every business constant in one place (DESIGN §5): the server enforces these, `/api/config`
 * announces them and the UI texts quote them, so no screen can disagree with another.
 */

export const MIN_AGE = 17;

export const NOTE_MAX_CHARS = 50_000;
export const NOTE_MAX_IMAGES = 5;
/** Per image, measured before encryption. */
export const NOTE_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Files a note may carry (DESIGN §3, files). */
export const NOTE_MAX_FILES = 10;
/**
 * A file's plaintext is encrypted in chunks of this many bytes (the last may be shorter), each
 * stored and sent as its own ciphertext (shared/crypto/note-files.ts). Part of protocol v1.
 */
export const FILE_CHUNK_BYTES = 65_536;
/** What AES-GCM adds to each chunk: its tag. */
export const FILE_CHUNK_TAG_BYTES = TAG_BYTES;
/** The files of one note together, before encryption, unless the operator sets NOTE_MAX_FILE_BYTES. */
export const DEFAULT_NOTE_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The most NOTE_MAX_FILE_BYTES may be set to. */
export const NOTE_MAX_FILE_BYTES_CEILING = 1024 * 1024 * 1024;

/** How many chunks a file of `size` bytes is sent in: an empty file is one empty chunk. */
export function fileChunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / FILE_CHUNK_BYTES));
}

/** The plaintext bytes in chunk `index` of a file of `size` bytes. */
export function fileChunkPlaintextBytes(size: number, index: number): number {
  return index < fileChunkCount(size) - 1 ? FILE_CHUNK_BYTES : size - index * FILE_CHUNK_BYTES;
}

/** The bytes chunk `index` of a file of `size` bytes has on the wire: its ciphertext and tag. */
export function fileChunkWireBytes(size: number, index: number): number {
  return fileChunkPlaintextBytes(size, index) + FILE_CHUNK_TAG_BYTES;
}

/** Unread notes never outlive this, whatever expiry was chosen. */
export const NOTE_MAX_LIFETIME_DAYS = 30;
export const NOTE_MAX_PROOF_ATTEMPTS = 10;
/** The longest reference a sender may give a read receipt ("contract for Lea"). */
export const NOTE_REFERENCE_MAX_CHARS = 100;
/** A request's label ("VPN password for Lea"), before encryption. */
export const REQUEST_LABEL_MAX_CHARS = 200;

/** Every life a note can be given, shortest first; a server offers all or some (NOTE_EXPIRATIONS). */
export const NOTE_EXPIRATIONS = ['5m', '15m', '1h', '1d', '7d', '30d'] as const;
export type NoteExpiration = (typeof NOTE_EXPIRATIONS)[number];
/** The form's initial and after-reset choice (DESIGN §5), wherever the server offers it. */
export const DEFAULT_NOTE_EXPIRATION: NoteExpiration = '1d';
export const NOTE_EXPIRATION_SECONDS: Record<NoteExpiration, number> = {
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '1d': 86_400,
  '7d': 7 * 86_400,
  '30d': 30 * 86_400,
};

/**
 * The choice a form starts with on a server offering `offered` (a non-empty list): the default
 * where offered, else the longest offered life within it (the safer side), else the shortest.
 */
export function defaultExpirationOf(offered: readonly NoteExpiration[]): NoteExpiration {
  if (offered.includes(DEFAULT_NOTE_EXPIRATION)) return DEFAULT_NOTE_EXPIRATION;
  const limit = NOTE_EXPIRATION_SECONDS[DEFAULT_NOTE_EXPIRATION];
  const byLength = NOTE_EXPIRATIONS.filter((life) => offered.includes(life));
  const shorter = byLength.filter((life) => NOTE_EXPIRATION_SECONDS[life] <= limit);
  return shorter.at(-1) ?? byLength[0]!;
}

export const CHAT_DURATIONS = ['5', '15', '30', '60'] as const;
export type ChatDuration = (typeof CHAT_DURATIONS)[number];
export const DEFAULT_CHAT_DURATION: ChatDuration = '15';
export const CHAT_MAX_PARTICIPANTS = 2;
export const CHAT_MESSAGE_MAX_CHARS = 1000;
/** A dropped participant keeps their slot this long. */
export const CHAT_REJOIN_GRACE_SECONDS = 30;

/** Security events (keyed client hashes, never addresses) are kept this long, then deleted. */
export const SECURITY_EVENT_DAYS = 90;
/** Analytics rows (page views, sessions, counters) are deleted after this many days. */
export const ANALYTICS_RETENTION_DAYS = 90;

/** Digits in a newsletter verification code (seed §9). */
export const NEWSLETTER_CODE_LENGTH = 5;
/** How long a verification code is valid (seed §9). */
export const NEWSLETTER_CODE_VALID_MINUTES = 15;
/** Wrong tries at one code before it is dead and a new one must be asked for. */
export const NEWSLETTER_CODE_MAX_ATTEMPTS = 5;
/** At most one code mail per address this often. */
export const NEWSLETTER_RESEND_SECONDS = 60;

/**
 * JSON request bodies above this are refused with 413 before parsing. Sized for the largest
 * legitimate note: 5 images of 10 MB, base64url-encoded (4/3) plus envelope overhead.
 */
export const MAX_JSON_BODY_BYTES = Math.ceil(
  ((NOTE_MAX_IMAGES * NOTE_MAX_IMAGE_BYTES + NOTE_MAX_CHARS * 4) * 4) / 3 + 1024 * 1024,
);

/** WebSocket frames above this are refused; keeps relayed payloads inside NOTIFY's 8,000 bytes. */
export const MAX_WS_FRAME_BYTES = 6 * 1024;
