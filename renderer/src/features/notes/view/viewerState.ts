import type { DestroyReason, NoteInfoResponse } from '../../../../../shared/api/notes.ts';
import type { NoteKdf } from '../../../../../shared/crypto/index.ts';
import { errorDetails } from '../../../../../shared/error-details.ts';
import { missingCase } from '../../../../../shared/errors.ts';
import { totalSeconds } from '../../../../../shared/time-ago.ts';
import { ApiError } from '../../../api/client.ts';
import type { OpenedFiles } from '../../../files/fileCalls.ts';
import { apiErrorKey } from '../../../api/errorKey.ts';
import type { ApiErrorKey } from '../../../api/errorKey.ts';

/**
 * The note viewer as a pure state machine. The hook (useNoteReader) does the fetching and the
 * crypto and feeds this reducer what happened; each state is one screen.
 */

export interface ShownImage {
  /** Object URL of the decrypted image; revoked when the viewer goes. */
  url: string;
  name: string;
}

/** A note that is still there, as `GET /api/notes/:id` described it. */
export type LiveNote = Extract<NoteInfoResponse, { isDestroyed: false }>;

export type ViewerState =
  /** Asking the server (without burning anything) whether the note is still there. */
  | { kind: 'checking' }
  | { kind: 'warning'; note: LiveNote }
  /** Fetching (and so destroying) a note without a password. */
  | { kind: 'opening' }
  | { kind: 'destroyed'; reason: DestroyReason; seconds: number | null }
  | { kind: 'notFound' }
  | {
      kind: 'password';
      kdf: NoteKdf;
      unlocking: boolean;
      error: ApiErrorKey | null;
      attemptsLeft: number | null;
    }
  | { kind: 'decrypting' }
  | {
      kind: 'revealed';
      text: string;
      images: ShownImage[];
      skipped: number;
      files: OpenedFiles | null;
    }
  | { kind: 'decryptFailed' }
  | { kind: 'error'; message: ApiErrorKey };

export type ViewerAction =
  | { type: 'check' }
  | { type: 'checked'; info: NoteInfoResponse }
  | { type: 'confirmed' }
  | { type: 'unlocking' }
  | { type: 'readFailed'; error: unknown; kdf: NoteKdf | null }
  | { type: 'checkFailed'; error: unknown }
  | { type: 'decrypting' }
  | {
      type: 'revealed';
      text: string;
      images: ShownImage[];
      skipped: number;
      files: OpenedFiles | null;
    }
  | { type: 'decryptFailed' };

export const initialViewerState: ViewerState = { kind: 'checking' };

/** The note's KDF when it needs a password first; null when reading it takes the link alone. */
export function passwordKdf(note: LiveNote): NoteKdf | null {
  return note.hasPassword ? note.kdf : null;
}

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/** The screen after `POST /verify` failed: nothing was destroyed unless the server says so. */
function afterReadFailed(error: unknown, kdf: NoteKdf | null): ViewerState {
  const code = codeOf(error);
  const body = error instanceof ApiError ? error.body : undefined;
  if (code === 'GONE') {
    return {
      kind: 'destroyed',
      reason: errorDetails(body, 'GONE')?.reason ?? 'read',
      seconds: null,
    };
  }
  if (code === 'NOT_FOUND') return { kind: 'notFound' };
  // No password to get wrong: the key in the link is not this note's.
  if (code === 'WRONG_PROOF' && kdf === null) return { kind: 'decryptFailed' };
  if (kdf !== null) {
    return {
      kind: 'password',
      kdf,
      unlocking: false,
      error: apiErrorKey(error),
      attemptsLeft: errorDetails(body, 'WRONG_PROOF')?.attemptsLeft ?? null,
    };
  }
  return { kind: 'error', message: apiErrorKey(error) };
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'check':
      return { kind: 'checking' };
    case 'checked':
      return action.info.isDestroyed
        ? {
            kind: 'destroyed',
            reason: action.info.reason,
            seconds: totalSeconds(action.info.timeAgo),
          }
        : { kind: 'warning', note: action.info };
    case 'checkFailed':
      return codeOf(action.error) === 'NOT_FOUND'
        ? { kind: 'notFound' }
        : { kind: 'error', message: apiErrorKey(action.error) };
    case 'confirmed': {
      if (state.kind !== 'warning') return state;
      const kdf = passwordKdf(state.note);
      return kdf
        ? { kind: 'password', kdf, unlocking: false, error: null, attemptsLeft: null }
        : { kind: 'opening' };
    }
    case 'unlocking':
      return state.kind === 'password' ? { ...state, unlocking: true, error: null } : state;
    case 'readFailed':
      return afterReadFailed(action.error, action.kdf);
    case 'decrypting':
      return { kind: 'decrypting' };
    case 'revealed':
      return {
        kind: 'revealed',
        text: action.text,
        images: action.images,
        skipped: action.skipped,
        files: action.files,
      };
    case 'decryptFailed':
      return { kind: 'decryptFailed' };
    default:
      return missingCase(action);
  }
}
