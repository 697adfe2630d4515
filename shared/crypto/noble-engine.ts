import { gcm } from '@noble/ciphers/aes.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  checkAesGcm,
  checkCiphertext,
  checkIterations,
  checkOutputLength,
  checkPublicKey,
  checkSharedSecret,
  HKDF_MAX_BYTES,
  PBKDF2_MAX_BYTES,
} from './engine-checks.ts';
import type { CryptoEngine, Curve, EcdhKeyPair } from './engine.ts';
import { assertLength } from './bytes.ts';
import { CryptoError } from './errors.ts';
import { KEY_BYTES } from './protocol.ts';
import { randomBytes } from './random.ts';

/**
 * The fallback engine for pages without `crypto.subtle` (plain-http LAN deployments are not a
 * secure context): the audited @noble libraries, byte-identical to the WebCrypto engine. Loaded
 * only there (see get-engine.ts), so a page with WebCrypto never downloads it. PBKDF2 at 600,000
 * iterations takes seconds in JavaScript and busies the thread it runs on, so callers derive
 * note keys in a Web Worker.
 */

interface RawEcdh {
  randomSecretKey(): Uint8Array;
  /** The raw public key in the protocol's encoding (see `Curve`). */
  publicKey(secretKey: Uint8Array): Uint8Array;
  /** Throws for a peer key noble refuses (off the curve, small order). */
  sharedSecret(secretKey: Uint8Array, peerPublicKey: Uint8Array): Uint8Array;
}

const ECDH: Record<Curve, RawEcdh> = {
  X25519: {
    randomSecretKey: () => x25519.utils.randomSecretKey(),
    publicKey: (secretKey) => x25519.getPublicKey(secretKey),
    sharedSecret: (secretKey, peer) => x25519.getSharedSecret(secretKey, peer),
  },
  'P-256': {
    randomSecretKey: () => p256.utils.randomSecretKey(),
    publicKey: (secretKey) => p256.getPublicKey(secretKey, false),
    // noble returns the shared point compressed (prefix ‖ x); the ECDH secret is x alone
    // (SEC 1 §3.3.1), as WebCrypto's deriveBits gives it.
    sharedSecret: (secretKey, peer) => p256.getSharedSecret(secretKey, peer, true).subarray(1),
  },
};

/** The raw public key of a secret key; exported for the published-vector tests. */
export function noblePublicKey(curve: Curve, secretKey: Uint8Array): Uint8Array {
  return ECDH[curve].publicKey(secretKey);
}

/**
 * ECDH exactly as this engine's key pairs do it, refusing what the WebCrypto engine refuses;
 * exported for the published-vector tests.
 */
export function nobleSharedSecret(
  curve: Curve,
  secretKey: Uint8Array,
  peerPublicKey: Uint8Array,
): Uint8Array {
  checkPublicKey(curve, peerPublicKey);
  let secret: Uint8Array;
  try {
    secret = ECDH[curve].sharedSecret(secretKey, peerPublicKey);
  } catch (cause) {
    throw new CryptoError('INVALID_PUBLIC_KEY', `peer ${curve} key rejected`, { cause });
  }
  return checkSharedSecret(secret);
}

function keyPair(curve: Curve, secretKey: Uint8Array): EcdhKeyPair {
  return {
    curve,
    publicKey: noblePublicKey(curve, secretKey),
    async deriveSharedSecret(peerPublicKey) {
      return nobleSharedSecret(curve, secretKey, peerPublicKey);
    },
  };
}

export const nobleEngine: CryptoEngine = {
  name: 'noble',

  randomBytes,

  async sha256(data) {
    return sha256(data);
  },

  async hmacSha256(key, data) {
    return hmac(sha256, key, data);
  },

  async hkdfSha256(ikm, salt, info, length) {
    checkOutputLength(length, HKDF_MAX_BYTES);
    // An empty salt is an empty HMAC key, zero-padded: RFC 5869's "HashLen zeros" default.
    return hkdf(sha256, ikm, salt, info, length);
  },

  async pbkdf2Sha256(password, salt, iterations, length) {
    checkIterations(iterations);
    checkOutputLength(length, PBKDF2_MAX_BYTES);
    // The async form yields to the event loop every 10 ms, so a page that cannot start the KDF
    // worker stays responsive while it derives.
    return pbkdf2Async(sha256, password, salt, { c: iterations, dkLen: length });
  },

  async aesGcmEncrypt(key, iv, plaintext, aad) {
    checkAesGcm(key, iv);
    return gcm(key, iv, aad).encrypt(plaintext);
  },

  async aesGcmDecrypt(key, iv, ciphertext, aad) {
    checkAesGcm(key, iv);
    checkCiphertext(ciphertext);
    try {
      // noble compares the tag in constant time before releasing any plaintext.
      return gcm(key, iv, aad).decrypt(ciphertext);
    } catch (cause) {
      throw new CryptoError('DECRYPT_FAILED', 'authentication failed', { cause });
    }
  },

  async supportedCurves() {
    return ['X25519', 'P-256'];
  },

  async generateEcdhKeyPair(curve) {
    return keyPair(curve, ECDH[curve].randomSecretKey());
  },

  async x25519KeyPair(privateKey) {
    assertLength(privateKey, KEY_BYTES, 'X25519 private key');
    return keyPair('X25519', privateKey);
  },
};
