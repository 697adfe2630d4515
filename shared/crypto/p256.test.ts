import { describe, expect, it } from 'vitest';
import { CryptoError } from './errors.ts';
import { isP256PrivateKey, p256PublicKey, p256SharedSecret } from './p256.ts';

const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** NIST CAVS ECC CDH primitive test vectors (KAS_ECC_CDH_PrimitiveTest.txt), P-256, COUNT = 0. */
const peer =
  '04700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287' +
  'db71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac';
const d = fromHex('7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534');

describe('P-256 ECDH (BigInt fallback)', () => {
  it('derives the CAVS public key', () => {
    expect(hex(p256PublicKey(d))).toBe(
      '04ead218590119e8876b29146ff89ca61770c4edbbf97d38ce385ed281d8a6b230' +
        '28af61281fd35e2fa7002523acc85a429cb06ee6648325389f59edfce1405141',
    );
  });

  it('derives the CAVS shared secret Z', () => {
    expect(hex(p256SharedSecret(d, fromHex(peer)))).toBe(
      '46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b',
    );
  });

  it('refuses points off the curve and coordinates ≥ p', () => {
    const offCurve = fromHex(peer);
    offCurve[64] ^= 1;
    expect(() => p256SharedSecret(d, offCurve)).toThrow(CryptoError);
    const tooBig = new Uint8Array(65).fill(0xff);
    tooBig[0] = 4;
    expect(() => p256SharedSecret(d, tooBig)).toThrow(CryptoError);
  });

  it('accepts only private scalars in [1, n-1]', () => {
    expect(isP256PrivateKey(d)).toBe(true);
    expect(isP256PrivateKey(new Uint8Array(32))).toBe(false);
    expect(isP256PrivateKey(new Uint8Array(32).fill(0xff))).toBe(false);
    expect(isP256PrivateKey(new Uint8Array(31).fill(1))).toBe(false);
  });
});
