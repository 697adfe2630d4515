import { concatBytes, encodeFields, u32be } from './bytes.ts';
import { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { openEnvelope, sealEnvelope } from './envelope.ts';
import { CryptoError } from './errors.ts';
import { loadNobleEngine, resolveEngine } from './get-engine.ts';
import { decodeKeyText } from './keys.ts';
import { decryptFileMeta, encryptFileMetas, type FileMeta } from './note-files.ts';
import { KEY_BYTES, LABEL, requestAnswerInfo } from './protocol.ts';

/**
 * Requests: someone sends a secret to the requester (DESIGN §3 requests). What each key protects
 * against:
 * - The requester's X25519 key pair. The public key P travels only in the request link's fragment
 *   and the private key d only in the claim link's, so the server holds neither: it cannot read
 *   an answer, and cannot hand the responder a key of its own (the responder takes P from the
 *   link, never from the server).
 * - K_label = HKDF(P, "ashnote/v1/request/label") seals the label. Whoever has either link can
 *   derive it (the claim page computes P from d), the server cannot. Each request has its own P,
 *   so a label moved from another request does not open.
 * - The answer: a fresh ephemeral X25519 pair per answer (e, E), K_answer = HKDF(X25519(e, P) ‖
 *   E ‖ P, "ashnote/v1/request/<requestId>/answer"), the text sealed with an AAD naming the
 *   request id. A swapped ephemeral key, an answer replayed from another request or any changed
 *   byte fails to open.
 * - claimProof = HKDF(d, "ashnote/v1/request/claim"): reading the answer needs it, and the server
 *   keeps only SHA-256 of it, so neither the server, a database thief nor a link scanner holding
 *   the request link can burn the answer. The claim link has no password, so the proof is also
 *   its link proof (notes' `linkProof`): a wrong claim key is refused without counting.
 */

const NO_SALT = new Uint8Array(0);

/** WebCrypto without X25519 (before Chrome 133, Firefox 130, Safari 17) borrows noble's. */
async function x25519Engine(engine: CryptoEngine): Promise<CryptoEngine> {
  return (await engine.supportedCurves()).includes('X25519') ? engine : loadNobleEngine();
}

export interface RequestKeys {
  /** P, base64url (43 chars): the request link's fragment. */
  publicKey: string;
  /** d, base64url (43 chars): the claim link's fragment, kept by the requester. */
  privateKey: string;
  /** K_label (32 bytes). Never leaves the client; never log it. */
  labelKey: Uint8Array;
  /** base64url; sent to the server only to read the answer. */
  claimProof: string;
  /** base64url SHA-256(claimProof); sent with the request when creating it. */
  claimVerifier: string;
}

/** K_label = HKDF(P, "ashnote/v1/request/label"): what the responder derives from the link. */
export async function deriveRequestLabelKey(
  publicKey: string,
  engine?: CryptoEngine,
): Promise<Uint8Array> {
  const resolved = await resolveEngine(engine);
  const bytes = decodeKeyText(publicKey, 'request public key');
  return resolved.hkdfSha256(bytes, NO_SALT, utf8Encode(LABEL.requestLabel), KEY_BYTES);
}

/**
 * The requester's side, from the claim link's private key: P, K_label and the claim proof. A
 * mangled link is `MALFORMED`; a wrong (but well-formed) key shows as a label that does not open.
 */
export async function deriveRequestKeys(
  privateKey: string,
  engine?: CryptoEngine,
): Promise<RequestKeys> {
  const resolved = await resolveEngine(engine);
  const d = decodeKeyText(privateKey, 'request private key');
  const pair = await (await x25519Engine(resolved)).x25519KeyPair(d);
  const publicKey = base64UrlEncode(pair.publicKey);
  const proof = await resolved.hkdfSha256(d, NO_SALT, utf8Encode(LABEL.requestClaim), KEY_BYTES);
  return {
    publicKey,
    privateKey,
    labelKey: await deriveRequestLabelKey(publicKey, resolved),
    claimProof: base64UrlEncode(proof),
    claimVerifier: base64UrlEncode(await resolved.sha256(proof)),
  };
}

/** A fresh request key pair (d is 32 random bytes; X25519 clamps it) and what follows from it. */
export async function createRequestKeys(engine?: CryptoEngine): Promise<RequestKeys> {
  const resolved = await resolveEngine(engine);
  return deriveRequestKeys(base64UrlEncode(resolved.randomBytes(KEY_BYTES)), resolved);
}

/** The label (possibly empty) as an envelope under K_label, AAD "ashnote/v1/request/label". */
export async function encryptRequestLabel(
  labelKey: Uint8Array,
  label: string,
  engine?: CryptoEngine,
): Promise<string> {
  const aad = utf8Encode(LABEL.requestLabel);
  return sealEnvelope(await resolveEngine(engine), labelKey, aad, utf8Encode(label));
}

/** Throws `DECRYPT_FAILED` for a wrong key (a wrong link) or a label that is not this request's. */
export async function decryptRequestLabel(
  labelKey: Uint8Array,
  envelope: string,
  engine?: CryptoEngine,
): Promise<string> {
  const aad = utf8Encode(LABEL.requestLabel);
  return utf8Decode(await openEnvelope(await resolveEngine(engine), labelKey, aad, envelope));
}

/**
 * An answer as it travels: the responder's ephemeral public key E, the text's envelope and each
 * file's metadata envelope (note-files.ts, under the answer's key). The file count is in the
 * text's AAD and each file's place in its own, so a server cannot drop, add or reorder one
 * unnoticed.
 */
export interface SealedAnswer {
  /** E, base64url (43 chars). Public; not secret. */
  ephemeralKey: string;
  content: string;
  /** In the order the responder attached them; absent or empty without files. */
  files?: readonly { meta: string }[];
}

/** An answer as the responder sends it: each file with its size, as the answer call takes it. */
export interface AnswerToSend extends SealedAnswer {
  files: { meta: string; size: number }[];
}

/** What the requester gets: the text, and what opening each file's chunks needs. */
export interface OpenedAnswer {
  text: string;
  files: FileMeta[];
}

function answerTextAad(requestId: string, attachmentCount: number): Uint8Array {
  return encodeFields(LABEL.requestAnswerText, requestId, u32be(attachmentCount));
}

async function answerKey(
  engine: CryptoEngine,
  sharedSecret: Uint8Array,
  ephemeralKey: Uint8Array,
  publicKey: Uint8Array,
  requestId: string,
): Promise<Uint8Array> {
  if (requestId.length === 0) throw new CryptoError('INVALID_INPUT', 'request id is empty');
  const ikm = concatBytes(sharedSecret, ephemeralKey, publicKey);
  return engine.hkdfSha256(ikm, NO_SALT, utf8Encode(requestAnswerInfo(requestId)), KEY_BYTES);
}

/**
 * The responder's side: seals `text`, and the metadata of each file in `files` (made with
 * createFileMeta; their chunks are encrypted with their own keys), to the request link's public
 * key.
 */
export async function sealRequestAnswer(params: {
  requestId: string;
  /** P from the request link's fragment. */
  publicKey: string;
  text: string;
  files?: readonly FileMeta[];
  engine?: CryptoEngine;
}): Promise<AnswerToSend> {
  const engine = await resolveEngine(params.engine);
  const publicKey = decodeKeyText(params.publicKey, 'request public key');
  const ephemeral = await (await x25519Engine(engine)).generateEcdhKeyPair('X25519');
  const shared = await ephemeral.deriveSharedSecret(publicKey);
  const key = await answerKey(engine, shared, ephemeral.publicKey, publicKey, params.requestId);
  const metas = params.files ?? [];
  const aad = answerTextAad(params.requestId, metas.length);
  const files = await encryptFileMetas(key, metas, engine);
  return {
    ephemeralKey: base64UrlEncode(ephemeral.publicKey),
    content: await sealEnvelope(engine, key, aad, utf8Encode(params.text)),
    files,
  };
}

/**
 * The requester's side: opens the answer with the claim link's private key. Throws
 * `DECRYPT_FAILED` (wrong key, a swapped ephemeral key, another request's answer, tampering),
 * `INVALID_PUBLIC_KEY`, `MALFORMED` or `UNSUPPORTED_VERSION`.
 */
export async function openRequestAnswer(params: {
  requestId: string;
  /** d from the claim link's fragment. */
  privateKey: string;
  answer: SealedAnswer;
  engine?: CryptoEngine;
}): Promise<OpenedAnswer> {
  const engine = await resolveEngine(params.engine);
  const d = decodeKeyText(params.privateKey, 'request private key');
  const pair = await (await x25519Engine(engine)).x25519KeyPair(d);
  const ephemeralKey = base64UrlDecode(params.answer.ephemeralKey);
  const shared = await pair.deriveSharedSecret(ephemeralKey);
  const key = await answerKey(engine, shared, ephemeralKey, pair.publicKey, params.requestId);
  const envelopes = params.answer.files ?? [];
  const aad = answerTextAad(params.requestId, envelopes.length);
  const text = utf8Decode(await openEnvelope(engine, key, aad, params.answer.content));
  const files: FileMeta[] = [];
  for (const [index, { meta }] of envelopes.entries()) {
    files.push(await decryptFileMeta(key, meta, { index, count: envelopes.length }, engine));
  }
  return { text, files };
}
