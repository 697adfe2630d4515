import { concatBytes } from './bytes.ts';
import { utf8Decode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { openEnvelope, sealEnvelope } from './envelope.ts';
import { CryptoError } from './errors.ts';
import { resolveEngine } from './get-engine.ts';
import { LABEL } from './protocol.ts';

/**
 * Note items under K_content. The AAD names the item kind, so the server cannot pass an image
 * envelope off as the note text (or the reverse); GCM's tag catches any other change.
 */

const TEXT_AAD = utf8Encode(LABEL.noteText);
const IMAGE_AAD = utf8Encode(LABEL.noteImage);

export async function encryptNoteText(
  contentKey: Uint8Array,
  text: string,
  engine?: CryptoEngine,
): Promise<string> {
  return sealEnvelope(await resolveEngine(engine), contentKey, TEXT_AAD, utf8Encode(text));
}

/** Throws `DECRYPT_FAILED` (wrong key, tampering), `MALFORMED` or `UNSUPPORTED_VERSION`. */
export async function decryptNoteText(
  contentKey: Uint8Array,
  envelope: string,
  engine?: CryptoEngine,
): Promise<string> {
  return utf8Decode(
    await openEnvelope(await resolveEngine(engine), contentKey, TEXT_AAD, envelope),
  );
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
  engine?: CryptoEngine,
): Promise<string> {
  const payload = encodeImagePayload(image);
  return sealEnvelope(await resolveEngine(engine), contentKey, IMAGE_AAD, payload);
}

/** Throws `DECRYPT_FAILED` (wrong key, tampering), `MALFORMED` or `UNSUPPORTED_VERSION`. */
export async function decryptNoteImage(
  contentKey: Uint8Array,
  envelope: string,
  engine?: CryptoEngine,
): Promise<NoteImage> {
  const payload = await openEnvelope(await resolveEngine(engine), contentKey, IMAGE_AAD, envelope);
  return decodeImagePayload(payload);
}
