import type { NoteStatusResponse } from '../../../../../shared/api/notes.ts';
import { missingCase } from '../../../../../shared/errors.ts';
import type { ApiErrorKey } from '../../../api/errorKey.ts';

/**
 * The status page's states. `wrongKey`: the link's key is malformed or not this note's (the
 * server changed nothing). `unknown`: even the note's tombstone is gone. `failed`: the last ask
 * did not get through (what the page knew before stays shown); polling goes on.
 */
export type StatusViewState =
  | { kind: 'checking' }
  | { kind: 'known'; status: NoteStatusResponse }
  | { kind: 'wrongKey' }
  | { kind: 'unknown' }
  | { kind: 'failed'; last: NoteStatusResponse | null };

export type StatusAction =
  | { type: 'answer'; status: NoteStatusResponse }
  | { type: 'wrongKey' }
  | { type: 'unknown' }
  | { type: 'failed'; errorKey: ApiErrorKey };

export const initialStatus: StatusViewState = { kind: 'checking' };

/** The last answer the page had, to keep showing it while a retry is due. */
function lastKnown(state: StatusViewState): NoteStatusResponse | null {
  if (state.kind === 'known') return state.status;
  if (state.kind === 'failed') return state.last;
  return null;
}

export function statusReducer(state: StatusViewState, action: StatusAction): StatusViewState {
  switch (action.type) {
    case 'answer':
      return { kind: 'known', status: action.status };
    case 'wrongKey':
      return { kind: 'wrongKey' };
    case 'unknown':
      return { kind: 'unknown' };
    case 'failed':
      return { kind: 'failed', last: lastKnown(state) };
    default:
      return missingCase(action);
  }
}

/** Whether the page still has something to wait for: only a waiting note can change. */
export function isFinal(state: StatusViewState): boolean {
  switch (state.kind) {
    case 'checking':
      return false;
    case 'known':
      return state.status.state === 'ended';
    case 'wrongKey':
    case 'unknown':
      return true;
    case 'failed':
      return state.last?.state === 'ended';
    default:
      return missingCase(state);
  }
}
