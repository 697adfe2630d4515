import { apiPaths } from '../shared/api/paths.ts';
import { fakeEnvelope, noteProofs, noteVerifiers } from '../backend/src/testing/notes-client.ts';
import { keepAliveConnection } from './keep-alive-client.ts';

/** About 1 KB of ciphertext: a typical short secret. */
export const PAYLOAD_BYTES = 1024;

/** One full cycle through the HTTP API: create a note, then read it with its proof. */
export function makeOperation(baseUrl: string): () => Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const idle: ReturnType<typeof keepAliveConnection>[] = [];

  return async () => {
    const request = idle.pop() ?? keepAliveConnection(hostname, Number(port));
    const proofs = noteProofs();
    const created = await request(
      'POST',
      apiPaths.notes,
      JSON.stringify({
        content: fakeEnvelope(PAYLOAD_BYTES),
        ...noteVerifiers(proofs),
        expiration: '1d',
      }),
    );
    if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
    const { noteId } = JSON.parse(created.body) as { noteId: string };
    const read = await request(
      'POST',
      apiPaths.noteVerify(noteId),
      JSON.stringify({ proof: proofs.proof, linkProof: proofs.linkProof }),
    );
    if (read.status !== 200) throw new Error(`read failed: ${read.status}`);
    idle.push(request);
  };
}
