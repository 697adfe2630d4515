import { apiPaths } from '../shared/api/paths.ts';
import { fakeEnvelope, noteProofs, noteVerifiers } from '../backend/src/testing/notes-client.ts';
import { keepAliveConnection } from './keep-alive-client.ts';
import type { StepTimer } from './stats.ts';

/** About 1 KB of ciphertext: a typical short secret. */
export const PAYLOAD_BYTES = 1024;

/** What one cycle sends: the note's size, and headers such as the visitor's forwarded address. */
export interface CycleShape {
  contentBytes?: number;
  imageBytes?: readonly number[];
  headers?: Record<string, string>;
}

/**
 * One full cycle through the HTTP API: create a note, then read it with its proof. `shape`
 * is asked once per cycle (by default a typical short note). Each request is timed as a step
 * (`create`, `read`), as PrivateBin's kit times its requests.
 */
export function makeOperation(
  baseUrl: string,
  shape: () => CycleShape = () => ({}),
): (timeStep?: StepTimer) => Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const idle: ReturnType<typeof keepAliveConnection>[] = [];

  return async (timeStep = () => {}) => {
    const request = idle.pop() ?? keepAliveConnection(hostname, Number(port));
    const timed = async <T>(step: string, send: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const answer = await send();
      timeStep(step, performance.now() - started);
      return answer;
    };
    const { contentBytes = PAYLOAD_BYTES, imageBytes = [], headers } = shape();
    const proofs = noteProofs();
    const note = JSON.stringify({
      content: fakeEnvelope(contentBytes),
      ...noteVerifiers(proofs),
      expiration: '1d',
      attachedImages: imageBytes.map((bytes) => fakeEnvelope(bytes)),
    });
    const created = await timed('create', () => request('POST', apiPaths.notes, note, headers));
    if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
    const { noteId } = JSON.parse(created.body) as { noteId: string };
    const proof = JSON.stringify({ proof: proofs.proof, linkProof: proofs.linkProof });
    const read = await timed('read', () =>
      request('POST', apiPaths.noteVerify(noteId), proof, headers),
    );
    if (read.status !== 200) throw new Error(`read failed: ${read.status}`);
    idle.push(request);
  };
}
