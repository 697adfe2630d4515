import { base64UrlDecode, base64UrlEncode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { CryptoError } from './errors.ts';
import { KEY_BYTES } from './protocol.ts';

/** 32 random bytes as 43 base64url characters: the form K_link and K_room take in a URL fragment. */
export function randomKeyText(engine: CryptoEngine): string {
  return base64UrlEncode(engine.randomBytes(KEY_BYTES));
}

/** Decodes a fragment key; a mangled or truncated link is `MALFORMED`, not a crash. */
export function decodeKeyText(text: string, what: string): Uint8Array {
  const bytes = typeof text === 'string' ? base64UrlDecode(text) : new Uint8Array(0);
  if (bytes.length !== KEY_BYTES) {
    throw new CryptoError('MALFORMED', `${what} must be ${KEY_BYTES} bytes of base64url`);
  }
  return bytes;
}
