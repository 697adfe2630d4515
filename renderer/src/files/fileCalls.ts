import {
  FILE_CONTENT_TYPE,
  completeUploadResponseSchema,
  uploadProgressResponseSchema,
} from '../../../shared/api/note-files.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { EncryptedChunk, FileMeta } from '../../../shared/crypto/index.ts';
import { ApiError, NetworkError, apiDelete, apiGet, apiPost, apiUrl } from '../api/client.ts';

/**
 * The browser's calls for a note's files (shared/api/note-files.ts), each authorised by the
 * bearer token the server handed out: the upload token from creating the note (or answering a
 * request), the download token from reading it. Raw bytes go through fetch, the JSON calls
 * through the API client.
 */

/** A note's files on the server, and the token for them. */
export interface FilesAccess {
  noteId: string;
  token: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A failure that trying again may cure: the network, a server error, a busy server. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof ApiError && (error.status >= 500 || error.status === 429))
  );
}

async function bytesCall(path: string, init: RequestInit, token: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...bearer(token) },
      credentials: 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  }
  return response;
}

/** The pieces of a stream as they come (no reliance on streams being async-iterable). */
export async function* streamPieces(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the source when the consumer stops early (a failure, a cancel).
    await reader.cancel().catch(() => undefined);
  }
}

export async function putChunk(
  access: FilesAccess,
  file: number,
  chunk: EncryptedChunk,
  signal: AbortSignal,
): Promise<void> {
  const path = apiPaths.noteFileChunk(access.noteId, file, chunk.index);
  const init = {
    method: 'PUT',
    headers: { 'Content-Type': FILE_CONTENT_TYPE },
    // Each chunk is made in a buffer of its own (shared/crypto), never a shared one.
    body: chunk.bytes as Uint8Array<ArrayBuffer>,
    signal,
  };
  const response = await bytesCall(path, init, access.token);
  await response.body?.cancel();
}

/** Whether the server still lacks chunk `chunk` of file `file`. */
export async function stillMissing(
  access: FilesAccess,
  file: number,
  chunk: number,
  signal: AbortSignal,
): Promise<boolean> {
  const progress = await apiGet(apiPaths.noteUpload(access.noteId), uploadProgressResponseSchema, {
    headers: bearer(access.token),
    signal,
  });
  const missing = progress.files[file]?.missing ?? [];
  return missing.some(({ from, to }) => chunk >= from && chunk < to);
}

/** Every chunk is there: the note becomes readable. Answers its expiry. */
export async function completeUpload(access: FilesAccess, signal: AbortSignal): Promise<string> {
  const { expiresAt } = await apiPost(
    apiPaths.noteComplete(access.noteId),
    undefined,
    completeUploadResponseSchema,
    { headers: bearer(access.token), signal },
  );
  return expiresAt;
}

/** File `file`'s chunks from chunk `from` on, as the response body's pieces. */
export async function* fileChunksFrom(
  access: FilesAccess,
  file: number,
  from: number,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const path = apiPaths.noteFile(access.noteId, file, from);
  const response = await bytesCall(
    path,
    { headers: { Accept: FILE_CONTENT_TYPE }, signal },
    access.token,
  );
  if (response.body !== null) yield* streamPieces(response.body);
}

/** The reader has every file: the server need not keep them for the rest of the hour. */
export function deleteFiles(access: FilesAccess): Promise<void> {
  return apiDelete(apiPaths.noteFiles(access.noteId), undefined, { headers: bearer(access.token) });
}

/** A read note's files: what fetching and opening each needs. */
export interface OpenedFiles {
  access: FilesAccess;
  /** In the order the sender attached them. */
  metas: readonly FileMeta[];
}

/**
 * The files that opened with a note, with the download token the read handed out; null for a
 * note without files. Files without a token could never be fetched: the answer was not whole.
 */
export function openedFiles(
  noteId: string,
  metas: readonly FileMeta[],
  downloadToken: string | undefined,
): OpenedFiles | null {
  if (metas.length === 0) return null;
  if (downloadToken === undefined) throw new Error('files arrived without a download token');
  return { access: { noteId, token: downloadToken }, metas };
}
