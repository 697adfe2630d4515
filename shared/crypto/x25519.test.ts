import { describe, expect, it } from 'vitest';
import { x25519, X25519_BASE_POINT, x25519PublicKey } from './x25519.ts';

const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('X25519 (RFC 7748)', () => {
  it('§5.2 test vector 1', () => {
    const out = x25519(
      fromHex('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4'),
      fromHex('e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c'),
    );
    expect(hex(out)).toBe('c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552');
  });

  it('§5.2 test vector 2 (u with the top bit set, which must be masked)', () => {
    const out = x25519(
      fromHex('4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d'),
      fromHex('e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493'),
    );
    expect(hex(out)).toBe('95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957');
  });

  it('§5.2 iterated: after 1 and 1,000 iterations', () => {
    let k: Uint8Array = X25519_BASE_POINT;
    let u: Uint8Array = X25519_BASE_POINT;
    for (let i = 1; i <= 1000; i++) {
      [k, u] = [x25519(k, u), k];
      if (i === 1) {
        expect(hex(k)).toBe('422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079');
      }
    }
    expect(hex(k)).toBe('684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51');
  });

  it('§6.1 Diffie-Hellman', () => {
    const alice = fromHex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
    const bob = fromHex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
    const alicePublic = x25519PublicKey(alice);
    const bobPublic = x25519PublicKey(bob);
    expect(hex(alicePublic)).toBe(
      '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
    );
    expect(hex(bobPublic)).toBe('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
    const shared = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
    expect(hex(x25519(alice, bobPublic))).toBe(shared);
    expect(hex(x25519(bob, alicePublic))).toBe(shared);
  });
});
