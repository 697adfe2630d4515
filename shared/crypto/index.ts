/**
 * Ashnote client-side crypto, protocol v1 (DESIGN §3). Runs in browsers, workers, Electron and
 * Node; everything async so key derivation can move into a Web Worker unchanged.
 */
export { CryptoError, isCryptoError } from './errors.ts';
export type { CryptoErrorCode } from './errors.ts';

export { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from './encoding.ts';

export { CURVES } from './engine.ts';
export type { CryptoEngine, Curve, EcdhKeyPair } from './engine.ts';
export { hasWebCrypto, webCryptoEngine } from './webcrypto-engine.ts';
export { getEngine, loadNobleEngine } from './get-engine.ts';

export {
  IV_BYTES,
  KEY_BYTES,
  LABEL,
  NOTE_PBKDF2_ITERATIONS,
  PASSWORD_SALT_BYTES,
  PROTOCOL_VERSION,
  TAG_BYTES,
} from './protocol.ts';
export { parseEnvelope } from './envelope.ts';
export type { ParsedEnvelope } from './envelope.ts';

export { createNoteKeys, deriveNoteKeys, generateLinkKey, verifierFromProof } from './note-keys.ts';
export type { NoteKdf, NoteKeyOptions, NoteKeys } from './note-keys.ts';
export { createStatusKeys, deriveStatusKeys } from './status-keys.ts';
export type { StatusKeys } from './status-keys.ts';
export {
  decryptNote,
  decryptNoteImage,
  decryptNoteText,
  encryptNoteImage,
  encryptNoteText,
} from './note-content.ts';
export type {
  AttachmentCounts,
  ImagePosition,
  NoteImage,
  OpenedNote,
  SealedNote,
} from './note-content.ts';
export {
  chunkCount,
  chunkPlaintextLength,
  chunkWireLength,
  createFileMeta,
  decryptFileChunk,
  decryptFileMeta,
  decryptFileStream,
  encryptFileChunk,
  encryptFileMeta,
  encryptFileMetas,
  encryptFileStream,
} from './note-files.ts';
export type { EncryptedChunk, FileCipher, FileMeta, FilePosition } from './note-files.ts';

export {
  chooseCurve,
  deriveChatSessionKey,
  generateRoomKey,
  KeyExchange,
  keyExchangeMessageSchema,
} from './chat-kx.ts';
export type { KeyExchangeMessage, KeyExchangeOffer, KeyExchangeParams } from './chat-kx.ts';
export { ChatSession } from './chat-session.ts';
export type {
  ChatDropReason,
  ChatPlaintext,
  ChatReceiveResult,
  ReceivedChatMessage,
  SealedChatMessage,
} from './chat-session.ts';
export { deriveSafetyCode } from './safety-code.ts';
