import { utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { LABEL } from './protocol.ts';

const GROUPS = 4;
const BYTES_PER_GROUP = 5;

/**
 * The code both people compare out of band (e.g. read aloud). Anyone holding the room link can
 * sit in the middle of the key exchange; they then share one session key with each side, the
 * two keys differ, and so do the codes. 4 groups of 5 digits ≈ 66 bits; a man in the middle
 * grinding his own keys on both sides needs about 2³³ tries (birthday bound), all between seeing
 * the two public keys and answering — out of reach for anyone short of a large compute budget.
 *
 * Format: HKDF-SHA256(sessionKey, empty salt, "ashnote/v1/chat/safety", 20 bytes); each 5-byte
 * group read as a big-endian integer mod 100000, zero-padded, groups joined by spaces
 * ("01234 56789 01234 56789"). 2⁴⁰ mod 10⁵ makes the bias negligible (< 10⁻⁷).
 */
export async function deriveSafetyCode(
  engine: CryptoEngine,
  sessionKey: Uint8Array,
): Promise<string> {
  const bytes = await engine.hkdfSha256(
    sessionKey,
    new Uint8Array(0),
    utf8Encode(LABEL.chatSafety),
    GROUPS * BYTES_PER_GROUP,
  );
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let n = 0;
    for (let i = 0; i < BYTES_PER_GROUP; i++) n = n * 256 + bytes[g * BYTES_PER_GROUP + i];
    groups.push(String(n % 100_000).padStart(5, '0'));
  }
  return groups.join(' ');
}
