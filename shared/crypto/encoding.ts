import { CryptoError } from './errors.ts';

/**
 * base64url without padding (RFC 4648 §5), the only binary encoding on our wire. Decoding is
 * strict and canonical — no padding, no whitespace, no standard-alphabet `+` or `/`, no stray
 * trailing bits — so each byte string has exactly one accepted encoding and a MAC over decoded
 * bytes covers exactly what was sent.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Characters per `String.fromCharCode` call: large enough to be fast, small enough for the stack. */
const CHUNK = 0x3000;

export function base64UrlEncode(bytes: Uint8Array): string {
  const chunks: string[] = [];
  const codes: number[] = [];
  const flush = () => {
    chunks.push(String.fromCharCode(...codes));
    codes.length = 0;
  };
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    codes.push(
      ALPHABET.charCodeAt(n >>> 18),
      ALPHABET.charCodeAt((n >>> 12) & 63),
      ALPHABET.charCodeAt((n >>> 6) & 63),
      ALPHABET.charCodeAt(n & 63),
    );
    if (codes.length >= CHUNK) flush();
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i] << 16) | (rest === 2 ? bytes[i + 1] << 8 : 0);
    codes.push(ALPHABET.charCodeAt(n >>> 18), ALPHABET.charCodeAt((n >>> 12) & 63));
    if (rest === 2) codes.push(ALPHABET.charCodeAt((n >>> 6) & 63));
  }
  flush();
  return chunks.join('');
}

/** Throws `CryptoError('MALFORMED')` for anything that is not canonical unpadded base64url. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  const rest = text.length % 4;
  if (rest === 1) throw new CryptoError('MALFORMED', 'invalid base64url length');
  const out = new Uint8Array(Math.floor(text.length / 4) * 3 + (rest === 0 ? 0 : rest - 1));
  const sextet = (index: number): number => {
    const code = text.charCodeAt(index);
    const value = code < 128 ? DECODE[code] : -1;
    if (value < 0) throw new CryptoError('MALFORMED', 'invalid base64url character');
    return value;
  };
  let o = 0;
  let i = 0;
  for (; i + 3 < text.length; i += 4) {
    const n = (sextet(i) << 18) | (sextet(i + 1) << 12) | (sextet(i + 2) << 6) | sextet(i + 3);
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 255;
    out[o++] = n & 255;
  }
  if (rest > 0) {
    const n = (sextet(i) << 18) | (sextet(i + 1) << 12) | (rest === 3 ? sextet(i + 2) << 6 : 0);
    // The unused low bits must be zero, otherwise several strings would decode to these bytes.
    if ((rest === 2 ? n & 0xffff : n & 0xff) !== 0) {
      throw new CryptoError('MALFORMED', 'non-canonical base64url');
    }
    out[o++] = n >>> 16;
    if (rest === 3) out[o] = (n >>> 8) & 255;
  }
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Throws `CryptoError('MALFORMED')` on invalid UTF-8 instead of inventing replacement characters. */
export function utf8Decode(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (cause) {
    throw new CryptoError('MALFORMED', 'invalid UTF-8', { cause });
  }
}
