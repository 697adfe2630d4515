import { apiPaths } from '../shared/api/paths.ts';
import { fakeEnvelope, postJson, proofPair } from '../backend/src/testing/notes-client.ts';

/** About 1 KB of ciphertext: a typical short secret. */
export const PAYLOAD_BYTES = 1024;

/** One full cycle through the HTTP API: create a note, then read it with its proof. */
export function makeOperation(baseUrl: string): () => Promise<void> {
  return async () => {
    const { proof, verifier } = proofPair();
    const created = await postJson(`${baseUrl}${apiPaths.notes}`, {
      content: fakeEnvelope(PAYLOAD_BYTES),
      verifier,
      expiration: '1d',
    });
    if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
    const { noteId } = (await created.json()) as { noteId: string };
    const read = await postJson(`${baseUrl}${apiPaths.noteVerify(noteId)}`, { proof });
    if (read.status !== 200) throw new Error(`read failed: ${read.status}`);
    await read.arrayBuffer();
  };
}
