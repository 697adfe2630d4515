import fs from 'node:fs';
import {
  completeUploadResponseSchema,
  uploadProgressResponseSchema,
} from '../shared/api/note-files.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  encryptFileStream,
  isCryptoError,
  type EncryptedChunk,
  type FileMeta,
} from '../shared/crypto/index.ts';
import { FILE_CHUNK_TAG_BYTES } from '../shared/limits.ts';
import { callApi, type ApiContext } from './api.ts';
import type { Attachment } from './attachments.ts';
import { UPLOAD_WORDING, isTransient, putChunk } from './file-calls.ts';
import { CliFailure, EXIT } from './failure.ts';
import { MESSAGES, type Sending } from './messages.ts';
import { progressLine, type Progress } from './progress.ts';

/**
 * Sends a note's files, or a request answer's, each streamed from disk and encrypted a chunk at
 * a time (64 KiB), a few chunks in flight: never more of a file in memory than those. A chunk
 * whose call fails is tried again a few times; after a failure the server is asked which chunks
 * it is missing, so a chunk that arrived but whose answer was lost is not sent twice.
 */

/** Chunks sent at once: enough to hide a long round trip, few enough to hold ~256 KiB. */
const CHUNKS_IN_FLIGHT = 4;
/** Tries for one chunk, a second more between each (1 s, 2 s, 3 s). */
const CHUNK_ATTEMPTS = 4;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

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

/**
 * One chunk, tried again after a failure that may pass. The bytes sent again are the very same
 * (the chunk was encrypted once): a chunk re-encrypted from a file changed meanwhile would
 * reuse its nonce.
 */
async function sendChunk(
  context: ApiContext,
  noteId: string,
  file: number,
  chunk: EncryptedChunk,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await putChunk(context, noteId, file, chunk);
      return;
    } catch (error) {
      if (!isTransient(error) || attempt === CHUNK_ATTEMPTS) throw error;
      await wait(attempt);
      if (!(await stillMissing(context, noteId, file, chunk.index))) return;
    }
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

async function uploadFile(
  context: ApiContext,
  noteId: string,
  index: number,
  attachment: Attachment,
  meta: FileMeta,
  progress: Progress,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  // Chunks' failures, caught as they happen so that none goes unhandled meanwhile.
  const failures: unknown[] = [];
  try {
    const source = fs.createReadStream(attachment.path);
    for await (const chunk of encryptFileStream(meta, source)) {
      const sending: Promise<void> = sendChunk(context, noteId, index, chunk)
        .then(
          () => progress.add(chunk.bytes.length - FILE_CHUNK_TAG_BYTES),
          (error: unknown) => void failures.push(error),
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
      if (inFlight.size >= CHUNKS_IN_FLIGHT) await Promise.race(inFlight);
      if (failures.length > 0) break;
    }
  } catch (error) {
    failures.push(readFailure(attachment, error));
  }
  await Promise.all(inFlight);
  if (failures.length > 0) throw failures[0];
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
