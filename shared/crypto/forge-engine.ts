// Only the forge modules we use (AES-GCM, SHA-256, HMAC, PBKDF2, PRNG): a third of the package.
import forge from 'node-forge/lib/forge.js';
import 'node-forge/lib/aes.js';
import 'node-forge/lib/hmac.js';
import 'node-forge/lib/pbkdf2.js';
import 'node-forge/lib/random.js';
import 'node-forge/lib/sha256.js';
import { concatBytes, constantTimeEqual } from './bytes.ts';
import {
  checkAesGcm,
  checkCiphertext,
  checkIterations,
  checkOutputLength,
  checkSharedSecret,
  HKDF_MAX_BYTES,
  PBKDF2_MAX_BYTES,
} from './engine-checks.ts';
import type { CryptoEngine, Curve, EcdhKeyPair } from './engine.ts';
import { CryptoError } from './errors.ts';
import { isP256PrivateKey, p256PublicKey, p256SharedSecret } from './p256.ts';
import { TAG_BYTES } from './protocol.ts';
import { webRandomBytes } from './random.ts';
import { x25519, x25519PublicKey } from './x25519.ts';

/**
 * The fallback engine for pages without `crypto.subtle` (plain-http LAN deployments are not a
 * secure context). Pure JavaScript, byte-identical to the WebCrypto engine for every symmetric
 * primitive. PBKDF2 at 600,000 iterations takes seconds here and blocks the thread it runs on,
 * so callers should derive note keys in a Web Worker.
 */

/** forge speaks "binary strings" (one char per byte). */
function toBinary(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  }
  return out;
}

function fromBinary(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

function hmac(key: string, data: string): string {
  const mac = forge.hmac.create();
  mac.start('sha256', key);
  mac.update(data);
  return mac.digest().getBytes();
}

const ZERO_TAG = '\0'.repeat(TAG_BYTES);

function generateEcdhKeyPair(curve: Curve): EcdhKeyPair {
  if (curve === 'X25519') {
    const privateKey = forgeEngine.randomBytes(32);
    return {
      curve,
      publicKey: x25519PublicKey(privateKey),
      async deriveSharedSecret(peerPublicKey) {
        if (peerPublicKey.length !== 32) {
          throw new CryptoError('INVALID_PUBLIC_KEY', 'not a raw X25519 public key');
        }
        return checkSharedSecret(x25519(privateKey, peerPublicKey));
      },
    };
  }
  let privateKey = forgeEngine.randomBytes(32);
  // Rejection sampling keeps the scalar uniform in [1, n-1]; a retry happens with p ≈ 2⁻³².
  while (!isP256PrivateKey(privateKey)) privateKey = forgeEngine.randomBytes(32);
  return {
    curve,
    publicKey: p256PublicKey(privateKey),
    async deriveSharedSecret(peerPublicKey) {
      return checkSharedSecret(p256SharedSecret(privateKey, peerPublicKey));
    },
  };
}

export const forgeEngine: CryptoEngine = {
  name: 'forge',

  randomBytes(length) {
    // forge's own PRNG only where even getRandomValues is missing (very old browsers).
    return webRandomBytes(length) ?? fromBinary(forge.random.getBytesSync(length));
  },

  async sha256(data) {
    return fromBinary(forge.md.sha256.create().update(toBinary(data)).digest().getBytes());
  },

  async hmacSha256(key, data) {
    return fromBinary(hmac(toBinary(key), toBinary(data)));
  },

  async hkdfSha256(ikm, salt, info, length) {
    checkOutputLength(length, HKDF_MAX_BYTES);
    // forge zero-pads an empty HMAC key, which is RFC 5869's "HashLen zeros" default salt.
    const prk = hmac(toBinary(salt), toBinary(ikm));
    const infoText = toBinary(info);
    let block = '';
    let okm = '';
    for (let counter = 1; okm.length < length; counter++) {
      block = hmac(prk, block + infoText + String.fromCharCode(counter));
      okm += block;
    }
    return fromBinary(okm.slice(0, length));
  },

  async pbkdf2Sha256(password, salt, iterations, length) {
    checkIterations(iterations);
    checkOutputLength(length, PBKDF2_MAX_BYTES);
    const key = forge.pkcs5.pbkdf2(
      toBinary(password),
      toBinary(salt),
      iterations,
      length,
      'sha256',
    );
    return fromBinary(key);
  },

  async aesGcmEncrypt(key, iv, plaintext, aad) {
    checkAesGcm(key, iv);
    const cipher = forge.cipher.createCipher('AES-GCM', toBinary(key));
    cipher.start({ iv: toBinary(iv), additionalData: toBinary(aad), tagLength: 128 });
    cipher.update(forge.util.createBuffer(toBinary(plaintext)));
    cipher.finish();
    return concatBytes(
      fromBinary(cipher.output.getBytes()),
      fromBinary(cipher.mode.tag.getBytes()),
    );
  },

  async aesGcmDecrypt(key, iv, ciphertext, aad) {
    checkAesGcm(key, iv);
    checkCiphertext(ciphertext);
    const body = ciphertext.subarray(0, ciphertext.length - TAG_BYTES);
    const tag = ciphertext.subarray(ciphertext.length - TAG_BYTES);
    const decipher = forge.cipher.createDecipher('AES-GCM', toBinary(key));
    // forge checks the tag with `!==`, which exits early; give it a dummy tag, ignore its
    // verdict and compare the computed tag ourselves in constant time.
    decipher.start({
      iv: toBinary(iv),
      additionalData: toBinary(aad),
      tagLength: 128,
      tag: forge.util.createBuffer(ZERO_TAG),
    });
    decipher.update(forge.util.createBuffer(toBinary(body)));
    decipher.finish();
    if (!constantTimeEqual(fromBinary(decipher.mode.tag.getBytes()), tag)) {
      throw new CryptoError('DECRYPT_FAILED', 'authentication failed');
    }
    return fromBinary(decipher.output.getBytes());
  },

  async supportedCurves() {
    return ['X25519', 'P-256'];
  },

  async generateEcdhKeyPair(curve) {
    return generateEcdhKeyPair(curve);
  },
};
