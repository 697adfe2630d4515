import { concatBytes, u32be } from './bytes.ts';
import { utf8Decode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { openEnvelope, sealEnvelope } from './envelope.ts';
import { CryptoError } from './errors.ts';
import { resolveEngine } from './get-engine.ts';
import { decryptFileMeta, type FileMeta } from './note-files.ts';
import { LABEL } from './protocol.ts';

/**
 * Note items under K_content. Each AAD names the item kind, so the server cannot pass an image
 * envelope off as the note text (or the reverse), and its place in the note (exact bytes in
 * protocol.ts): every image carries its index and the image count, and the text the image count
 * and, when the note has files, the file count (each file's metadata binds its own place, see
 * note-files.ts). So a server that drops, repeats or reorders images or files, or drops them all,
 * makes the note fail to decrypt instead of showing a different note; GCM's tag catches any other
 * change.
 */

/** How many of each kind of item a note's text was sealed with. */
export interface AttachmentCounts {
  images: number;
  /** Files (note-files.ts); absent or 0 for a note without files. */
  files?: number;
}

/** Where an image sits among the note's images, as the sender attached them. */
export interface ImagePosition {
  /** From 0. */
  index: number;
  /** How many images the note has. */
  count: number;
}

const SEPARATOR = Uint8Array.of(0);

/**
 * The file count is appended only when there are files, so the AAD of a note without files (every
 * note made before files existed) is unchanged.
 */
function textAad({ images, files = 0 }: AttachmentCounts): Uint8Array {
  const aad = concatBytes(utf8Encode(LABEL.noteText), SEPARATOR, u32be(images));
  return files === 0 ? aad : concatBytes(aad, u32be(files));
}

function imageAad({ index, count }: ImagePosition): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new CryptoError('INVALID_INPUT', 'image index must be within the image count');
  }
  return concatBytes(utf8Encode(LABEL.noteImage), SEPARATOR, u32be(index), u32be(count));
}

export async function encryptNoteText(
  contentKey: Uint8Array,
  text: string,
  counts: AttachmentCounts,
  engine?: CryptoEngine,
): Promise<string> {
  return sealEnvelope(await resolveEngine(engine), contentKey, textAad(counts), utf8Encode(text));
}

/**
 * `counts` are the numbers of image and file envelopes that arrived with the text. Throws
 * `DECRYPT_FAILED` (wrong key, tampering, images or files missing or added), `MALFORMED` or
 * `UNSUPPORTED_VERSION`.
 */
export async function decryptNoteText(
  contentKey: Uint8Array,
  envelope: string,
  counts: AttachmentCounts,
  engine?: CryptoEngine,
): Promise<string> {
  const aad = textAad(counts);
  return utf8Decode(await openEnvelope(await resolveEngine(engine), contentKey, aad, envelope));
}

/**
 * An attached image. After decryption `name` and `type` are whatever the sender chose: render
 * the bytes only as an image of an allow-listed type and never use `name` as a path.
 */
export interface NoteImage {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const IMAGE_FORMAT = 1;
const MAX_FIELD_BYTES = 0xffff;

/**
 * Inner image format, so the name and MIME type are encrypted along with the pixels:
 * `0x01 ‖ u16be len ‖ name (UTF-8) ‖ u16be len ‖ type (UTF-8) ‖ image bytes`.
 * Binary rather than JSON + base64, which would grow a 10 MB image by a third before encryption.
 */
export function encodeImagePayload(image: NoteImage): Uint8Array {
  const name = utf8Encode(image.name);
  const type = utf8Encode(image.type);
  if (name.length > MAX_FIELD_BYTES || type.length > MAX_FIELD_BYTES) {
    throw new CryptoError('INVALID_INPUT', 'image name or type too long');
  }
  const header = new Uint8Array(5 + name.length + type.length);
  const view = new DataView(header.buffer);
  header[0] = IMAGE_FORMAT;
  view.setUint16(1, name.length);
  header.set(name, 3);
  view.setUint16(3 + name.length, type.length);
  header.set(type, 5 + name.length);
  return concatBytes(header, image.bytes);
}

export function decodeImagePayload(payload: Uint8Array): NoteImage {
  const malformed = () => new CryptoError('MALFORMED', 'not an image payload');
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  if (payload.length < 5 || payload[0] !== IMAGE_FORMAT) throw malformed();
  const nameEnd = 3 + view.getUint16(1);
  if (nameEnd + 2 > payload.length) throw malformed();
  const typeEnd = nameEnd + 2 + view.getUint16(nameEnd);
  if (typeEnd > payload.length) throw malformed();
  return {
    name: utf8Decode(payload.subarray(3, nameEnd)),
    type: utf8Decode(payload.subarray(nameEnd + 2, typeEnd)),
    bytes: payload.slice(typeEnd),
  };
}

export async function encryptNoteImage(
  contentKey: Uint8Array,
  image: NoteImage,
  position: ImagePosition,
  engine?: CryptoEngine,
): Promise<string> {
  const aad = imageAad(position);
  const payload = encodeImagePayload(image);
  return sealEnvelope(await resolveEngine(engine), contentKey, aad, payload);
}

/**
 * `position` is where the envelope arrived among the note's image envelopes. Throws
 * `DECRYPT_FAILED` (wrong key, tampering, an image moved, repeated or from another note),
 * `MALFORMED` or `UNSUPPORTED_VERSION`.
 */
export async function decryptNoteImage(
  contentKey: Uint8Array,
  envelope: string,
  position: ImagePosition,
  engine?: CryptoEngine,
): Promise<NoteImage> {
  const aad = imageAad(position);
  const payload = await openEnvelope(await resolveEngine(engine), contentKey, aad, envelope);
  return decodeImagePayload(payload);
}

/** A note as the server returns it to its reader. */
export interface SealedNote {
  content: string;
  attachedImages: readonly string[];
  /** Each file's metadata envelope; its chunks are fetched and opened separately. */
  files?: readonly { meta: string }[];
}

export interface OpenedNote {
  text: string;
  /** In the order the sender attached them. */
  images: NoteImage[];
  /** In the order the sender attached them: what opening each file's chunks needs. */
  files: FileMeta[];
}

/**
 * The reader's side: the text, every image and every file's metadata, each checked against its
 * place among what arrived, so the note opens only exactly as it was sealed. Throws like
 * `decryptNoteText`.
 */
export async function decryptNote(
  contentKey: Uint8Array,
  sealed: SealedNote,
  engine?: CryptoEngine,
): Promise<OpenedNote> {
  const count = sealed.attachedImages.length;
  const fileEnvelopes = sealed.files ?? [];
  const counts = { images: count, files: fileEnvelopes.length };
  const text = await decryptNoteText(contentKey, sealed.content, counts, engine);
  const images: NoteImage[] = [];
  for (const [index, envelope] of sealed.attachedImages.entries()) {
    images.push(await decryptNoteImage(contentKey, envelope, { index, count }, engine));
  }
  const files: FileMeta[] = [];
  for (const [index, { meta }] of fileEnvelopes.entries()) {
    const position = { index, count: fileEnvelopes.length };
    files.push(await decryptFileMeta(contentKey, meta, position, engine));
  }
  return { text, images, files };
}
