import { createNoteResponseSchema, kdfSchema } from '../../../../shared/api/notes.ts';
import type { CreateNoteRequest, CreateNoteResponse } from '../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import {
  createStatusKeys,
  encryptNoteImage,
  encryptNoteText,
} from '../../../../shared/crypto/index.ts';
import type { LanguageCode } from '../../../../shared/languages.ts';
import type { NoteExpiration } from '../../../../shared/limits.ts';
import { ApiError, InvalidResponseError, NetworkError, apiUrl } from '../../api/client.ts';
import { routePaths } from '../../app/paths.ts';
import { shareLink } from '../../platform/index.ts';
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
  /** Already stripped of metadata. */
  images: File[];
}

export type { CreatedNote };

/** 0–1 over the whole job: keys, encryption, then the upload. */
export type ProgressListener = (fraction: number) => void;

const KEYS_DONE = 0.25;
const ENCRYPTED = 0.4;

/**
 * Encrypts a note in the browser and uploads ciphertext only. The password, the plaintext and
 * K_link never leave this function except as the returned link key.
 */
export async function createNote(
  note: NewNote,
  onProgress: ProgressListener,
): Promise<CreatedNote> {
  onProgress(0.05);
  const keys = await createKeys(note.password);
  // Independent of the note's keys: the status link can tell and destroy, never read.
  const status = await createStatusKeys();
  onProgress(KEYS_DONE);

  // Each item is sealed for its place in the note, so the server cannot drop or shuffle images.
  const count = note.images.length;
  const content = await encryptNoteText(keys.contentKey, note.content.trim(), { images: count });
  const attachedImages: string[] = [];
  for (const [index, image] of note.images.entries()) {
    const bytes = new Uint8Array(await image.arrayBuffer());
    const payload = { name: image.name, type: image.type, bytes };
    attachedImages.push(await encryptNoteImage(keys.contentKey, payload, { index, count }));
    onProgress(KEYS_DONE + ((ENCRYPTED - KEYS_DONE) * (index + 1)) / count);
  }
  onProgress(ENCRYPTED);

  const body: CreateNoteRequest = {
    content,
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
    attachedImages,
  };
  const created = await postWithProgress(apiPaths.notes, body, (sent) =>
    onProgress(ENCRYPTED + (1 - ENCRYPTED) * sent),
  );
  onProgress(1);
  return { ...created, linkKey: keys.linkKey, statusKey: status.statusKey };
}

/**
 * A JSON POST through XMLHttpRequest, the one browser API that reports upload progress (five
 * 10 MB images take a while on a slow line). Fails the way the shared API client does.
 */
function postWithProgress(
  path: string,
  body: CreateNoteRequest,
  onSent: (fraction: number) => void,
): Promise<CreateNoteResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        const parsed = createNoteResponseSchema.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) resolve(parsed.data);
        else reject(new InvalidResponseError(path, parsed.error));
      } catch (error) {
        reject(new InvalidResponseError(path, error));
      }
    };
    xhr.send(JSON.stringify(body));
  });
}

/** The share link: the key rides in the fragment, which browsers never send to a server. */
export function noteLink(noteId: string, linkKey: string): string {
  return shareLink(`${routePaths.note(noteId)}#${linkKey}`);
}

/** The sender's private status link, its key in the fragment likewise. */
export function statusLink(noteId: string, statusKey: string): string {
  return shareLink(`${routePaths.noteStatus(noteId)}#${statusKey}`);
}
