import { describe, expect, it } from 'vitest';
import type { CryptoEngine } from './engine.ts';
import { nobleEngine, noblePublicKey, nobleSharedSecret } from './noble-engine.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';
import { ENGINES, fromHex, hex, rejection } from './testing.ts';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const range = (from: number, to: number) =>
  Uint8Array.from({ length: to - from + 1 }, (_, i) => from + i);
const empty = new Uint8Array(0);

/** McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 13–16 (AES-256). */
const K15 = 'feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308';
const P15 =
  'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72' +
  '1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255';
const C15 =
  '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa' +
  '8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad';
const GCM_VECTORS = [
  {
    name: 'test case 13',
    key: '00'.repeat(32),
    iv: '00'.repeat(12),
    plaintext: '',
    aad: '',
    output: '530f8afbc74536b9a963b4f1c4cb738b',
  },
  {
    name: 'test case 14',
    key: '00'.repeat(32),
    iv: '00'.repeat(12),
    plaintext: '00'.repeat(16),
    aad: '',
    output: 'cea7403d4d606b6e074ec5d3baf39d18' + 'd0d1c8a799996bf0265b98b5d48ab919',
  },
  {
    name: 'test case 15',
    key: K15,
    iv: 'cafebabefacedbaddecaf888',
    plaintext: P15,
    aad: '',
    output: C15 + 'b094dac5d93471bdec1a502270e3cc6c',
  },
  {
    name: 'test case 16 (with AAD)',
    key: K15,
    iv: 'cafebabefacedbaddecaf888',
    plaintext: P15.slice(0, 120),
    aad: 'feedfacedeadbeeffeedfacedeadbeefabaddad2',
    output: C15.slice(0, 120) + '76fc6ece0f4e1768cddf8853bb2d551b',
  },
];

describe.each(ENGINES)('%s engine', (_name, engine) => {
  describe('AES-256-GCM', () => {
    it.each(GCM_VECTORS)('encrypts and decrypts $name', async (v) => {
      const args = [fromHex(v.key), fromHex(v.iv)] as const;
      const sealed = await engine.aesGcmEncrypt(...args, fromHex(v.plaintext), fromHex(v.aad));
      expect(hex(sealed)).toBe(v.output);
      const opened = await engine.aesGcmDecrypt(...args, fromHex(v.output), fromHex(v.aad));
      expect(hex(opened)).toBe(v.plaintext);
    });

    it('rejects a flipped bit anywhere, a wrong key and a wrong AAD', async () => {
      const v = GCM_VECTORS[3];
      const [key, iv, aad, output] = [
        fromHex(v.key),
        fromHex(v.iv),
        fromHex(v.aad),
        fromHex(v.output),
      ];
      for (const index of [0, 30, output.length - 1]) {
        const tampered = Uint8Array.from(output);
        tampered[index] ^= 1;
        expect(await rejection(engine.aesGcmDecrypt(key, iv, tampered, aad))).toBe(
          'DECRYPT_FAILED',
        );
      }
      const otherKey = Uint8Array.from(key);
      otherKey[5] ^= 0x80;
      expect(await rejection(engine.aesGcmDecrypt(otherKey, iv, output, aad))).toBe(
        'DECRYPT_FAILED',
      );
      expect(await rejection(engine.aesGcmDecrypt(key, iv, output, aad.subarray(1)))).toBe(
        'DECRYPT_FAILED',
      );
      expect(await rejection(engine.aesGcmDecrypt(key, iv, output.subarray(0, 15), aad))).toBe(
        'DECRYPT_FAILED',
      );
    });

    it('refuses anything but a 256-bit key and a 96-bit IV', async () => {
      const iv = new Uint8Array(12);
      expect(await rejection(engine.aesGcmEncrypt(new Uint8Array(16), iv, empty, empty))).toBe(
        'INVALID_INPUT',
      );
      expect(
        await rejection(engine.aesGcmEncrypt(new Uint8Array(32), new Uint8Array(16), empty, empty)),
      ).toBe('INVALID_INPUT');
    });
  });

  describe('HKDF-SHA256 (RFC 5869 appendix A)', () => {
    it('test case 1', async () => {
      const okm = await engine.hkdfSha256(
        new Uint8Array(22).fill(0x0b),
        range(0, 12),
        range(0xf0, 0xf9),
        42,
      );
      expect(hex(okm)).toBe(
        '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
      );
    });

    it('test case 2 (long inputs)', async () => {
      const okm = await engine.hkdfSha256(range(0, 0x4f), range(0x60, 0xaf), range(0xb0, 0xff), 82);
      expect(hex(okm)).toBe(
        'b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c' +
          '59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71' +
          'cc30c58179ec3e87c14c01d5c1f3434f1d87',
      );
    });

    it('test case 3 (empty salt and info, as the protocol uses)', async () => {
      const okm = await engine.hkdfSha256(new Uint8Array(22).fill(0x0b), empty, empty, 42);
      expect(hex(okm)).toBe(
        '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8',
      );
    });
  });

  describe('PBKDF2-HMAC-SHA256', () => {
    it.each([
      [1, '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b'],
      [2, 'ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43'],
      [4096, 'c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a'],
    ])('"password"/"salt", c = %i, dkLen 32', async (iterations, expected) => {
      const key = await engine.pbkdf2Sha256(ascii('password'), ascii('salt'), iterations, 32);
      expect(hex(key)).toBe(expected);
    });

    it('long password and salt, c = 4096, dkLen 40 (two blocks)', async () => {
      const key = await engine.pbkdf2Sha256(
        ascii('passwordPASSWORDpassword'),
        ascii('saltSALTsaltSALTsaltSALTsaltSALTsalt'),
        4096,
        40,
      );
      expect(hex(key)).toBe(
        '348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9',
      );
    });
  });

  it('SHA-256 ("abc", FIPS 180-2)', async () => {
    expect(hex(await engine.sha256(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('HMAC-SHA256 (RFC 4231 test case 2)', async () => {
    const mac = await engine.hmacSha256(ascii('Jefe'), ascii('what do ya want for nothing?'));
    expect(hex(mac)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('random bytes have the requested length and vary', () => {
    const a = engine.randomBytes(100_000);
    const b = engine.randomBytes(100_000);
    expect(a.length).toBe(100_000);
    expect(hex(a.subarray(0, 32))).not.toBe(hex(b.subarray(0, 32)));
    expect(new Set(a).size).toBe(256);
  });
});

describe('engines agree byte for byte', () => {
  it('on AES-GCM for lengths around the block size, with and without AAD', async () => {
    const key = webCryptoEngine.randomBytes(32);
    const iv = webCryptoEngine.randomBytes(12);
    for (const length of [0, 1, 15, 16, 17, 31, 32, 33, 1000, 70_001]) {
      const plaintext = webCryptoEngine.randomBytes(length);
      const aad = webCryptoEngine.randomBytes(length % 40);
      const web = await webCryptoEngine.aesGcmEncrypt(key, iv, plaintext, aad);
      const fallback = await nobleEngine.aesGcmEncrypt(key, iv, plaintext, aad);
      expect(hex(fallback)).toBe(hex(web));
      expect(await nobleEngine.aesGcmDecrypt(key, iv, web, aad)).toEqual(plaintext);
      expect(await webCryptoEngine.aesGcmDecrypt(key, iv, fallback, aad)).toEqual(plaintext);
    }
  });

  it('on HKDF, HMAC (including an empty key) and SHA-256', async () => {
    for (const length of [1, 32, 33, 64, 100]) {
      const ikm = webCryptoEngine.randomBytes(length);
      const salt = webCryptoEngine.randomBytes(length % 3 === 0 ? 0 : 16);
      const info = webCryptoEngine.randomBytes(length % 7);
      expect(hex(await nobleEngine.hkdfSha256(ikm, salt, info, length))).toBe(
        hex(await webCryptoEngine.hkdfSha256(ikm, salt, info, length)),
      );
      expect(hex(await nobleEngine.hmacSha256(salt, ikm))).toBe(
        hex(await webCryptoEngine.hmacSha256(salt, ikm)),
      );
      expect(hex(await nobleEngine.sha256(ikm))).toBe(hex(await webCryptoEngine.sha256(ikm)));
    }
  });

  it('on PBKDF2 with non-ASCII passwords', async () => {
    const password = new TextEncoder().encode('pässwörd ✓');
    const salt = range(1, 16);
    expect(hex(await nobleEngine.pbkdf2Sha256(password, salt, 1000, 32))).toBe(
      hex(await webCryptoEngine.pbkdf2Sha256(password, salt, 1000, 32)),
    );
  });
});

describe('ECDH', () => {
  const pairs: [string, CryptoEngine, CryptoEngine][] = [
    ['webcrypto ↔ webcrypto', webCryptoEngine, webCryptoEngine],
    ['webcrypto ↔ noble', webCryptoEngine, nobleEngine],
    ['noble ↔ webcrypto', nobleEngine, webCryptoEngine],
    ['noble ↔ noble', nobleEngine, nobleEngine],
  ];

  it('both engines support both curves here (Node 22 WebCrypto has X25519)', async () => {
    expect(await webCryptoEngine.supportedCurves()).toEqual(['X25519', 'P-256']);
    expect(await nobleEngine.supportedCurves()).toEqual(['X25519', 'P-256']);
  });

  describe.each(['X25519', 'P-256'] as const)('%s', (curve) => {
    it.each(pairs)('%s derive the same secret', async (_label, one, two) => {
      const alice = await one.generateEcdhKeyPair(curve);
      const bob = await two.generateEcdhKeyPair(curve);
      expect(alice.curve).toBe(curve);
      expect(alice.publicKey.length).toBe(curve === 'X25519' ? 32 : 65);
      const a = await alice.deriveSharedSecret(bob.publicKey);
      const b = await bob.deriveSharedSecret(alice.publicKey);
      expect(a.length).toBe(32);
      expect(hex(a)).toBe(hex(b));
      const eve = await two.generateEcdhKeyPair(curve);
      expect(hex(await alice.deriveSharedSecret(eve.publicKey))).not.toBe(hex(a));
    });
  });

  it.each(ENGINES)('%s refuses invalid peer keys', async (_name, engine) => {
    const x = await engine.generateEcdhKeyPair('X25519');
    // u = 0 and u = 1 are small-order points: the "shared secret" would be all zeros.
    expect(await rejection(x.deriveSharedSecret(new Uint8Array(32)))).toBe('INVALID_PUBLIC_KEY');
    const one = new Uint8Array(32);
    one[0] = 1;
    expect(await rejection(x.deriveSharedSecret(one))).toBe('INVALID_PUBLIC_KEY');
    expect(await rejection(x.deriveSharedSecret(new Uint8Array(31)))).toBe('INVALID_PUBLIC_KEY');

    const p = await engine.generateEcdhKeyPair('P-256');
    const other = await engine.generateEcdhKeyPair('P-256');
    const offCurve = Uint8Array.from(other.publicKey);
    offCurve[64] ^= 1;
    expect(await rejection(p.deriveSharedSecret(offCurve))).toBe('INVALID_PUBLIC_KEY');
    const compressed = Uint8Array.of(0x02, ...other.publicKey.subarray(1, 33));
    expect(await rejection(p.deriveSharedSecret(compressed))).toBe('INVALID_PUBLIC_KEY');
    expect(await rejection(p.deriveSharedSecret(x.publicKey))).toBe('INVALID_PUBLIC_KEY');
  });
});

/**
 * The noble engine's ECDH on fixed keys (its key pairs hold random ones): the same functions its
 * key pairs call, so these vectors also check the encodings around noble (raw X25519 keys,
 * uncompressed P-256 points, the x-coordinate as the P-256 secret).
 */
describe('noble ECDH (published vectors)', () => {
  const x25519 = (scalar: Uint8Array, u: Uint8Array) => nobleSharedSecret('X25519', scalar, u);

  it('X25519, RFC 7748 §5.2 test vector 1', () => {
    const out = x25519(
      fromHex('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4'),
      fromHex('e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c'),
    );
    expect(hex(out)).toBe('c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552');
  });

  it('X25519, RFC 7748 §5.2 test vector 2 (u with the top bit set, which must be masked)', () => {
    const out = x25519(
      fromHex('4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d'),
      fromHex('e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493'),
    );
    expect(hex(out)).toBe('95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957');
  });

  it('X25519, RFC 7748 §5.2 iterated: after 1 and 1,000 iterations', () => {
    const basePoint = new Uint8Array(32);
    basePoint[0] = 9;
    let k: Uint8Array = basePoint;
    let u: Uint8Array = basePoint;
    for (let i = 1; i <= 1000; i++) {
      [k, u] = [x25519(k, u), k];
      if (i === 1) {
        expect(hex(k)).toBe('422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079');
      }
    }
    expect(hex(k)).toBe('684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51');
  });

  it('X25519, RFC 7748 §6.1 Diffie-Hellman', () => {
    const alice = fromHex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
    const bob = fromHex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
    const alicePublic = noblePublicKey('X25519', alice);
    const bobPublic = noblePublicKey('X25519', bob);
    expect(hex(alicePublic)).toBe(
      '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
    );
    expect(hex(bobPublic)).toBe('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
    const shared = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
    expect(hex(x25519(alice, bobPublic))).toBe(shared);
    expect(hex(x25519(bob, alicePublic))).toBe(shared);
  });

  describe('P-256, NIST CAVS ECC CDH primitive test (KAS_ECC_CDH_PrimitiveTest.txt, COUNT = 0)', () => {
    const peer = fromHex(
      '04700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287' +
        'db71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac',
    );
    const d = fromHex('7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534');

    it('derives the public key as an uncompressed point', () => {
      expect(hex(noblePublicKey('P-256', d))).toBe(
        '04ead218590119e8876b29146ff89ca61770c4edbbf97d38ce385ed281d8a6b230' +
          '28af61281fd35e2fa7002523acc85a429cb06ee6648325389f59edfce1405141',
      );
    });

    it('derives the shared secret Z (the x-coordinate)', () => {
      expect(hex(nobleSharedSecret('P-256', d, peer))).toBe(
        '46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b',
      );
    });

    it('refuses points off the curve, coordinates ≥ p and compressed points', () => {
      const offCurve = Uint8Array.from(peer);
      offCurve[64] ^= 1;
      const tooBig = new Uint8Array(65).fill(0xff);
      tooBig[0] = 4;
      const compressed = Uint8Array.of(0x02 | (peer[64]! & 1), ...peer.subarray(1, 33));
      for (const bad of [offCurve, tooBig, compressed]) {
        expect(() => nobleSharedSecret('P-256', d, bad)).toThrow(
          expect.objectContaining({ code: 'INVALID_PUBLIC_KEY' }),
        );
      }
    });
  });
});
