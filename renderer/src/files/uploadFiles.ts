import { uploadChunks } from '../../../shared/api/file-transfer.ts';
import { createFileMeta, encryptFileStream } from '../../../shared/crypto/index.ts';
import type { FileMeta } from '../../../shared/crypto/index.ts';
import {
  completeUpload,
  isTransient,
  putChunk,
  stillMissing,
  streamPieces,
  type FilesAccess,
} from './fileCalls.ts';

/**
 * Sending a note's files from the browser: each gets its own key and is encrypted a 64 KiB
 * chunk at a time as it is read from disk (Blob.stream), a few chunks in flight, so a 100 MB
 * file never sits in memory whole, plaintext or ciphertext.
 */

/** Each file's metadata with a fresh key, before the note is created. */
export function describeFiles(files: readonly File[]): Promise<FileMeta[]> {
  return Promise.all(files.map(({ name, type, size }) => createFileMeta({ name, type, size })));
}

/**
 * Uploads every file's chunks, then completes the note, which makes it readable; answers its
 * expiry. `onProgress` gets the share of bytes sent (0–1). Aborting `signal` stops at once: the
 * note was never readable, and the server deletes the partial upload within an hour.
 */
export async function uploadFiles(
  access: FilesAccess,
  files: readonly File[],
  metas: readonly FileMeta[],
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let sent = 0;
  for (const [index, file] of files.entries()) {
    const chunks = encryptFileStream(metas[index]!, streamPieces(file.stream()));
    await uploadChunks(chunks, {
      put: (chunk) => putChunk(access, index, chunk, signal),
      // When the server cannot say, the chunk is sent again (the same bytes: harmless).
      stillMissing: (chunk) =>
        stillMissing(access, index, chunk, signal).catch((error: unknown) => {
          if (isTransient(error)) return true;
          throw error;
        }),
      isTransient,
      onSent: (bytes) => {
        sent += bytes;
        onProgress(total === 0 ? 1 : sent / total);
      },
      signal,
    });
  }
  return completeUpload(access, signal);
}
