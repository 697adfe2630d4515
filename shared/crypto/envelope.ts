import { base64UrlDecode, base64UrlEncode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { CryptoError } from './errors.ts';
import { IV_BYTES, PROTOCOL_VERSION, TAG_BYTES } from './protocol.ts';

/**
 * The serialized form of every encrypted item: `v1.<iv>.<ciphertext‖tag>`, both parts unpadded
 * base64url. Each item gets a fresh random 96-bit IV; NIST SP 800-38D allows 2³² such items per
 * key, far beyond what one note or one chat session seals, so IVs never repeat in practice
 * (a repeat would leak the XOR of two plaintexts and the GHASH key).
 */
export async function sealEnvelope(
  engine: CryptoEngine,
  key: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Promise<string> {
  const iv = engine.randomBytes(IV_BYTES);
  const sealed = await engine.aesGcmEncrypt(key, iv, plaintext, aad);
  return `${PROTOCOL_VERSION}.${base64UrlEncode(iv)}.${base64UrlEncode(sealed)}`;
}

export interface ParsedEnvelope {
  version: typeof PROTOCOL_VERSION;
  iv: Uint8Array;
  ciphertext: Uint8Array;
}

/** Throws `UNSUPPORTED_VERSION` for another version tag and `MALFORMED` for anything else odd. */
export function parseEnvelope(envelope: string): ParsedEnvelope {
  const parts = envelope.split('.');
  const [version, ivText, ciphertextText] = parts;
  if (version !== PROTOCOL_VERSION) {
    const code = /^v\d+$/.test(version ?? '') ? 'UNSUPPORTED_VERSION' : 'MALFORMED';
    throw new CryptoError(code, 'not a v1 envelope');
  }
  if (parts.length !== 3 || ivText === undefined || ciphertextText === undefined) {
    throw new CryptoError('MALFORMED', 'envelope must have three parts');
  }
  const iv = base64UrlDecode(ivText);
  const ciphertext = base64UrlDecode(ciphertextText);
  if (iv.length !== IV_BYTES || ciphertext.length < TAG_BYTES) {
    throw new CryptoError('MALFORMED', 'envelope IV or ciphertext has the wrong size');
  }
  return { version, iv, ciphertext };
}

/** Throws `DECRYPT_FAILED` when the key or the AAD differs from sealing, or a byte changed. */
export async function openEnvelope(
  engine: CryptoEngine,
  key: Uint8Array,
  aad: Uint8Array,
  envelope: string,
): Promise<Uint8Array> {
  const { iv, ciphertext } = parseEnvelope(envelope);
  return engine.aesGcmDecrypt(key, iv, ciphertext, aad);
}
