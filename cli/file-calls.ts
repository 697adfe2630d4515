import { FILE_CONTENT_TYPE } from '../shared/api/note-files.ts';
import { apiPaths } from '../shared/api/paths.ts';
import type { EncryptedChunk } from '../shared/crypto/index.ts';
import {
  REQUEST_TIMEOUT_MS,
  authorization,
  failureFor,
  networkFailure,
  type ApiContext,
  type CallWording,
} from './api.ts';
import { CliFailure, EXIT } from './failure.ts';

/**
 * The calls of a note's files that carry raw bytes (shared/api/note-files.ts): a chunk up, a
 * file's chunks down, and dropping them once saved, each with the context's upload or download
 * token. Their JSON siblings (upload progress, complete) go through callApi.
 */

/** A failure that trying again may cure: the network, a server error, a server too busy. */
export class TransientFailure extends CliFailure {}

export function isTransient(error: unknown): boolean {
  return (
    error instanceof TransientFailure ||
    (error instanceof CliFailure && error.exitCode === EXIT.network)
  );
}

export const UPLOAD_WORDING: CallWording = {
  NOT_FOUND: 'The upload is no longer on the server: it was not completed within an hour.',
  FORBIDDEN: 'The server refused the upload token it gave.',
};

const DOWNLOAD_WORDING: CallWording = {
  NOT_FOUND: 'The files are no longer on the server: they are deleted an hour after the read.',
  FORBIDDEN: 'The server refused the download token it gave.',
};

async function fileCall(
  context: ApiContext,
  path: string,
  init: RequestInit,
  wording: CallWording,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${context.server.base}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...authorization(context) },
      redirect: 'error',
    });
  } catch (error) {
    throw networkFailure(context.server, error);
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  const failure = failureFor(context.server, response.status, text, wording);
  if (response.status >= 500 || response.status === 429) {
    throw new TransientFailure(failure.exitCode, failure.message);
  }
  throw failure;
}

/** `PUT …/files/:file/chunks/:chunk`: one chunk's ciphertext and tag, as raw bytes. */
export async function putChunk(
  context: ApiContext,
  noteId: string,
  file: number,
  chunk: EncryptedChunk,
): Promise<void> {
  const response = await fileCall(
    context,
    apiPaths.noteFileChunk(noteId, file, chunk.index),
    {
      method: 'PUT',
      headers: { 'Content-Type': FILE_CONTENT_TYPE },
      body: chunk.bytes,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    },
    UPLOAD_WORDING,
  );
  await response.body?.cancel();
}

/**
 * `GET …/files/:file?from=N`: the answer whose body is the file's chunks from N on. `signal`
 * ends a download that stalls (a whole file may rightly take longer than any fixed timeout).
 */
export function fetchFile(
  context: ApiContext,
  noteId: string,
  file: number,
  from: number,
  signal: AbortSignal,
): Promise<Response> {
  return fileCall(
    context,
    apiPaths.noteFile(noteId, file, from),
    { headers: { Accept: FILE_CONTENT_TYPE }, signal },
    DOWNLOAD_WORDING,
  );
}

/** `DELETE …/files`: the reader has them, so the server need not keep them for the hour. */
export async function deleteFiles(context: ApiContext, noteId: string): Promise<void> {
  const response = await fileCall(
    context,
    apiPaths.noteFiles(noteId),
    { method: 'DELETE', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
    DOWNLOAD_WORDING,
  );
  await response.body?.cancel();
}
