import { noteInfoResponseSchema, verifyNoteResponseSchema } from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  answerRequestResponseSchema,
  createRequestResponseSchema,
  requestInfoResponseSchema,
  type AnswerRequestRequest,
  type CreateRequestRequest,
  type RequestInfoResponse,
} from '../shared/api/requests.ts';
import {
  createRequestKeys,
  decryptRequestLabel,
  deriveRequestKeys,
  deriveRequestLabelKey,
  encryptRequestLabel,
  openRequestAnswer,
  sealRequestAnswer,
} from '../shared/crypto/request.ts';
import { REQUEST_LABEL_MAX_CHARS, type NoteExpiration } from '../shared/limits.ts';
import { callApi, type ApiContext, type CallWording } from './api.ts';
import { attachmentMetas, checkFileLimits, type Attachment } from './attachments.ts';
import { CliFailure, EXIT, usageFailure } from './failure.ts';
import { uploadFiles } from './file-upload.ts';
import { MESSAGES, labelLine } from './messages.ts';
import { fileSource } from './read.ts';
import { deliverNote, type DeliveredNote } from './read-output.ts';
import { makeLink, type Link } from './server.ts';

/**
 * The request-a-secret flow (DESIGN §3 requests), as the web app's /request, /r/ID and
 * /r/ID/open pages do it, with the same shared/ crypto: the keys are made and used here, the
 * server gets the sealed label, the claim verifier, the sealed answer and the claim proof.
 */

/** A request's calls answer NOT_FOUND for a request, and FORBIDDEN for a claim key that is not its. */
const REQUEST_WORDING: CallWording = {
  NOT_FOUND: MESSAGES.requestNotFound,
  FORBIDDEN: MESSAGES.requestWrongKey,
};

export interface CreatedRequest {
  /** To send: it lets its holder answer once. Holds the public key. */
  requestLink: string;
  /** To keep: it alone opens the answer. Holds the private key. */
  claimLink: string;
  expiresAt: string;
}

export async function createRequest(
  context: ApiContext,
  label: string,
  expiration: NoteExpiration,
): Promise<CreatedRequest> {
  if (label.length > REQUEST_LABEL_MAX_CHARS) {
    throw usageFailure(`The label is too long: at most ${REQUEST_LABEL_MAX_CHARS} characters.`);
  }
  const keys = await createRequestKeys();
  const body: CreateRequestRequest = {
    label: await encryptRequestLabel(keys.labelKey, label),
    claimVerifier: keys.claimVerifier,
    expiration,
  };
  const created = await callApi(context, apiPaths.requests, body, createRequestResponseSchema);
  return {
    requestLink: makeLink(context.server, 'request', created.requestId, keys.publicKey),
    claimLink: makeLink(context.server, 'claim', created.requestId, keys.privateKey),
    expiresAt: created.expiresAt,
  };
}

/** The request, and its label opened with K_label (a key that is not this request's says so). */
async function fetchRequest(
  context: ApiContext,
  link: Link,
  labelKey: Uint8Array,
): Promise<{ info: RequestInfoResponse; label: string }> {
  const info = await callApi(
    context,
    apiPaths.request(link.id),
    undefined,
    requestInfoResponseSchema,
    REQUEST_WORDING,
  );
  try {
    return { info, label: await decryptRequestLabel(labelKey, info.label) };
  } catch {
    throw usageFailure(MESSAGES.requestWrongKey);
  }
}

export interface AnswerInput {
  /** Files sent with the answer (answer --attach), not yet checked against the server's limits. */
  attachments: readonly Attachment[];
  /** The answer's text, read once the label is shown and the files are known to fit. */
  readText: () => Promise<string>;
}

export interface SentAnswer {
  /** Until when the requester can read the answer. */
  expiresAt: string;
}

/**
 * The responder's side: the label is shown (stderr) before the answer is read, so a person
 * sees what they are asked for; the answer and its files' metadata are sealed to the public key
 * in the link, never to one the server hands out. Only the first answer is taken. With files,
 * the request is answered when the answer is posted, but the requester can claim it only once
 * its files are uploaded and completed: only then does this return.
 */
export async function answerRequest(
  context: ApiContext,
  link: Link,
  answer: AnswerInput,
): Promise<SentAnswer> {
  const labelKey = await deriveRequestLabelKey(link.key);
  const { info, label } = await fetchRequest(context, link, labelKey);
  if (info.answered) throw new CliFailure(EXIT.gone, MESSAGES.answered);
  context.notice(labelLine(label));
  const { attachments } = answer;
  // Before the answer is typed and anything is sent.
  if (attachments.length > 0) await checkFileLimits(context, attachments, 'answer');
  const text = await answer.readText();
  const metas = await attachmentMetas(attachments);
  const body: AnswerRequestRequest = await sealRequestAnswer({
    requestId: link.id,
    publicKey: link.key,
    text,
    files: metas,
  });
  const answered = await callApi(
    context,
    apiPaths.requestAnswer(link.id),
    body,
    answerRequestResponseSchema,
    REQUEST_WORDING,
  );
  if (attachments.length === 0) return { expiresAt: answered.expiresAt };
  // The answer is a note under the request's id, its files uploaded as a note's.
  const upload = { noteId: link.id, token: answered.uploadToken };
  return { expiresAt: await uploadFiles(context, upload, { attachments, metas }, 'answer') };
}

export interface ClaimedAnswer extends DeliveredNote {
  /** The request's label, as its requester wrote it: pass it through labelLine() to print it. */
  label: string;
}

/**
 * The requester's side, as the claim page does it: the label first (a wrong key shows before
 * anything is sent), then the answer's state without burning it, then the claim proof, which
 * destroys the answer on the server as it hands it over. The claim link has no password, so
 * the proof is also the link proof.
 */
export async function claimAnswer(
  context: ApiContext,
  link: Link,
  output: string | null,
): Promise<ClaimedAnswer> {
  const keys = await deriveRequestKeys(link.key);
  const { info, label } = await fetchRequest(context, link, keys.labelKey);
  if (info.ephemeralKey === null) throw new CliFailure(EXIT.failed, MESSAGES.notAnsweredYet);
  if (info.answerUploading) throw new CliFailure(EXIT.failed, MESSAGES.answerUploading);
  const ephemeralKey = info.ephemeralKey;
  const answer = await callApi(context, apiPaths.note(link.id), undefined, noteInfoResponseSchema);
  if (answer.isDestroyed) {
    const gone = answer.reason === 'expired' ? MESSAGES.answerExpired : MESSAGES.answerRead;
    throw new CliFailure(EXIT.gone, gone);
  }
  const read = await deliverNote(output, context.notice, async () => {
    const proof = keys.claimProof;
    const sealed = await callApi(
      context,
      apiPaths.noteVerify(link.id),
      { proof, linkProof: proof },
      verifyNoteResponseSchema,
      REQUEST_WORDING,
    );
    // The answer is gone from the server now; what follows happens only here.
    let answerOpened;
    try {
      answerOpened = await openRequestAnswer({
        requestId: link.id,
        privateKey: link.key,
        answer: { ephemeralKey, content: sealed.content, files: sealed.files },
      });
    } catch {
      throw new CliFailure(EXIT.failed, MESSAGES.decryptFailed);
    }
    const opened = { ...answerOpened, images: [] };
    return { opened, files: fileSource(context, link.id, sealed.downloadToken, opened) };
  });
  return { ...read, label };
}
