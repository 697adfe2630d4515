import crypto from 'node:crypto';
import { apiPaths } from '../../../shared/api/paths.ts';

/**
 * A protocol-shaped client for API tests that don't need real encryption: random bytes in
 * envelope form, and a proof whose SHA-256 is the verifier, as DESIGN §3 defines them.
 */
export function fakeEnvelope(bytes = 64): string {
  return `v1.${crypto.randomBytes(12).toString('base64url')}.${crypto.randomBytes(bytes).toString('base64url')}`;
}

export function proofPair(): { proof: string; verifier: string } {
  const proof = crypto.randomBytes(32);
  return {
    proof: proof.toString('base64url'),
    verifier: crypto.createHash('sha256').update(proof).digest('base64url'),
  };
}

export async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function createFakeNote(
  baseUrl: string,
  extra: Record<string, unknown> = {},
): Promise<{ noteId: string; proof: string; content: string; expiresAt: string }> {
  const { proof, verifier } = proofPair();
  const content = fakeEnvelope();
  const response = await postJson(`${baseUrl}${apiPaths.notes}`, {
    content,
    verifier,
    expiration: '1d',
    ...extra,
  });
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { noteId: string; expiresAt: string };
  return { ...body, proof, content };
}
