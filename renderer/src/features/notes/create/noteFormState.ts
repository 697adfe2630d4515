import { missingCase } from '../../../../../shared/errors.ts';
import { DEFAULT_NOTE_EXPIRATION, NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';
import type { NoteExpiration } from '../../../../../shared/limits.ts';
import type { AttachmentIssue } from '../../../files/attachmentRules.ts';
import type { ContentProblem, EmailProblem, FormProblems } from './noteFormValidation.ts';

/** The create form's fields and progress (files live in useFileAttachments: they own URLs). */
export interface NoteFormState {
  content: string;
  password: string;
  showPassword: boolean;
  expiration: NoteExpiration;
  receiptOn: boolean;
  email: string;
  /** The sender's own name for the note, repeated in the receipt (optional). */
  reference: string;
  problems: FormProblems;
  attachmentIssues: AttachmentIssue[];
  pending: boolean;
  /** 0–1 while pending. */
  progress: number;
}

export type NoteFormAction =
  | { type: 'content'; value: string }
  | { type: 'password'; value: string }
  | { type: 'togglePassword' }
  | { type: 'expiration'; value: NoteExpiration }
  | { type: 'receipt'; on: boolean }
  | { type: 'email'; value: string }
  | { type: 'reference'; value: string }
  | { type: 'attachmentIssues'; issues: AttachmentIssue[] }
  | { type: 'invalid'; problems: FormProblems }
  | { type: 'submitting' }
  | { type: 'progress'; fraction: number }
  | { type: 'created' }
  | { type: 'failed'; email?: EmailProblem };

export const initialNoteForm: NoteFormState = {
  content: '',
  password: '',
  showPassword: false,
  // The same default initially and after a reset (DESIGN §5).
  expiration: DEFAULT_NOTE_EXPIRATION,
  receiptOn: false,
  email: '',
  reference: '',
  problems: {},
  attachmentIssues: [],
  pending: false,
  progress: 0,
};

export function noteFormReducer(state: NoteFormState, action: NoteFormAction): NoteFormState {
  switch (action.type) {
    case 'content':
      // Typing clears a "required" complaint; "too long" is shown live from the length.
      return {
        ...state,
        content: action.value,
        problems: { ...state.problems, content: undefined },
      };
    case 'password':
      // Nothing left to show: the toggle goes with the text.
      return {
        ...state,
        password: action.value,
        showPassword: action.value === '' ? false : state.showPassword,
      };
    case 'togglePassword':
      return { ...state, showPassword: !state.showPassword };
    case 'expiration':
      return { ...state, expiration: action.value };
    case 'receipt':
      return {
        ...state,
        receiptOn: action.on,
        problems: action.on ? state.problems : { ...state.problems, email: undefined },
      };
    case 'email':
      return { ...state, email: action.value, problems: { ...state.problems, email: undefined } };
    case 'reference':
      return { ...state, reference: action.value };
    case 'attachmentIssues':
      return { ...state, attachmentIssues: action.issues };
    case 'invalid':
      return { ...state, problems: action.problems };
    case 'submitting':
      return { ...state, problems: {}, pending: true, progress: 0 };
    case 'progress':
      return { ...state, progress: action.fraction };
    case 'created':
      return initialNoteForm;
    case 'failed':
      return {
        ...state,
        pending: false,
        problems: action.email ? { ...state.problems, email: action.email } : state.problems,
      };
    default:
      return missingCase(action);
  }
}

/** The content problem to show now: "too long" appears while typing, others after a submit. */
export function shownContentProblem(state: NoteFormState): ContentProblem | undefined {
  return state.content.length > NOTE_MAX_CHARS ? 'tooLong' : state.problems.content;
}
