import { CryptoError } from './errors.ts';
import { utf8Encode } from './encoding.ts';

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Compares MACs and verifiers without an early exit, so response timing does not tell an
 * attacker how many leading bytes of a forgery were right.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** A 4-byte big-endian unsigned integer, the protocol's one integer encoding. */
export function u32be(value: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw new CryptoError('INVALID_INPUT', 'not a 32-bit unsigned integer');
  }
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/**
 * Unambiguous concatenation for MAC inputs and AADs: each field is a 4-byte big-endian length
 * followed by its bytes (strings as UTF-8). Without the lengths, room "ab" + participant "c"
 * would authenticate the same bytes as room "a" + participant "bc".
 */
export function encodeFields(...fields: readonly (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  for (const field of fields) {
    const bytes = typeof field === 'string' ? utf8Encode(field) : field;
    parts.push(u32be(bytes.length), bytes);
  }
  return concatBytes(...parts);
}

export function assertLength(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length !== length) {
    throw new CryptoError('INVALID_INPUT', `${what} must be ${length} bytes`);
  }
}
