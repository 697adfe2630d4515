/**
 * Every way the crypto layer refuses. Callers switch on `code`, never on `message`: messages are
 * for developers and deliberately say nothing about which byte was wrong.
 */
export type CryptoErrorCode =
  /** Authentication failed: wrong key, wrong password, tampered ciphertext or wrong context. */
  | 'DECRYPT_FAILED'
  /** Bytes or strings that do not have the shape the protocol defines. */
  | 'MALFORMED'
  /** An envelope from a protocol version this client does not speak. */
  | 'UNSUPPORTED_VERSION'
  /**
   * A byte stream shorter or longer than announced: a file that changed while it was read, a
   * download missing its last chunks, or bytes after a file's last chunk.
   */
  | 'LENGTH_MISMATCH'
  /** A caller passed something the protocol never produces (wrong key length, empty id…). */
  | 'INVALID_INPUT'
  /** The note has a password and none was given. */
  | 'PASSWORD_REQUIRED'
  /** KDF parameters other than protocol v1's (e.g. a server asking for fewer iterations). */
  | 'UNSUPPORTED_KDF'
  /** A key-exchange message whose MAC does not verify under the room key. */
  | 'BAD_MAC'
  /** A peer public key that is not a valid point (or yields an all-zero secret). */
  | 'INVALID_PUBLIC_KEY'
  /** The two peers offered no curve in common. */
  | 'NO_COMMON_CURVE'
  /** The engine cannot do the requested curve. */
  | 'UNSUPPORTED_CURVE'
  /** A key exchange was completed twice; each ephemeral key pair serves one session. */
  | 'KEY_EXCHANGE_USED'
  /** No usable crypto engine in this environment. */
  | 'UNAVAILABLE';

export class CryptoError extends Error {
  readonly code: CryptoErrorCode;

  constructor(code: CryptoErrorCode, message: string = code, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CryptoError';
    this.code = code;
  }
}

export function isCryptoError(value: unknown, code?: CryptoErrorCode): value is CryptoError {
  return value instanceof CryptoError && (code === undefined || value.code === code);
}
