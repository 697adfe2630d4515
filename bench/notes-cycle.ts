import http from 'node:http';
import { apiPaths } from '../shared/api/paths.ts';
import { fakeEnvelope, proofPair } from '../backend/src/testing/notes-client.ts';

/** About 1 KB of ciphertext: a typical short secret. */
export const PAYLOAD_BYTES = 1024;

/**
 * One full cycle through the HTTP API: create a note, then read it with its proof. Uses
 * node:http with keep-alive rather than fetch, whose client-side cost would otherwise compete
 * with the server for this machine's two cores and be measured as the server's.
 */
export function makeOperation(baseUrl: string): () => Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const post = (path: string, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(
        {
          hostname,
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });

  return async () => {
    const { proof, verifier } = proofPair();
    const created = await post(apiPaths.notes, {
      content: fakeEnvelope(PAYLOAD_BYTES),
      verifier,
      expiration: '1d',
    });
    if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
    const { noteId } = JSON.parse(created.text) as { noteId: string };
    const read = await post(apiPaths.noteVerify(noteId), { proof });
    if (read.status !== 200) throw new Error(`read failed: ${read.status}`);
  };
}
