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
import { assertLength, concatBytes } from './bytes.ts';
import { CryptoError } from './errors.ts';
import { KEY_BYTES } from './protocol.ts';
import { randomBytes } from './random.ts';

/**
 * The primary engine: the platform's native, constant-time implementations through
 * `crypto.subtle` (Electron, browsers in secure contexts, Node, workers).
 */

/** An opaque CryptoKey; private keys are created non-extractable so script cannot read them. */
interface Key {
  readonly type: string;
}

/**
 * The slice of SubtleCrypto used here, typed locally so this file checks the same in the DOM
 * world and the Node world (whose lib has no global `CryptoKey`).
 */
interface Subtle {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'raw' | 'pkcs8',
    keyData: Uint8Array,
    algorithm: string | object,
    extractable: boolean,
    usages: readonly string[],
  ): Promise<Key>;
  exportKey(format: 'raw', key: Key): Promise<ArrayBuffer>;
  sign(algorithm: string, key: Key, data: Uint8Array): Promise<ArrayBuffer>;
  encrypt(algorithm: object, key: Key, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: object, key: Key, data: Uint8Array): Promise<ArrayBuffer>;
  deriveBits(algorithm: object, baseKey: Key, length: number): Promise<ArrayBuffer>;
  generateKey(
    algorithm: object,
    extractable: boolean,
    usages: readonly string[],
  ): Promise<{ publicKey: Key; privateKey: Key }>;
}

/** Looked up per call, so merely importing this module never fails in an insecure context. */
function subtle(): Subtle {
  const value = globalThis.crypto?.subtle;
  if (!value) throw new CryptoError('UNAVAILABLE', 'crypto.subtle is unavailable');
  return value as unknown as Subtle;
}

export function hasWebCrypto(): boolean {
  return typeof globalThis.crypto?.subtle?.importKey === 'function';
}

const ALGORITHMS: Record<Curve, object> = {
  X25519: { name: 'X25519' },
  'P-256': { name: 'ECDH', namedCurve: 'P-256' },
};

let x25519Support: Promise<boolean> | undefined;

/**
 * X25519 arrived in WebCrypto late (Chrome 133, Firefox 130, Safari 17): probe once. Without it
 * this engine offers P-256 alone, still native and constant-time, rather than a JavaScript X25519
 * (the key exchange then settles on P-256, which every engine has).
 */
function supportsX25519(): Promise<boolean> {
  x25519Support ??= (async () => {
    try {
      await subtle().generateKey({ name: 'X25519' }, false, ['deriveBits']);
      return true;
    } catch {
      return false;
    }
  })();
  return x25519Support;
}

/** ECDH with `privateKey` against raw peer keys, refusing what the noble engine refuses. */
function keyPair(curve: Curve, privateKey: Key, publicKey: Uint8Array): EcdhKeyPair {
  const algorithm = ALGORITHMS[curve];
  return {
    curve,
    publicKey,
    async deriveSharedSecret(peerPublicKey) {
      checkPublicKey(curve, peerPublicKey);
      let secret: ArrayBuffer;
      try {
        const peer = await subtle().importKey('raw', peerPublicKey, algorithm, false, []);
        secret = await subtle().deriveBits({ ...algorithm, public: peer }, privateKey, 256);
      } catch (cause) {
        throw new CryptoError('INVALID_PUBLIC_KEY', `peer ${curve} key rejected`, { cause });
      }
      return checkSharedSecret(new Uint8Array(secret));
    },
  };
}

async function requireX25519(): Promise<void> {
  if (!(await supportsX25519())) {
    throw new CryptoError('UNSUPPORTED_CURVE', 'this WebCrypto lacks X25519');
  }
}

async function generateEcdhKeyPair(curve: Curve): Promise<EcdhKeyPair> {
  if (curve === 'X25519') await requireX25519();
  const pair = await subtle().generateKey(ALGORITHMS[curve], false, ['deriveBits']);
  const publicKey = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return keyPair(curve, pair.privateKey, publicKey);
}

/** PKCS #8 (RFC 8410) header of an X25519 private key: WebCrypto imports no raw private keys. */
const X25519_PKCS8_HEADER = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x6e,
  0x04,
  0x22,
  0x04,
  0x20,
);
/** The X25519 base point, u = 9: ECDH with it yields one's own public key (RFC 7748 §6.1). */
const X25519_BASE_POINT = Uint8Array.of(9, ...new Uint8Array(31));

async function x25519KeyPair(privateKey: Uint8Array): Promise<EcdhKeyPair> {
  assertLength(privateKey, KEY_BYTES, 'X25519 private key');
  await requireX25519();
  const pkcs8 = concatBytes(X25519_PKCS8_HEADER, privateKey);
  const key = await subtle().importKey('pkcs8', pkcs8, ALGORITHMS.X25519, false, ['deriveBits']);
  const publicKey = await keyPair('X25519', key, new Uint8Array(0)).deriveSharedSecret(
    X25519_BASE_POINT,
  );
  return keyPair('X25519', key, publicKey);
}

export const webCryptoEngine: CryptoEngine = {
  name: 'webcrypto',

  randomBytes,

  async sha256(data) {
    return new Uint8Array(await subtle().digest('SHA-256', data));
  },

  async hmacSha256(key, data) {
    // WebCrypto refuses empty HMAC keys; RFC 2104 zero-pads keys, so 32 zero bytes is the same key.
    const raw = key.length > 0 ? key : new Uint8Array(32);
    const hmacKey = await subtle().importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    return new Uint8Array(await subtle().sign('HMAC', hmacKey, data));
  },

  async hkdfSha256(ikm, salt, info, length) {
    checkOutputLength(length, HKDF_MAX_BYTES);
    const key = await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
    const bits = await subtle().deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt, info },
      key,
      length * 8,
    );
    return new Uint8Array(bits);
  },

  async pbkdf2Sha256(password, salt, iterations, length) {
    checkIterations(iterations);
    checkOutputLength(length, PBKDF2_MAX_BYTES);
    const key = await subtle().importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await subtle().deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
      key,
      length * 8,
    );
    return new Uint8Array(bits);
  },

  async aesGcmEncrypt(key, iv, plaintext, aad) {
    checkAesGcm(key, iv);
    const aesKey = await subtle().importKey('raw', key, 'AES-GCM', false, ['encrypt']);
    const sealed = await subtle().encrypt(
      { name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 },
      aesKey,
      plaintext,
    );
    return new Uint8Array(sealed);
  },

  async aesGcmDecrypt(key, iv, ciphertext, aad) {
    checkAesGcm(key, iv);
    checkCiphertext(ciphertext);
    const aesKey = await subtle().importKey('raw', key, 'AES-GCM', false, ['decrypt']);
    try {
      const opened = await subtle().decrypt(
        { name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 },
        aesKey,
        ciphertext,
      );
      return new Uint8Array(opened);
    } catch (cause) {
      throw new CryptoError('DECRYPT_FAILED', 'authentication failed', { cause });
    }
  },

  async supportedCurves() {
    return (await supportsX25519()) ? ['X25519', 'P-256'] : ['P-256'];
  },

  generateEcdhKeyPair,

  x25519KeyPair,
};
