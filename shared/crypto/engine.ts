/**
 * The primitives both protocols are built from. Two implementations (WebCrypto, @noble) must
 * produce byte-identical output for every symmetric primitive, so a note sealed by one can be
 * opened by the other. All byte strings are raw `Uint8Array`s; nothing here knows about base64.
 */
export const CURVES = ['X25519', 'P-256'] as const;
/**
 * ECDH curves. Public keys travel raw: X25519 as the 32-byte u-coordinate (RFC 7748), P-256 as
 * the 65-byte uncompressed point `04‖x‖y`. Shared secrets are 32 bytes (X25519 output; P-256 x).
 */
export type Curve = (typeof CURVES)[number];

export interface EcdhKeyPair {
  readonly curve: Curve;
  readonly publicKey: Uint8Array;
  /**
   * ECDH with the peer's raw public key. Throws `INVALID_PUBLIC_KEY` for a point off the curve,
   * the wrong length, or one that yields an all-zero secret (small-order X25519 points).
   */
  deriveSharedSecret(peerPublicKey: Uint8Array): Promise<Uint8Array>;
}

export interface CryptoEngine {
  readonly name: 'webcrypto' | 'noble';
  /** Cryptographically secure random bytes. */
  randomBytes(length: number): Uint8Array;
  sha256(data: Uint8Array): Promise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  /** RFC 5869; an empty salt means HashLen zero bytes, as the RFC specifies. */
  hkdfSha256(
    ikm: Uint8Array,
    salt: Uint8Array,
    info: Uint8Array,
    length: number,
  ): Promise<Uint8Array>;
  pbkdf2Sha256(
    password: Uint8Array,
    salt: Uint8Array,
    iterations: number,
    length: number,
  ): Promise<Uint8Array>;
  /** AES-256-GCM, 96-bit IV, 128-bit tag; returns ciphertext ‖ tag. */
  aesGcmEncrypt(
    key: Uint8Array,
    iv: Uint8Array,
    plaintext: Uint8Array,
    aad: Uint8Array,
  ): Promise<Uint8Array>;
  /** Inverse of `aesGcmEncrypt`; throws `CryptoError('DECRYPT_FAILED')` when the tag fails. */
  aesGcmDecrypt(
    key: Uint8Array,
    iv: Uint8Array,
    ciphertext: Uint8Array,
    aad: Uint8Array,
  ): Promise<Uint8Array>;
  /** Curves this engine can do, most preferred first. */
  supportedCurves(): Promise<readonly Curve[]>;
  /** A fresh ephemeral key pair; the private half never leaves the returned object. */
  generateEcdhKeyPair(curve: Curve): Promise<EcdhKeyPair>;
  /**
   * The X25519 key pair of a 32-byte private key the caller keeps (a request's claim key, which
   * travels in the claim link); RFC 7748 clamping applies. Throws `UNSUPPORTED_CURVE` where the
   * engine lacks X25519.
   */
  x25519KeyPair(privateKey: Uint8Array): Promise<EcdhKeyPair>;
}
