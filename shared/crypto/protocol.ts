/**
 * Protocol v1 constants (DESIGN §3). Every label and size lives here so a CLI or a test can
 * reproduce the protocol from one page; changing any value is a protocol break (v2).
 */
export const PROTOCOL_VERSION = 'v1';

/** K_link, K_room, K_pw, K_content, proof and session keys are all 256-bit. */
export const KEY_BYTES = 32;
/** AES-GCM nonce: 96 bits, random per item. */
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const PASSWORD_SALT_BYTES = 16;
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; only tests may use fewer. */
export const NOTE_PBKDF2_ITERATIONS = 600_000;

/**
 * Domain-separation labels (UTF-8) for HKDF info, MACs and AADs. The note items' AADs extend
 * their label with the item's place in the note, all integers u32 big-endian:
 * - text:  `"ashnote/v1/note/text"  ‖ 0x00 ‖ imageCount`
 * - image: `"ashnote/v1/note/image" ‖ 0x00 ‖ index ‖ imageCount` (index from 0, in upload order)
 * e.g. the second of three images: `ashnote/v1/note/image` 00 00000001 00000003.
 * A file's metadata and chunks (note-files.ts) put the label in `fields(…)` instead:
 * - metadata: `fields("ashnote/v1/note/file/meta")  ‖ u32be(index) ‖ u32be(fileCount)`
 * - chunk:    `fields("ashnote/v1/note/file/chunk") ‖ u32be(chunkIndex) ‖ u8(last)`
 * A request's answer text has AAD `fields("ashnote/v1/request/answer/text", requestId,
 * u32be(attachmentCount))` (see request.ts).
 */
export const LABEL = {
  noteContent: 'ashnote/v1/content',
  noteAccess: 'ashnote/v1/access',
  noteLink: 'ashnote/v1/link',
  noteStatus: 'ashnote/v1/status',
  noteText: 'ashnote/v1/note/text',
  noteImage: 'ashnote/v1/note/image',
  noteFileMeta: 'ashnote/v1/note/file/meta',
  noteFileChunk: 'ashnote/v1/note/file/chunk',
  chatKeyExchange: 'ashnote/v1/chat/kx',
  chatMessage: 'ashnote/v1/chat/msg',
  chatSafety: 'ashnote/v1/chat/safety',
  requestLabel: 'ashnote/v1/request/label',
  requestClaim: 'ashnote/v1/request/claim',
  requestAnswerText: 'ashnote/v1/request/answer/text',
} as const;

/** HKDF info for a chat session key: `ashnote/v1/chat/<ROOMID>`. */
export function chatSessionInfo(roomId: string): string {
  return `ashnote/v1/chat/${roomId}`;
}

/** HKDF info for the key of a request's answer: `ashnote/v1/request/<REQUESTID>/answer`. */
export function requestAnswerInfo(requestId: string): string {
  return `ashnote/v1/request/${requestId}/answer`;
}
