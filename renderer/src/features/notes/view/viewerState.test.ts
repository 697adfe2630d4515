import { describe, expect, it } from 'vitest';
import type { NoteInfoResponse } from '../../../../../shared/api/notes.ts';
import type { ErrorBody } from '../../../../../shared/errors.ts';
import { ApiError } from '../../../api/client.ts';
import { initialViewerState, viewerReducer } from './viewerState.ts';
import type { ViewerAction, ViewerState } from './viewerState.ts';

const KDF = { salt: 'A'.repeat(22), iterations: 600_000 } as const;
const live = (hasPassword: boolean): NoteInfoResponse => ({
  success: true,
  isDestroyed: false,
  hasPassword,
  kdf: hasPassword ? KDF : null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  attachmentCount: 0,
  fileCount: 0,
});
const apiError = (status: number, error: ErrorBody['error']) =>
  new ApiError(status, '', JSON.stringify({ error }));

const run = (...actions: ViewerAction[]): ViewerState =>
  actions.reduce(viewerReducer, initialViewerState);

describe('viewerReducer', () => {
  it('shows a destroyed note as such before any warning', () => {
    const state = run({
      type: 'checked',
      info: {
        success: true,
        isDestroyed: true,
        reason: 'read',
        timeAgo: { hours: 1, minutes: 2, seconds: 3 },
      },
    });
    expect(state).toEqual({ kind: 'destroyed', reason: 'read', seconds: 3723 });
    // Nothing moves it back to the warning.
    expect(viewerReducer(state, { type: 'confirmed' })).toBe(state);
  });

  it('warns for a live note, then asks for the password or opens it', () => {
    expect(run({ type: 'checked', info: live(false) }).kind).toBe('warning');
    expect(run({ type: 'checked', info: live(false) }, { type: 'confirmed' })).toEqual({
      kind: 'opening',
    });
    expect(run({ type: 'checked', info: live(true) }, { type: 'confirmed' })).toEqual({
      kind: 'password',
      kdf: KDF,
      unlocking: false,
      error: null,
      attemptsLeft: null,
    });
  });

  it('tells an unknown note from a failed check', () => {
    expect(
      run({ type: 'checkFailed', error: apiError(404, { code: 'NOT_FOUND', message: '' }) }),
    ).toEqual({ kind: 'notFound' });
    expect(run({ type: 'checkFailed', error: new ApiError(502, 'Bad Gateway', '') })).toEqual({
      kind: 'error',
      message: 'errors.server',
    });
  });

  it('keeps the password screen after a wrong password, with the attempts left', () => {
    const wrong = apiError(401, {
      code: 'WRONG_PROOF',
      message: '',
      details: { attemptsLeft: 7 },
    });
    const state = run(
      { type: 'checked', info: live(true) },
      { type: 'confirmed' },
      { type: 'unlocking' },
      { type: 'readFailed', error: wrong, kdf: KDF },
    );
    expect(state).toEqual({
      kind: 'password',
      kdf: KDF,
      unlocking: false,
      error: 'errors.wrongPassword',
      attemptsLeft: 7,
    });
    // Without a password, a wrong proof means the key in the link is not this note's.
    expect(run({ type: 'readFailed', error: wrong, kdf: null })).toEqual({ kind: 'decryptFailed' });
  });

  it('reads why a note is gone from the error details, defaulting to read', () => {
    const gone = (details?: unknown) =>
      new ApiError(410, '', JSON.stringify({ error: { code: 'GONE', message: '', details } }));
    expect(
      run({ type: 'readFailed', error: gone({ reason: 'too_many_attempts' }), kdf: KDF }),
    ).toEqual({ kind: 'destroyed', reason: 'too_many_attempts', seconds: null });
    expect(run({ type: 'readFailed', error: gone({ reason: 'eaten' }), kdf: null })).toEqual({
      kind: 'destroyed',
      reason: 'read',
      seconds: null,
    });
  });
});
