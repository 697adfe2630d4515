import { createNoteResponseSchema, kdfSchema } from '../../../../shared/api/notes.ts';
import type { CreateNoteRequest } from '../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import {
  createStatusKeys,
  encryptFileMetas,
  encryptNoteText,
} from '../../../../shared/crypto/index.ts';
import type { LanguageCode } from '../../../../shared/languages.ts';
import type { NoteExpiration } from '../../../../shared/limits.ts';
import { InvalidResponseError, apiPost } from '../../api/client.ts';
import { routePaths } from '../../app/paths.ts';
import { shareLink } from '../../platform/index.ts';
import { describeFiles, uploadFiles } from '../../files/uploadFiles.ts';
import type { CreatedNote } from './createdNote.ts';
import { createKeys } from './noteKeys.ts';

export interface NewNote {
  content: string;
  password: string;
  expiration: NoteExpiration;
  /**
   * Only when the read receipt is on: where it goes, in which language it is written, and the
   * sender's own name for the note (empty for none).
   */
  receipt: { email: string; language: LanguageCode; reference: string } | null;
  /** Files of any kind, images already stripped of metadata, in the order attached. */
  files: File[];
}

export type { CreatedNote };

/** 0–1 over the whole job: keys, encryption, then the upload. */
export type ProgressListener = (fraction: number) => void;

const KEYS_DONE = 0.2;
const CREATED = 0.25;

/**
 * Encrypts a note in the browser and uploads ciphertext only. The password, the plaintext and
 * K_link never leave this function except as the returned link key. A note with files becomes
 * readable only once all of them arrived; aborting `signal` leaves it unreadable (the server
 * deletes the partial upload within an hour).
 */
export async function createNote(
  note: NewNote,
  onProgress: ProgressListener,
  signal: AbortSignal,
): Promise<CreatedNote> {
  onProgress(0.05);
  const keys = await createKeys(note.password);
  // Independent of the note's keys: the status link can tell and destroy, never read.
  const status = await createStatusKeys();
  // Each file's key, name and type sealed for its place, so the server cannot drop or shuffle them.
  const metas = await describeFiles(note.files);
  onProgress(KEYS_DONE);

  const body: CreateNoteRequest = {
    content: await encryptNoteText(keys.contentKey, note.content.trim(), {
      images: 0,
      files: metas.length,
    }),
    verifier: keys.verifier,
    linkVerifier: keys.linkVerifier,
    // Checked against the contract: the server accepts only protocol v1's work factor.
    kdf: kdfSchema.nullable().parse(keys.kdf),
    expiration: note.expiration,
    emailNotification: note.receipt?.email ?? null,
    ...(note.receipt && {
      notificationLanguage: note.receipt.language,
      // One line of text: a pasted tab or line break becomes a space rather than a refusal.
      notificationReference: note.receipt.reference.replace(/\p{Cc}+/gu, ' ').trim() || null,
    }),
    statusVerifier: status.statusVerifier,
    attachedImages: [],
    files: await encryptFileMetas(keys.contentKey, metas),
  };
  const created = await apiPost(apiPaths.notes, body, createNoteResponseSchema, { signal });
  onProgress(CREATED);
  let { expiresAt } = created;
  if (metas.length > 0) {
    if (created.uploadToken === undefined) {
      throw new InvalidResponseError(apiPaths.notes, 'no upload token for the files');
    }
    const access = { noteId: created.noteId, token: created.uploadToken };
    const onSent = (fraction: number) => onProgress(CREATED + (1 - CREATED) * fraction);
    expiresAt = await uploadFiles(access, note.files, metas, onSent, signal);
  }
  onProgress(1);
  return {
    noteId: created.noteId,
    expiresAt,
    linkKey: keys.linkKey,
    statusKey: status.statusKey,
  };
}

/** The share link: the key rides in the fragment, which browsers never send to a server. */
export function noteLink(noteId: string, linkKey: string): string {
  return shareLink(`${routePaths.note(noteId)}#${linkKey}`);
}

/** The sender's private status link, its key in the fragment likewise. */
export function statusLink(noteId: string, statusKey: string): string {
  return shareLink(`${routePaths.noteStatus(noteId)}#${statusKey}`);
}
