import { noteInfoResponseSchema, verifyNoteResponseSchema } from '../../../../shared/api/notes.ts';
import type { NoteInfoResponse } from '../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import {
  answerRequestResponseSchema,
  createRequestResponseSchema,
  requestInfoResponseSchema,
} from '../../../../shared/api/requests.ts';
import type {
  AnswerRequestRequest,
  CreateRequestRequest,
  RequestInfoResponse,
} from '../../../../shared/api/requests.ts';
import {
  createRequestKeys,
  decryptRequestLabel,
  encryptRequestLabel,
  openRequestAnswer,
  sealRequestAnswer,
} from '../../../../shared/crypto/request.ts';
import type { RequestKeys } from '../../../../shared/crypto/request.ts';
import type { NoteExpiration } from '../../../../shared/limits.ts';
import { InvalidResponseError, apiGet, apiPost } from '../../api/client.ts';
import { routePaths } from '../../app/paths.ts';
import { shareLink } from '../../platform/index.ts';
import { openedFiles, type OpenedFiles } from '../../files/fileCalls.ts';
import { describeFiles, uploadFiles } from '../../files/uploadFiles.ts';

/**
 * Every call of the requests flow. Keys are made and used here, in the browser: the server gets
 * the sealed label, the claim verifier, the sealed answer and the claim proof, nothing more.
 */

export interface CreatedRequest {
  /** To send: opens the answer form. Holds the public key. */
  requestLink: string;
  /** To keep: opens the answer. Holds the private key. */
  claimLink: string;
  expiresAt: string;
}

export async function createRequest(
  label: string,
  expiration: NoteExpiration,
): Promise<CreatedRequest> {
  const keys = await createRequestKeys();
  const body: CreateRequestRequest = {
    label: await encryptRequestLabel(keys.labelKey, label),
    claimVerifier: keys.claimVerifier,
    expiration,
  };
  const { requestId, expiresAt } = await apiPost(
    apiPaths.requests,
    body,
    createRequestResponseSchema,
  );
  return {
    requestLink: shareLink(`${routePaths.request(requestId)}#${keys.publicKey}`),
    claimLink: shareLink(`${routePaths.requestClaim(requestId)}#${keys.privateKey}`),
    expiresAt,
  };
}

/** Never changes anything; an unknown or expired request is a 404 ApiError. */
export function fetchRequest(requestId: string): Promise<RequestInfoResponse> {
  return apiGet(apiPaths.request(requestId), requestInfoResponseSchema);
}

/** The label, opened with K_label; throws `DECRYPT_FAILED` when the link's key is not this request's. */
export function openLabel(labelKey: Uint8Array, info: RequestInfoResponse): Promise<string> {
  return decryptRequestLabel(labelKey, info.label);
}

/**
 * Seals `text` and the files' metadata to the request link's public key and sends them, then
 * the files' chunks (`onProgress` 0–1 over their bytes); 409 when someone was first. The
 * requester can claim the answer only once every chunk arrived.
 */
export async function sendAnswer(
  requestId: string,
  publicKey: string,
  text: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<void> {
  const metas = await describeFiles(files);
  const body: AnswerRequestRequest = await sealRequestAnswer({
    requestId,
    publicKey,
    text,
    files: metas,
  });
  const path = apiPaths.requestAnswer(requestId);
  const { uploadToken } = await apiPost(path, body, answerRequestResponseSchema);
  if (metas.length === 0) return;
  if (uploadToken === undefined) throw new InvalidResponseError(path, 'no upload token');
  const access = { noteId: requestId, token: uploadToken };
  // Nothing to cancel: the request is answered from the first call on.
  await uploadFiles(access, files, metas, onProgress, new AbortController().signal);
}

/** The answer's state as a note: live, or destroyed and why. Never burns it. */
export function fetchAnswerState(requestId: string): Promise<NoteInfoResponse> {
  return apiGet(apiPaths.note(requestId), noteInfoResponseSchema);
}

/**
 * Reads the answer with the claim proof, which destroys it on the server, and opens it: its
 * text, and what fetching its files needs. The claim link has no password, so the proof is
 * also the link proof.
 */
export async function claimAnswer(
  requestId: string,
  keys: RequestKeys,
  ephemeralKey: string,
): Promise<{ text: string; files: OpenedFiles | null }> {
  const proof = keys.claimProof;
  const { content, files, downloadToken } = await apiPost(
    apiPaths.noteVerify(requestId),
    { proof, linkProof: proof },
    verifyNoteResponseSchema,
  );
  const opened = await openRequestAnswer({
    requestId,
    privateKey: keys.privateKey,
    answer: { ephemeralKey, content, files },
  });
  return { text: opened.text, files: openedFiles(requestId, opened.files, downloadToken) };
}
