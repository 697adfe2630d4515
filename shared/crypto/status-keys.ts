import { base64UrlEncode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { resolveEngine } from './get-engine.ts';
import { decodeKeyText, randomKeyText } from './keys.ts';
import { KEY_BYTES, LABEL } from './protocol.ts';

/**
 * The sender's status link (`/s/ID#K_status`). What each value protects against:
 * - K_status is 32 random bytes of its own, drawn beside K_link but never derived from it or
 *   mixed into it: whoever holds the status link can learn the note's state and destroy it, and
 *   can never read it (nothing about K_link or K_content follows from K_status).
 * - statusProof = HKDF(K_status, "ashnote/v1/status") is what the sender's browser shows the
 *   server, in a request body (never a URL, which proxies and logs keep).
 * - The server stores only statusVerifier = SHA-256(statusProof): a database thief can neither
 *   ask for the state nor destroy the note, and knowing the note id alone shows nothing.
 */
export interface StatusKeys {
  /** K_status, base64url (43 chars): put only in the status link's fragment. */
  statusKey: string;
  /** base64url; sent to the server to ask for the state or to destroy the note. */
  statusProof: string;
  /** base64url SHA-256(statusProof); sent with the note when creating it. */
  statusVerifier: string;
}

/** A fresh K_status with its proof and verifier, made when the note is created. */
export async function createStatusKeys(engine?: CryptoEngine): Promise<StatusKeys> {
  const resolved = await resolveEngine(engine);
  return deriveStatusKeys(randomKeyText(resolved), resolved);
}

/** The proof and verifier of a K_status taken from a status link (MALFORMED when mangled). */
export async function deriveStatusKeys(
  statusKey: string,
  engine?: CryptoEngine,
): Promise<StatusKeys> {
  const resolved = await resolveEngine(engine);
  const kStatus = decodeKeyText(statusKey, 'status key');
  const proof = await resolved.hkdfSha256(
    kStatus,
    new Uint8Array(0),
    utf8Encode(LABEL.noteStatus),
    KEY_BYTES,
  );
  return {
    statusKey,
    statusProof: base64UrlEncode(proof),
    statusVerifier: base64UrlEncode(await resolved.sha256(proof)),
  };
}
