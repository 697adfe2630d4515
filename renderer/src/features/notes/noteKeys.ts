import { CryptoError, createNoteKeys, deriveNoteKeys } from '../../../../shared/crypto/index.ts';
import type { NoteKdf, NoteKeys } from '../../../../shared/crypto/index.ts';
import type { KdfRequest, KdfResponse } from './kdfProtocol.ts';

type KdfJob =
  | { kind: 'create'; password: string | undefined }
  | { kind: 'derive'; linkKey: string; password: string | undefined; kdf: NoteKdf | null };

let nextId = 0;

/**
 * Runs one derivation in a fresh worker (terminated afterwards, so no key material lingers in
 * it). Where workers cannot start, derives on the page instead: slower to the eye, same result.
 */
function inWorker(job: KdfJob): Promise<NoteKeys> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./kdf.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      reject(new WorkerUnavailable());
      return;
    }
    nextId += 1;
    const request: KdfRequest = { id: nextId, ...job };
    worker.onmessage = (event: MessageEvent<KdfResponse>) => {
      worker.terminate();
      const response = event.data;
      if (response.ok) resolve(response.keys);
      else reject(new CryptoError(response.code ?? 'UNAVAILABLE'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new WorkerUnavailable());
    };
    worker.postMessage(request);
  });
}

class WorkerUnavailable extends Error {}

async function run(job: KdfJob): Promise<NoteKeys> {
  // Without a password there is no PBKDF2: HKDF alone is instant, no worker needed.
  if (typeof Worker === 'function' && (job.kind === 'create' ? job.password : job.kdf)) {
    try {
      return await inWorker(job);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  return job.kind === 'create'
    ? createNoteKeys({ password: job.password })
    : deriveNoteKeys(job.linkKey, job.password, job.kdf);
}

/** A new note's keys; an empty password means none. */
export function createKeys(password: string | undefined): Promise<NoteKeys> {
  return run({ kind: 'create', password: password || undefined });
}

/** The reader's keys from the link fragment, the password (if any) and the note's KDF. */
export function deriveKeys(
  linkKey: string,
  password: string | undefined,
  kdf: NoteKdf | null,
): Promise<NoteKeys> {
  return run({ kind: 'derive', linkKey, password: password || undefined, kdf });
}
