import { downloadChunks } from '../shared/api/file-transfer.ts';
import { isCryptoError, type FileMeta } from '../shared/crypto/index.ts';
import { networkFailure, type ApiContext } from './api.ts';
import { fetchFile, isTransient } from './file-calls.ts';
import { saveFile, type Destination } from './file-names.ts';
import { CliFailure, EXIT } from './failure.ts';
import type { Progress } from './progress.ts';

/**
 * Saves a read note's files: each streamed from the server, decrypted and checked a chunk at a
 * time on its way to disk (never a whole file in memory), and named only once every chunk,
 * the last one included, opened (resumed and retried as shared/api/file-transfer.ts does for
 * every client); a chunk that does not open ends it, and the partial file is removed.
 */

/** Where a read note's files come from: its id, with the download token in the context. */
export interface FileSource {
  context: ApiContext;
  noteId: string;
}

/** A download that receives nothing for this long is cut off (and resumed). */
const STALL_TIMEOUT_MS = 60_000;

/** The file's chunks from `from` on, as the response body's pieces. */
async function* chunksFrom(
  source: FileSource,
  file: number,
  from: number,
): AsyncGenerator<Uint8Array> {
  const controller = new AbortController();
  const stalled = () => controller.abort(new DOMException('stalled', 'TimeoutError'));
  const timer = setTimeout(stalled, STALL_TIMEOUT_MS);
  try {
    const response = await fetchFile(source.context, source.noteId, file, from, controller.signal);
    if (response.body === null) return;
    for await (const piece of response.body) {
      timer.refresh();
      yield piece;
    }
  } finally {
    clearTimeout(timer);
  }
}

/** What ended a try: a disk that will not take the file is final, a dropped connection not. */
function failureOf(source: FileSource, error: unknown): CliFailure {
  if (error instanceof CliFailure) return error;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (typeof code === 'string' && typeof syscall === 'string') {
    return new CliFailure(EXIT.failed, `Cannot write the file (${code}).`);
  }
  return networkFailure(source.context.server, error);
}

/**
 * Downloads file `index` of the note to `destination`; `shownName` is its safe name, for
 * messages. Returns the path it was saved to.
 */
export function downloadFile(
  source: FileSource,
  index: number,
  meta: FileMeta,
  destination: Destination,
  shownName: string,
  progress: Progress,
): Promise<string> {
  return saveFile(destination, async (handle) => {
    try {
      await downloadChunks(meta, {
        chunksFrom: (from) => chunksFrom(source, index, from),
        write: async (plaintext) => {
          await handle.write(plaintext);
          progress.add(plaintext.length);
        },
        isTransient: (error) => isTransient(failureOf(source, error)),
      });
    } catch (error) {
      if (isCryptoError(error)) {
        throw new CliFailure(
          EXIT.failed,
          `${shownName} did not decrypt: it was damaged or tampered with, and was not saved.`,
        );
      }
      throw failureOf(source, error);
    }
  });
}
