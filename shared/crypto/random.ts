/** `getRandomValues` refuses more than 65,536 bytes per call. */
const MAX_PER_CALL = 65_536;

/**
 * Secure random bytes from `crypto.getRandomValues`, which browsers expose even outside secure
 * contexts (unlike `crypto.subtle`). Returns null where it does not exist at all.
 */
export function webRandomBytes(length: number): Uint8Array | null {
  const source = globalThis.crypto;
  if (typeof source?.getRandomValues !== 'function') return null;
  const out = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += MAX_PER_CALL) {
    source.getRandomValues(out.subarray(offset, Math.min(length, offset + MAX_PER_CALL)));
  }
  return out;
}
