import { z } from 'zod';
import {
  NOTE_EXPIRATIONS,
  NOTE_MAX_CHARS,
  NOTE_MAX_FILE_BYTES_CEILING,
  NOTE_MAX_FILES,
  NOTE_MAX_IMAGE_BYTES,
  NOTE_MAX_IMAGES,
  NOTE_REFERENCE_MAX_CHARS,
} from '../limits.ts';
import { NOTE_PBKDF2_ITERATIONS } from '../crypto/protocol.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from '../languages.ts';

/** base64url without padding, as every binary value travels (DESIGN §3). */
export const base64url = (bytes: number) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), 'invalid encoding');

/** 128 random bits, base64url: unguessable, so ids cannot be enumerated. */
export const noteIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'invalid note id');

/**
 * Largest envelope (`v1.<iv>.<ciphertext+tag>`) for a plaintext of `maxBytes`: base64url of
 * plaintext + 16-byte tag, plus a little room for the inner framing of images.
 */
export function maxEnvelopeLength(maxBytes: number): number {
  return 3 + 16 + 1 + Math.ceil(((maxBytes + 16 + 4096) * 4) / 3);
}
/** 50,000 characters of up to 4 UTF-8 bytes each. */
export const MAX_TEXT_ENVELOPE = maxEnvelopeLength(NOTE_MAX_CHARS * 4);
export const MAX_IMAGE_ENVELOPE = maxEnvelopeLength(NOTE_MAX_IMAGE_BYTES);

/** A file's metadata: a name and a type of at most a few hundred bytes each, its size and its key, as JSON. */
export const MAX_FILE_META_ENVELOPE = maxEnvelopeLength(4096);

export const envelope = z
  .string()
  .regex(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/, 'invalid envelope');

/**
 * A file of a note, as the server sees it: its metadata (name, type, size and the file's own key)
 * sealed in an envelope under K_content, and its plaintext size, which fixes how many chunks it
 * is uploaded in and how long each is (see shared/crypto/note-files.ts). The total is checked
 * against the server's NOTE_MAX_FILE_BYTES (`GET /api/config`, `limits.noteMaxFileBytes`).
 */
export const noteFileSchema = z.object({
  meta: envelope.max(MAX_FILE_META_ENVELOPE, 'file metadata too long'),
  size: z.number().int().min(0).max(NOTE_MAX_FILE_BYTES_CEILING),
});
export type NoteFile = z.infer<typeof noteFileSchema>;

/**
 * The files of a note or of a request's answer, uploaded afterwards chunk by chunk with the
 * `uploadToken` the creating call answers: the note is not readable until
 * `POST /api/notes/:id/complete` finds every chunk.
 */
export const noteFilesSchema = z
  .array(noteFileSchema)
  .max(NOTE_MAX_FILES, `At most ${NOTE_MAX_FILES} files.`)
  .default([]);

/** 32 random bytes, base64url: an upload or download token; the server keeps only its SHA-256. */
export const fileTokenSchema = base64url(32);

export const kdfSchema = z.object({
  salt: base64url(16),
  iterations: z.literal(NOTE_PBKDF2_ITERATIONS),
});
export type KdfParams = z.infer<typeof kdfSchema>;

/** `POST /api/notes`. Ciphertext and a verifier only: the server can neither read nor unlock. */
export const createNoteRequestSchema = z.object({
  content: envelope,
  verifier: base64url(32),
  /** SHA-256 of the link proof: lets the server count wrong passwords only from link holders. */
  linkVerifier: base64url(32),
  kdf: kdfSchema.nullable().default(null),
  expiration: z.enum(NOTE_EXPIRATIONS),
  emailNotification: z
    .email('Please enter a valid email address.')
    .max(254)
    .nullable()
    .default(null),
  /** The language the read receipt is written in: the sender's interface language. */
  notificationLanguage: z.enum(LANGUAGE_CODES).default(FALLBACK_LANGUAGE),
  /**
   * The sender's own words for the note ("contract for Lea"), repeated in the read receipt so a
   * sender with several notes out knows which one it is about; sealed at rest with the address.
   */
  notificationReference: z
    .string()
    .trim()
    .max(NOTE_REFERENCE_MAX_CHARS, `At most ${NOTE_REFERENCE_MAX_CHARS} characters.`)
    // One line of plain text: it goes into a mail, where a line break could fake a paragraph.
    .regex(/^\P{Cc}*$/u, 'No line breaks or control characters.')
    .nullable()
    .default(null)
    .transform((reference) => (reference === '' ? null : reference)),
  /**
   * SHA-256 of the status proof (DESIGN §3, status link): lets the sender's status link ask for
   * the note's state and destroy it. Optional so that clients made before status links (an
   * installed `ashnote` command) still create notes; those notes have no status link.
   */
  statusVerifier: base64url(32).nullable().default(null),
  attachedImages: z.array(envelope).max(NOTE_MAX_IMAGES).default([]),
  files: noteFilesSchema,
});
export type CreateNoteRequest = z.input<typeof createNoteRequestSchema>;

export const createNoteResponseSchema = z.object({
  noteId: noteIdSchema,
  expiresAt: z.string(),
  /** With files only: the bearer token for uploading their chunks and completing the note. */
  uploadToken: fileTokenSchema.optional(),
});
export type CreateNoteResponse = z.infer<typeof createNoteResponseSchema>;

/** How a note ended; `destroyed_by_sender` is the status link's "Destroy now". */
export const DESTROY_REASONS = [
  'read',
  'expired',
  'too_many_attempts',
  'destroyed_by_sender',
] as const;
export type DestroyReason = (typeof DESTROY_REASONS)[number];

export const timeAgoSchema = z.object({
  hours: z.number(),
  minutes: z.number(),
  seconds: z.number(),
});
export type TimeAgo = z.infer<typeof timeAgoSchema>;

/** `GET /api/notes/:id`: what the viewer needs to choose its screen; never burns the note. */
export const noteInfoResponseSchema = z.discriminatedUnion('isDestroyed', [
  z.object({
    success: z.literal(true),
    isDestroyed: z.literal(false),
    hasPassword: z.boolean(),
    kdf: kdfSchema.nullable(),
    expiresAt: z.string(),
    attachmentCount: z.number(),
    /** How many files the note carries (saved after the read, for an hour). */
    fileCount: z.number(),
  }),
  z.object({
    success: z.literal(true),
    isDestroyed: z.literal(true),
    reason: z.enum(DESTROY_REASONS),
    timeAgo: timeAgoSchema,
  }),
]);
export type NoteInfoResponse = z.infer<typeof noteInfoResponseSchema>;

/** `POST /api/notes/:id/verify`: the proof of key; the answer is the note, destroyed in the same step. */
export const verifyNoteRequestSchema = z.object({ proof: base64url(32), linkProof: base64url(32) });
export type VerifyNoteRequest = z.infer<typeof verifyNoteRequestSchema>;

export const verifyNoteResponseSchema = z.object({
  content: envelope,
  attachedImages: z.array(envelope),
  /** With files only: each file's sealed metadata and size, in the order they were attached. */
  files: z.array(noteFileSchema).optional(),
  /**
   * With files only: the bearer token for downloading them (`GET /api/notes/:id/files/:file`),
   * valid for an hour after the read or until `DELETE /api/notes/:id/files`.
   */
  downloadToken: fileTokenSchema.optional(),
});
export type VerifyNoteResponse = z.infer<typeof verifyNoteResponseSchema>;

/**
 * `POST /api/notes/:id/status` and `/destroy`: the status proof, in the body (URLs get logged).
 * It proves the status link, never the note link: it cannot read the note.
 */
export const noteStatusRequestSchema = z.object({ statusProof: base64url(32) });
export type NoteStatusRequest = z.infer<typeof noteStatusRequestSchema>;

/**
 * What the status link shows: waiting (with its expiry) or how and when the note ended. Times
 * are ISO 8601. Once the note's tombstone has gone (30 days after it ended) the answer is 404.
 */
export const noteStatusResponseSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting'), createdAt: z.string(), expiresAt: z.string() }),
  z.object({ state: z.literal('ended'), reason: z.enum(DESTROY_REASONS), endedAt: z.string() }),
]);
export type NoteStatusResponse = z.infer<typeof noteStatusResponseSchema>;
