import { z } from 'zod';
import { NOTE_MAX_FILES, fileChunkCount, NOTE_MAX_FILE_BYTES_CEILING } from '../limits.ts';
import { fileTokenSchema } from './notes.ts';

/**
 * The calls that carry a note's files (DESIGN §3, files): chunks go up and come down as raw
 * bytes (ciphertext ‖ tag, no base64, no envelope), each call authorised by a bearer token the
 * server keeps only the SHA-256 of: the upload token from `POST /api/notes`, the download token
 * from `POST /api/notes/:id/verify`.
 */

/** What a chunk's body and a download's answer are sent as. */
export const FILE_CONTENT_TYPE = 'application/octet-stream';

/** `Authorization: Bearer <token>`, the header every file call authorises itself with. */
export const bearerHeaderSchema = z
  .string()
  .regex(/^Bearer [A-Za-z0-9_-]{43}$/, 'expected Bearer and a 43-character token')
  .transform((header) => fileTokenSchema.parse(header.slice('Bearer '.length)));

/** The most chunks one file can have, at the largest limit a server may set. */
const MAX_CHUNKS = fileChunkCount(NOTE_MAX_FILE_BYTES_CEILING);

/** A file's place among its note's files, as a path segment. */
export const fileIndexSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(NOTE_MAX_FILES - 1);

/** A chunk's place in its file, as a path segment. */
export const chunkIndexSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(MAX_CHUNKS - 1);

/** `GET /api/notes/:id/files/:file?from=N`: start at chunk N, to resume a download. */
export const fileDownloadQuerySchema = z.object({
  from: chunkIndexSchema.default(0),
});

/** Chunks `from` up to (not including) `to`, not received yet. */
export const chunkRangeSchema = z.object({
  from: z.number().int().nonnegative(),
  to: z.number().int().positive(),
});

/**
 * `GET /api/notes/:id/upload`: per file (in the order attached) how many chunks it has and the
 * ranges of those still missing, so an interrupted upload sends only those.
 */
export const uploadProgressResponseSchema = z.object({
  complete: z.boolean(),
  files: z.array(
    z.object({
      chunks: z.number().int().positive(),
      missing: z.array(chunkRangeSchema),
    }),
  ),
});
export type UploadProgressResponse = z.infer<typeof uploadProgressResponseSchema>;

/** `POST /api/notes/:id/complete`: the note is readable from now on. */
export const completeUploadResponseSchema = z.object({ expiresAt: z.string() });
export type CompleteUploadResponse = z.infer<typeof completeUploadResponseSchema>;
