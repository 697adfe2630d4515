import { CryptoError } from './errors.ts';

/** `getRandomValues` refuses more than 65,536 bytes per call. */
const MAX_PER_CALL = 65_536;

/**
 * Secure random bytes from `crypto.getRandomValues`, which browsers expose even outside secure
 * contexts (unlike `crypto.subtle`), so both engines draw from it. Where it does not exist at
 * all there is no secure source to fall back on, and nothing may be sealed.
 */
export function randomBytes(length: number): Uint8Array {
  const source = globalThis.crypto;
  if (typeof source?.getRandomValues !== 'function') {
    throw new CryptoError('UNAVAILABLE', 'crypto.getRandomValues is unavailable');
  }
  const out = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += MAX_PER_CALL) {
    source.getRandomValues(out.subarray(offset, Math.min(length, offset + MAX_PER_CALL)));
  }
  return out;
}
