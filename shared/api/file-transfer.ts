import { decryptFileStream, isCryptoError } from '../crypto/index.ts';
import type { EncryptedChunk, FileCipher } from '../crypto/index.ts';
import { FILE_CHUNK_TAG_BYTES } from '../limits.ts';

/**
 * How a client moves a note's files (note-files.ts), whatever carries the bytes: the CLI reads
 * and writes files on disk, the browser Blobs and save dialogs. Each side says how to send a
 * chunk or fetch a file and which failures may pass; the pacing, the retries and the resuming
 * are the same for both.
 */

/** Chunks sent at once: enough to hide a long round trip, few enough to hold ~256 KiB. */
const CHUNKS_IN_FLIGHT = 4;
/** Tries for one chunk or one file, a second more between each (1 s, 2 s, 3 s). */
const ATTEMPTS = 4;

function wait(seconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(done, seconds * 1000);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      if (signal?.aborted) reject(signal.reason as Error);
      else resolve();
    }
  });
}

export interface ChunkUploader {
  /** `PUT …/files/:file/chunks/:chunk` with the chunk's bytes. */
  put(chunk: EncryptedChunk): Promise<void>;
  /** Whether the server still lacks chunk `index` (`GET …/upload`); asked after a failure. */
  stillMissing(index: number): Promise<boolean>;
  /** Whether trying again may cure the failure: the network, a server error, a busy server. */
  isTransient(error: unknown): boolean;
  /** A chunk of `bytes` plaintext bytes arrived. */
  onSent(bytes: number): void;
  signal?: AbortSignal;
}

/**
 * One chunk, tried again after a failure that may pass. The bytes sent again are the very same
 * (the chunk was encrypted once): a chunk re-encrypted from a file changed meanwhile would
 * reuse its nonce. After a failure the server is asked first, so a chunk that arrived but whose
 * answer was lost is not sent twice.
 */
async function sendChunk(chunk: EncryptedChunk, uploader: ChunkUploader): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await uploader.put(chunk);
      return;
    } catch (error) {
      if (!uploader.isTransient(error) || attempt === ATTEMPTS) throw error;
      await wait(attempt, uploader.signal);
      if (!(await uploader.stillMissing(chunk.index))) return;
    }
  }
}

/**
 * Sends one file's encrypted chunks as they are made, a few in flight: never more of the file in
 * memory than those. Throws the first failure (of a chunk, or of reading the source), once the
 * chunks in flight have settled.
 */
export async function uploadChunks(
  chunks: AsyncIterable<EncryptedChunk>,
  uploader: ChunkUploader,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  // Chunks' failures, caught as they happen so that none goes unhandled meanwhile.
  const failures: unknown[] = [];
  try {
    for await (const chunk of chunks) {
      const sending: Promise<void> = sendChunk(chunk, uploader)
        .then(
          () => uploader.onSent(chunk.bytes.length - FILE_CHUNK_TAG_BYTES),
          (error: unknown) => void failures.push(error),
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
      if (inFlight.size >= CHUNKS_IN_FLIGHT) await Promise.race(inFlight);
      if (failures.length > 0) break;
    }
  } catch (error) {
    failures.push(error);
  }
  await Promise.all(inFlight);
  if (failures.length > 0) throw failures[0];
}

export interface FileDownloader {
  /** The file's chunks from chunk `from` on (`GET …/files/:file?from=N`), as the body's pieces. */
  chunksFrom(from: number): AsyncIterable<Uint8Array>;
  /** The next chunk's plaintext, already authenticated. */
  write(plaintext: Uint8Array): Promise<void>;
  /** Whether trying again may cure the failure: the network, a server error, a busy server. */
  isTransient(error: unknown): boolean;
  signal?: AbortSignal;
}

/**
 * Downloads, decrypts and checks one file a chunk at a time. A download cut off is resumed at
 * the first chunk not yet written; a chunk that does not open throws its CryptoError at once.
 * The file is whole only when this resolves: after a throw, what was written must be discarded.
 */
export async function downloadChunks(file: FileCipher, downloader: FileDownloader): Promise<void> {
  let written = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const chunks = downloader.chunksFrom(written);
      for await (const plaintext of decryptFileStream(file, chunks, written)) {
        await downloader.write(plaintext);
        written += 1;
      }
      return;
    } catch (error) {
      if (isCryptoError(error) || !downloader.isTransient(error) || attempt === ATTEMPTS) {
        throw error;
      }
      await wait(attempt, downloader.signal);
    }
  }
}
