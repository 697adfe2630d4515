import type { CryptoEngine, Curve } from './engine.ts';
import { CryptoError } from './errors.ts';
import { nobleEngine, noblePublicKey, nobleSharedSecret } from './noble-engine.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';

/** The CryptoError code a promise rejects with; fails when it resolves or throws otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CryptoError) return error.code;
    throw error;
  }
  throw new Error('expected a rejection');
}

/**
 * `base` with the randomness a client would draw replaced by fixed bytes, for worked examples:
 * `randomBytes` hands out `fixed` in order (refusing any other length), and ECDH key pairs come
 * from the fixed private key of their curve.
 */
export function fixedEngine(
  base: CryptoEngine,
  fixed: Uint8Array[],
  privateKeys: Partial<Record<Curve, Uint8Array>> = {},
): CryptoEngine {
  return {
    ...base,
    randomBytes(length) {
      const bytes = fixed.shift();
      if (bytes?.length !== length)
        throw new Error(`unexpected request for ${length} random bytes`);
      return bytes;
    },
    async supportedCurves() {
      return ['X25519', 'P-256'];
    },
    async generateEcdhKeyPair(curve) {
      const secret = privateKeys[curve];
      if (!secret) throw new Error(`no fixed ${curve} private key`);
      return {
        curve,
        publicKey: noblePublicKey(curve, secret),
        deriveSharedSecret: async (peer) => nobleSharedSecret(curve, secret, peer),
      };
    },
  };
}

/** Hex to bytes, for test vectors written as the RFCs and NIST write them. */
export const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
export const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Both engines, for tests that must hold on each. */
export const ENGINES: [string, CryptoEngine][] = [
  ['webcrypto', webCryptoEngine],
  ['noble', nobleEngine],
];
