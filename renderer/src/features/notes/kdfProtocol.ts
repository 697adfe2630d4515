import type { CryptoErrorCode, NoteKdf, NoteKeys } from '../../../../shared/crypto/index.ts';

/** Messages between the page and kdf.worker.ts. */
export type KdfRequest =
  | { id: number; kind: 'create'; password: string | undefined }
  | {
      id: number;
      kind: 'derive';
      linkKey: string;
      password: string | undefined;
      kdf: NoteKdf | null;
    };

export type KdfResponse =
  | { id: number; ok: true; keys: NoteKeys }
  | { id: number; ok: false; code: CryptoErrorCode | undefined };
