import crypto from 'node:crypto';
import type { NoteFile } from '../../../../shared/api/notes.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * What a note's files, or a request answer's, must be before anything is stored, and the tokens
 * their upload and download are authorised with. Shared by the notes and requests features
 * (with byte-budget.ts, what one client may send in an hour).
 */

/** The files' declared sizes together, in bytes before encryption. */
export function totalBytes(files: readonly NoteFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/** Refuses files larger together than the operator's NOTE_MAX_FILE_BYTES, naming the limit. */
export function refuseOversizedFiles(files: readonly NoteFile[], maxFileBytes: number): void {
  if (totalBytes(files) <= maxFileBytes) return;
  throw new AppError(
    'FILES_TOO_LARGE',
    `The files are too large: at most ${formatMegabytes(maxFileBytes)} in all.`,
    { details: { maxFileBytes } },
  );
}

/** A chunk's body of another length than its own (`expected`, which the file's size fixes). */
export const wrongChunkLength = (expected: number) =>
  new AppError('VALIDATION_FAILED', `This chunk must be exactly ${expected} bytes.`, {
    details: { expectedBytes: expected },
  });

/** A new random token (upload, download) and the SHA-256 the server keeps of it. */
export function newToken(): { token: string; verifier: Buffer } {
  const token = crypto.randomBytes(32);
  return {
    token: token.toString('base64url'),
    verifier: crypto.createHash('sha256').update(token).digest(),
  };
}

/** 104857600 → "100 MB" (MiB, as the forms count them). */
function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
