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
import { apiGet, apiPost } from '../../api/client.ts';
import { routePaths } from '../../app/paths.ts';
import { shareLink } from '../../platform/index.ts';

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

/** Seals `text` to the request link's public key and sends it; 409 when someone was first. */
export async function sendAnswer(requestId: string, publicKey: string, text: string) {
  const body: AnswerRequestRequest = await sealRequestAnswer({ requestId, publicKey, text });
  return apiPost(apiPaths.requestAnswer(requestId), body, answerRequestResponseSchema);
}

/** The answer's state as a note: live, or destroyed and why. Never burns it. */
export function fetchAnswerState(requestId: string): Promise<NoteInfoResponse> {
  return apiGet(apiPaths.note(requestId), noteInfoResponseSchema);
}

/**
 * Reads the answer with the claim proof, which destroys it on the server, and opens it. The
 * claim link has no password, so the proof is also the link proof.
 */
export async function claimAnswer(
  requestId: string,
  keys: RequestKeys,
  ephemeralKey: string,
): Promise<string> {
  const proof = keys.claimProof;
  const { content, files } = await apiPost(
    apiPaths.noteVerify(requestId),
    { proof, linkProof: proof },
    verifyNoteResponseSchema,
  );
  const opened = await openRequestAnswer({
    requestId,
    privateKey: keys.privateKey,
    answer: { ephemeralKey, content, files },
  });
  return opened.text;
}
