import { concatBytes } from './bytes.ts';
import { base64UrlDecode, base64UrlEncode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { CryptoError } from './errors.ts';
import { resolveEngine } from './get-engine.ts';
import { decodeKeyText, randomKeyText } from './keys.ts';
import { KEY_BYTES, LABEL, NOTE_PBKDF2_ITERATIONS, PASSWORD_SALT_BYTES } from './protocol.ts';

/**
 * Note keys (DESIGN §3 notes). What each protects against:
 * - K_link lives only in the URL fragment, which browsers never send: the server and a database
 *   thief hold ciphertext they cannot open.
 * - K_pw (PBKDF2, 600,000 iterations) makes someone who sees the link (chat history, shoulder)
 *   still need the password, and makes each password guess expensive.
 * - K_content = HKDF(K_link ‖ K_pw, "ashnote/v1/content") encrypts; proof = HKDF(…, "ashnote/v1/
 *   access") is shown to the server to read. They are independent HKDF outputs, so the proof
 *   the server sees reveals nothing about K_content.
 * - The server stores only verifier = SHA-256(proof): a database thief cannot replay it as a
 *   proof, and without K_link cannot even begin guessing passwords offline.
 * - linkProof = HKDF(K_link, "ashnote/v1/link") proves the link without the password; the server
 *   stores linkVerifier = SHA-256(linkProof) and counts a wrong proof against the note's attempt
 *   limit only when its linkProof is right. So someone who knows just the note's id cannot
 *   destroy it with wrong guesses; only someone who has the link can use up its attempts.
 *   It depends on K_link alone, so it tells a thief nothing about the password.
 */

/** Salt and work factor of K_pw, stored beside the note (not secret). */
export interface NoteKdf {
  /** 16 bytes, base64url. */
  salt: string;
  iterations: number;
}

export interface NoteKeys {
  /** K_link, base64url (43 chars): put only in the URL fragment. */
  linkKey: string;
  /** K_content (32 bytes). Never leaves the client; never log it. */
  contentKey: Uint8Array;
  /** base64url; sent to the server only to read the note. */
  proof: string;
  /** base64url SHA-256(proof); sent with the note when creating it. */
  verifier: string;
  /** base64url; proves the link (not the password); sent with every read attempt. */
  linkProof: string;
  /** base64url SHA-256(linkProof); sent with the note when creating it. */
  linkVerifier: string;
  /** Present when the note has a password. */
  kdf: NoteKdf | null;
}

export interface NoteKeyOptions {
  engine?: CryptoEngine;
  /**
   * Tests only: lets PBKDF2 run with this many iterations instead of 600,000. A real client must
   * never set it; without it, any `kdf.iterations` other than 600,000 is refused, so a server
   * cannot talk a reader into a weaker derivation.
   */
  testIterations?: number;
}

/** A fresh K_link (32 random bytes) as 43 base64url characters. */
export async function generateLinkKey(engine?: CryptoEngine): Promise<string> {
  return randomKeyText(await resolveEngine(engine));
}

/**
 * Everything the sender needs to create a note. An empty password counts as no password (it
 * would add no protection).
 */
export async function createNoteKeys(
  options: NoteKeyOptions & { password?: string } = {},
): Promise<NoteKeys> {
  const engine = await resolveEngine(options.engine);
  const linkKey = randomKeyText(engine);
  const password = options.password || undefined;
  const kdf: NoteKdf | null = password
    ? {
        salt: base64UrlEncode(engine.randomBytes(PASSWORD_SALT_BYTES)),
        iterations: options.testIterations ?? NOTE_PBKDF2_ITERATIONS,
      }
    : null;
  return deriveNoteKeys(linkKey, password, kdf, { ...options, engine });
}

/**
 * The reader's side: the same keys from the link fragment, the password (when the note has one)
 * and the note's `kdf`. A wrong password is not detected here — it yields a proof the server
 * refuses (and content that would not decrypt).
 */
export async function deriveNoteKeys(
  linkKey: string,
  password: string | undefined,
  kdf: NoteKdf | null,
  options: NoteKeyOptions = {},
): Promise<NoteKeys> {
  const engine = await resolveEngine(options.engine);
  const kLink = decodeKeyText(linkKey, 'link key');
  let kPw: Uint8Array = new Uint8Array(0);
  if (kdf) {
    if (!password) throw new CryptoError('PASSWORD_REQUIRED', 'this note needs its password');
    const allowed =
      kdf.iterations === NOTE_PBKDF2_ITERATIONS || kdf.iterations === options.testIterations;
    if (!allowed) throw new CryptoError('UNSUPPORTED_KDF', 'unexpected PBKDF2 iteration count');
    const salt = base64UrlDecode(kdf.salt);
    if (salt.length !== PASSWORD_SALT_BYTES) {
      throw new CryptoError('MALFORMED', 'password salt must be 16 bytes');
    }
    // NFC: "é" typed as one code point or as e + combining accent must be the same password.
    const passwordBytes = utf8Encode(password.normalize('NFC'));
    kPw = await engine.pbkdf2Sha256(passwordBytes, salt, kdf.iterations, KEY_BYTES);
  } else if (password) {
    throw new CryptoError('INVALID_INPUT', 'this note has no password');
  }

  const ikm = concatBytes(kLink, kPw);
  const noSalt = new Uint8Array(0);
  const contentKey = await engine.hkdfSha256(ikm, noSalt, utf8Encode(LABEL.noteContent), KEY_BYTES);
  const proofBytes = await engine.hkdfSha256(ikm, noSalt, utf8Encode(LABEL.noteAccess), KEY_BYTES);
  const verifier = base64UrlEncode(await engine.sha256(proofBytes));
  const linkProofBytes = await engine.hkdfSha256(
    kLink,
    noSalt,
    utf8Encode(LABEL.noteLink),
    KEY_BYTES,
  );
  return {
    linkKey,
    contentKey,
    proof: base64UrlEncode(proofBytes),
    verifier,
    linkProof: base64UrlEncode(linkProofBytes),
    linkVerifier: base64UrlEncode(await engine.sha256(linkProofBytes)),
    kdf,
  };
}

/** verifier = SHA-256(proof), both base64url: what the server compares (in constant time). */
export async function verifierFromProof(proof: string, engine?: CryptoEngine): Promise<string> {
  const proofBytes = base64UrlDecode(proof);
  if (proofBytes.length !== KEY_BYTES) throw new CryptoError('MALFORMED', 'proof must be 32 bytes');
  return base64UrlEncode(await (await resolveEngine(engine)).sha256(proofBytes));
}
