import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTE_EXPIRATION, NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';
import { initialNoteForm, noteFormReducer, shownContentProblem } from './noteFormState.ts';
import type { NoteFormAction, NoteFormState } from './noteFormState.ts';

const run = (...actions: NoteFormAction[]): NoteFormState =>
  actions.reduce(noteFormReducer, initialNoteForm);

describe('noteFormReducer', () => {
  it('clears a complaint as soon as the field is edited', () => {
    const invalid = run({ type: 'invalid', problems: { content: 'required', email: 'invalid' } });
    expect(noteFormReducer(invalid, { type: 'content', value: 'x' }).problems).toEqual({
      content: undefined,
      email: 'invalid',
    });
    expect(noteFormReducer(invalid, { type: 'email', value: 'a@b.c' }).problems.email).toBe(
      undefined,
    );
    expect(noteFormReducer(invalid, { type: 'receipt', on: false }).problems.email).toBe(undefined);
  });

  it('hides the password toggle again once the password is emptied', () => {
    const shown = run({ type: 'password', value: 'secret' }, { type: 'togglePassword' });
    expect(shown.showPassword).toBe(true);
    expect(noteFormReducer(shown, { type: 'password', value: '' }).showPassword).toBe(false);
  });

  it('shows "too long" while typing, other problems only after a submit', () => {
    expect(
      shownContentProblem(run({ type: 'content', value: 'x'.repeat(NOTE_MAX_CHARS + 1) })),
    ).toBe('tooLong');
    expect(shownContentProblem(run({ type: 'content', value: '' }))).toBeUndefined();
    expect(shownContentProblem(run({ type: 'invalid', problems: { content: 'required' } }))).toBe(
      'required',
    );
  });

  it('starts over after creation, expiry back to the default', () => {
    const state = run(
      { type: 'content', value: 'note' },
      { type: 'password', value: 'pw' },
      { type: 'expiration', value: '30d' },
      { type: 'receipt', on: true },
      { type: 'email', value: 'me@example.com' },
      { type: 'attachmentIssues', issues: [{ problem: 'tooMany' }] },
      { type: 'submitting' },
      { type: 'progress', fraction: 0.5 },
      { type: 'created' },
    );
    expect(state).toEqual(initialNoteForm);
    expect(state.expiration).toBe(DEFAULT_NOTE_EXPIRATION);
  });

  it('keeps what was typed when sending fails, marking the address when it was the cause', () => {
    const sending = run(
      { type: 'content', value: 'note' },
      { type: 'receipt', on: true },
      { type: 'email', value: 'me@example.com' },
      { type: 'submitting' },
    );
    expect(sending.pending).toBe(true);
    const capped = noteFormReducer(sending, { type: 'failed', email: 'receiptLimit' });
    expect(capped).toMatchObject({ pending: false, content: 'note', email: 'me@example.com' });
    expect(capped.problems.email).toBe('receiptLimit');
    expect(noteFormReducer(sending, { type: 'failed' }).problems).toEqual({});
  });
});
