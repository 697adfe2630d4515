import crypto from 'node:crypto';
import { apiPaths } from '../../../shared/api/paths.ts';

/**
 * A protocol-shaped client for API tests that don't need real encryption: random bytes in
 * envelope form, and proofs whose SHA-256 are the verifiers, as DESIGN §3 defines them.
 */
export function fakeEnvelope(bytes = 64): string {
  return `v1.${crypto.randomBytes(12).toString('base64url')}.${crypto.randomBytes(bytes).toString('base64url')}`;
}

/** A random 32-byte proof and its verifier, SHA-256(proof), both base64url. */
function proofAndVerifier(): [proof: string, verifier: string] {
  const proof = crypto.randomBytes(32);
  return [
    proof.toString('base64url'),
    crypto.createHash('sha256').update(proof).digest('base64url'),
  ];
}

/** What a note's link gives its holder: the proof of the key, and the proof of the link alone. */
export interface NoteProofs {
  proof: string;
  verifier: string;
  linkProof: string;
  linkVerifier: string;
}

export function noteProofs(): NoteProofs {
  const [proof, verifier] = proofAndVerifier();
  const [linkProof, linkVerifier] = proofAndVerifier();
  return { proof, verifier, linkProof, linkVerifier };
}

/** The two verifiers a new note is created with. */
export function noteVerifiers(proofs: NoteProofs = noteProofs()) {
  return { verifier: proofs.verifier, linkVerifier: proofs.linkVerifier };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * The Origin a browser sends with a request from the server's own pages: the administrator's
 * changes are refused without it (see http/same-origin.ts).
 */
export const ownOrigin = (baseUrl: string) => ({ Origin: new URL(baseUrl).origin });

export async function createFakeNote(
  baseUrl: string,
  extra: Record<string, unknown> = {},
): Promise<{ noteId: string; content: string; expiresAt: string } & NoteProofs> {
  const proofs = noteProofs();
  const content = fakeEnvelope();
  const response = await postJson(`${baseUrl}${apiPaths.notes}`, {
    content,
    ...noteVerifiers(proofs),
    expiration: '1d',
    ...extra,
  });
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { noteId: string; expiresAt: string };
  return { ...body, ...proofs, content };
}

const GENEROUS = { limit: 10_000, windowSeconds: 60 };

/**
 * Notes options for a test that makes and reads many notes from one address: limits it never
 * reaches, and no sweep but the ones it runs itself. Untyped here: naming NotesOptions would pull
 * the server's code into the browser tests' type check, which this file is part of.
 */
export const UNLIMITED_NOTES = {
  sweepIntervalMs: 3_600_000,
  rateRules: { create: GENEROUS, proof: GENEROUS, status: GENEROUS },
};
