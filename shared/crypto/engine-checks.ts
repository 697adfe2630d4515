import { assertLength } from './bytes.ts';
import type { Curve } from './engine.ts';
import { CryptoError } from './errors.ts';
import { IV_BYTES, KEY_BYTES, TAG_BYTES } from './protocol.ts';

/**
 * Argument checks both engines run first, so they also agree on what they refuse: WebCrypto
 * would quietly accept an AES-128 key or a 16-byte IV, and noble a compressed P-256 point.
 */
export function checkAesGcm(key: Uint8Array, iv: Uint8Array): void {
  assertLength(key, KEY_BYTES, 'AES-256-GCM key');
  assertLength(iv, IV_BYTES, 'AES-GCM IV');
}

export function checkCiphertext(ciphertext: Uint8Array): void {
  if (ciphertext.length < TAG_BYTES)
    throw new CryptoError('DECRYPT_FAILED', 'ciphertext too short');
}

export function checkOutputLength(length: number, max: number): void {
  if (!Number.isSafeInteger(length) || length < 1 || length > max) {
    throw new CryptoError('INVALID_INPUT', `output length must be 1..${max} bytes`);
  }
}

export function checkIterations(iterations: number): void {
  if (!Number.isSafeInteger(iterations) || iterations < 1) {
    throw new CryptoError('INVALID_INPUT', 'iterations must be a positive integer');
  }
}

/** HKDF-SHA256 can expand to at most 255 blocks of 32 bytes (RFC 5869 §2.3). */
export const HKDF_MAX_BYTES = 255 * 32;
/** Generous bound for PBKDF2 output; the protocol asks for 32. */
export const PBKDF2_MAX_BYTES = 1024;

const PUBLIC_KEY_BYTES: Record<Curve, number> = { X25519: 32, 'P-256': 65 };

/** Raw public keys only: X25519's 32-byte u-coordinate, P-256's uncompressed `04‖x‖y`. */
export function checkPublicKey(curve: Curve, publicKey: Uint8Array): void {
  const valid =
    publicKey.length === PUBLIC_KEY_BYTES[curve] && (curve !== 'P-256' || publicKey[0] === 0x04);
  if (!valid) throw new CryptoError('INVALID_PUBLIC_KEY', `not a raw ${curve} public key`);
}

/**
 * X25519 with a small-order peer point yields all zeros; RFC 7748 §6.1 lets us refuse it, and we
 * do, so a forged public key cannot force a predictable "shared" secret.
 */
export function checkSharedSecret(secret: Uint8Array): Uint8Array {
  if (secret.every((byte) => byte === 0)) {
    throw new CryptoError('INVALID_PUBLIC_KEY', 'all-zero shared secret');
  }
  return secret;
}
