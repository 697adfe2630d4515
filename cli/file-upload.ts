import fs from 'node:fs';
import {
  completeUploadResponseSchema,
  uploadProgressResponseSchema,
} from '../shared/api/note-files.ts';
import { uploadChunks } from '../shared/api/file-transfer.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  encryptFileStream,
  isCryptoError,
  type EncryptedChunk,
  type FileMeta,
} from '../shared/crypto/index.ts';
import { callApi, type ApiContext } from './api.ts';
import type { Attachment } from './attachments.ts';
import { UPLOAD_WORDING, isTransient, putChunk } from './file-calls.ts';
import { CliFailure, EXIT } from './failure.ts';
import { MESSAGES, type Sending } from './messages.ts';
import { progressLine, type Progress } from './progress.ts';

/**
 * Sends a note's files, or a request answer's, each streamed from disk and encrypted a chunk at
 * a time (64 KiB), paced and retried as shared/api/file-transfer.ts does for every client.
 */

/** Whether the server still lacks a chunk; when it cannot say, the chunk is sent again. */
async function stillMissing(
  context: ApiContext,
  noteId: string,
  file: number,
  chunk: number,
): Promise<boolean> {
  try {
    const progress = await callApi(
      context,
      apiPaths.noteUpload(noteId),
      undefined,
      uploadProgressResponseSchema,
      UPLOAD_WORDING,
    );
    const missing = progress.files[file]?.missing ?? [];
    return missing.some(({ from, to }) => chunk >= from && chunk < to);
  } catch (error) {
    if (isTransient(error)) return true;
    throw error;
  }
}

/** Reading the file failed, or it is no longer the size it had when the note was made. */
function readFailure(attachment: Attachment, error: unknown): unknown {
  if (isCryptoError(error, 'LENGTH_MISMATCH')) {
    return new CliFailure(
      EXIT.failed,
      `${attachment.path} changed while it was being sent: send it again.`,
    );
  }
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string'
    ? new CliFailure(EXIT.failed, `Cannot read ${attachment.path} (${code}).`)
    : error;
}

/** The file's chunks as read from disk and encrypted; a read that fails says why. */
async function* encryptedChunks(
  attachment: Attachment,
  meta: FileMeta,
): AsyncGenerator<EncryptedChunk> {
  try {
    yield* encryptFileStream(meta, fs.createReadStream(attachment.path));
  } catch (error) {
    throw readFailure(attachment, error);
  }
}

function uploadFile(
  context: ApiContext,
  noteId: string,
  index: number,
  attachment: Attachment,
  meta: FileMeta,
  progress: Progress,
): Promise<void> {
  return uploadChunks(encryptedChunks(attachment, meta), {
    put: (chunk) => putChunk(context, noteId, index, chunk),
    stillMissing: (chunk) => stillMissing(context, noteId, index, chunk),
    isTransient,
    onSent: (bytes) => progress.add(bytes),
  });
}

/** An upload that failed leaves a note, or an answer, that nobody can read: the server sweeps it. */
const NOT_SENT: Record<Sending, string> = {
  note: 'The note was not sent: the server deletes the partial upload within an hour.',
  // The request took this answer when it was posted, before its files: it takes no other.
  answer:
    'The answer was not sent: the server deletes the partial upload within an hour, and the request takes no other answer.',
};

function notSent(error: unknown, what: Sending): unknown {
  if (!(error instanceof CliFailure)) return error;
  const message = error.message.replace(/\.?$/, '.');
  return new CliFailure(
    error.exitCode === EXIT.usage ? EXIT.failed : error.exitCode,
    `${message} ${NOT_SENT[what]}`,
  );
}

/**
 * Uploads every file's chunks to the note the server just made, with the upload token it
 * answered, then completes the note, which makes it readable: only then may the command say it
 * was sent. A request's answer is a note under the request's id, uploaded the same way. Returns
 * the note's expiry.
 */
export async function uploadFiles(
  context: ApiContext,
  upload: { noteId: string; token: string | undefined },
  files: { attachments: readonly Attachment[]; metas: readonly FileMeta[] },
  what: Sending,
): Promise<string> {
  const { noteId, token } = upload;
  if (token === undefined) throw new CliFailure(EXIT.failed, MESSAGES.server);
  const uploading = { ...context, token };
  const { attachments, metas } = files;
  const total = attachments.reduce((sum, file) => sum + file.size, 0);
  const count = attachments.length;
  const progress = progressLine(`Sending ${count} ${count === 1 ? 'file' : 'files'}`, total);
  try {
    for (const [index, attachment] of attachments.entries()) {
      await uploadFile(uploading, noteId, index, attachment, metas[index]!, progress);
    }
    const { expiresAt } = await callApi(
      uploading,
      apiPaths.noteComplete(noteId),
      null,
      completeUploadResponseSchema,
      UPLOAD_WORDING,
    );
    return expiresAt;
  } catch (error) {
    throw notSent(error, what);
  } finally {
    progress.done();
  }
}
