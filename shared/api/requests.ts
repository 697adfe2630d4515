import { z } from 'zod';
import { NOTE_EXPIRATIONS, REQUEST_LABEL_MAX_CHARS } from '../limits.ts';
import {
  base64url,
  envelope,
  fileTokenSchema,
  MAX_TEXT_ENVELOPE,
  noteFilesSchema,
  noteIdSchema,
} from './notes.ts';

/**
 * Requests (DESIGN §3): someone answers a request with a secret sealed to the requester's public
 * key. The server holds the sealed label, the claim verifier and, once answered, the
 * responder's ephemeral public key; the answer itself is stored as a note under the request's
 * id, read (and destroyed) through `POST /api/notes/:id/verify` with the claim proof.
 */

/** Same shape as a note id: the answer is stored as a note under it. */
export const requestIdSchema = noteIdSchema;

/**
 * Labels of up to 200 characters of up to 4 UTF-8 bytes each: `v1.`, the IV, a dot, then
 * base64url of the bytes and the 16-byte tag (small enough for a small JSON body).
 */
const labelEnvelope = envelope.max(
  3 + 16 + 1 + Math.ceil(((REQUEST_LABEL_MAX_CHARS * 4 + 16) * 4) / 3),
);

/** `POST /api/requests`. */
export const createRequestRequestSchema = z.object({
  /** The label sealed with K_label (possibly an empty label, still sealed). */
  label: labelEnvelope,
  /** SHA-256 of the claim proof. */
  claimVerifier: base64url(32),
  /** How long the request may be answered, and its answer read. */
  expiration: z.enum(NOTE_EXPIRATIONS),
});
export type CreateRequestRequest = z.infer<typeof createRequestRequestSchema>;

export const createRequestResponseSchema = z.object({
  requestId: requestIdSchema,
  expiresAt: z.string(),
});
export type CreateRequestResponse = z.infer<typeof createRequestResponseSchema>;

/** `GET /api/requests/:id`: never changes anything. */
export const requestInfoResponseSchema = z.object({
  label: labelEnvelope,
  expiresAt: z.string(),
  answered: z.boolean(),
  /** The responder's ephemeral X25519 public key, once answered. */
  ephemeralKey: base64url(32).nullable(),
  /** Answered, but the answer's files are still uploading: not claimable yet. */
  answerUploading: z.boolean(),
});
export type RequestInfoResponse = z.infer<typeof requestInfoResponseSchema>;

/** `POST /api/requests/:id/answer`: succeeds once per request. */
export const answerRequestRequestSchema = z.object({
  ephemeralKey: base64url(32),
  /** The text sealed with K_answer: up to 50,000 characters, as a note's. */
  content: envelope.max(MAX_TEXT_ENVELOPE),
  /** Files as a note's, their metadata sealed with K_answer; uploaded to the answer's note. */
  files: noteFilesSchema,
});
export type AnswerRequestRequest = z.input<typeof answerRequestRequestSchema>;

export const answerRequestResponseSchema = z.object({
  /** Until when the requester can read the answer: the request's own expiry. */
  expiresAt: z.string(),
  /**
   * With files only: the bearer token for uploading their chunks to the answer's note (its id is
   * the request's) and completing it; the requester cannot claim the answer before that.
   */
  uploadToken: fileTokenSchema.optional(),
});
export type AnswerRequestResponse = z.infer<typeof answerRequestResponseSchema>;
