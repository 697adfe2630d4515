import { missingCase } from '../../../../../shared/errors.ts';
import { DEFAULT_NOTE_EXPIRATION } from '../../../../../shared/limits.ts';
import type { NoteExpiration } from '../../../../../shared/limits.ts';
import type { CreatedNote } from '../createdNote.ts';
import { contentProblem } from '../create/noteFormValidation.ts';

/** The mobile create flow (seed §4): write, then security settings, then share. */
export type MobileNoteStep = 'write' | 'security' | 'share';

export interface MobileNoteState {
  step: MobileNoteStep;
  /** As saved from the editor; trimmed only when checked and sent. */
  message: string;
  passwordOn: boolean;
  /** Kept while the toggle is off, but only used while it is on. */
  password: string;
  expiration: NoteExpiration;
  /** The toggle is on and the password empty: shown after a create attempt. */
  passwordMissing: boolean;
  pending: boolean;
  /** 0–1 while pending. */
  progress: number;
  /** Set on the share step: the link's note id and key, in memory only. */
  created: CreatedNote | null;
}

export type MobileNoteAction =
  | { type: 'message'; value: string }
  /** `hasFiles`: files are attached (they live in the Create tab, not in this state). */
  | { type: 'continue'; hasFiles: boolean }
  | { type: 'back' }
  | { type: 'passwordOn'; on: boolean }
  | { type: 'password'; value: string }
  | { type: 'expiration'; value: NoteExpiration }
  | { type: 'passwordMissing' }
  | { type: 'submitting' }
  | { type: 'progress'; fraction: number }
  | { type: 'created'; note: CreatedNote }
  | { type: 'failed' }
  | { type: 'createAnother' };

export const initialMobileNote: MobileNoteState = {
  step: 'write',
  message: '',
  passwordOn: false,
  password: '',
  expiration: DEFAULT_NOTE_EXPIRATION,
  passwordMissing: false,
  pending: false,
  progress: 0,
  created: null,
};

/** Continue stays disabled while this is false: nothing to send, or a message over the limit. */
export function canContinue(message: string, hasFiles = false): boolean {
  return contentProblem(message, hasFiles) === undefined;
}

/** The password that goes into the note's key: none unless the toggle is on (seed §5). */
export function effectivePassword(state: Pick<MobileNoteState, 'passwordOn' | 'password'>) {
  return state.passwordOn ? state.password : '';
}

export function mobileNoteReducer(
  state: MobileNoteState,
  action: MobileNoteAction,
): MobileNoteState {
  switch (action.type) {
    case 'message':
      return { ...state, message: action.value };
    case 'continue':
      return state.step === 'write' && canContinue(state.message, action.hasFiles)
        ? { ...state, step: 'security' }
        : state;
    case 'back':
      return state.step === 'security' && !state.pending ? { ...state, step: 'write' } : state;
    case 'passwordOn':
      return { ...state, passwordOn: action.on, passwordMissing: false };
    case 'password':
      return { ...state, password: action.value, passwordMissing: false };
    case 'expiration':
      return { ...state, expiration: action.value };
    case 'passwordMissing':
      return { ...state, passwordMissing: true };
    case 'submitting':
      return { ...state, pending: true, progress: 0 };
    case 'progress':
      return { ...state, progress: action.fraction };
    case 'created':
      // The message and password are sent (encrypted) and forgotten: only the link remains.
      return { ...initialMobileNote, step: 'share', created: action.note };
    case 'failed':
      return { ...state, pending: false, progress: 0 };
    case 'createAnother':
      return initialMobileNote;
    default:
      return missingCase(action);
  }
}
