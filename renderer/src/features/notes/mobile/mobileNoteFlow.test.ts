import { describe, expect, it } from 'vitest';
import { NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';
import type { CreatedNote } from '../createdNote.ts';
import {
  canContinue,
  effectivePassword,
  initialMobileNote,
  mobileNoteReducer,
} from './mobileNoteFlow.ts';
import type { MobileNoteAction, MobileNoteState } from './mobileNoteFlow.ts';

const run = (actions: MobileNoteAction[], from: MobileNoteState = initialMobileNote) =>
  actions.reduce(mobileNoteReducer, from);

const note: CreatedNote = {
  noteId: 'AAAAAAAAAAAAAAAAAAAAAA',
  expiresAt: '2030-01-01T00:00:00.000Z',
  linkKey: 'k'.repeat(43),
  statusKey: 's'.repeat(43),
};

describe('the mobile create flow', () => {
  it('starts on the write step with an empty message, no password and a one-day expiry', () => {
    expect(initialMobileNote).toMatchObject({
      step: 'write',
      message: '',
      passwordOn: false,
      expiration: '1d',
      created: null,
    });
  });

  it('does not continue while the message is empty after trimming', () => {
    expect(canContinue('')).toBe(false);
    expect(canContinue('  \n\t ')).toBe(false);
    expect(
      run([
        { type: 'message', value: '   ' },
        { type: 'continue', hasFiles: false },
      ]).step,
    ).toBe('write');
  });

  it('continues without a message when files are attached', () => {
    expect(canContinue('  ', true)).toBe(true);
    expect(run([{ type: 'continue', hasFiles: true }]).step).toBe('security');
  });

  it('does not continue with a message over the limit', () => {
    expect(canContinue('x'.repeat(NOTE_MAX_CHARS + 1))).toBe(false);
    expect(canContinue('x'.repeat(NOTE_MAX_CHARS))).toBe(true);
  });

  it('continues to the security step with a message, and Back returns to write', () => {
    const security = run([
      { type: 'message', value: ' hello ' },
      { type: 'continue', hasFiles: false },
    ]);
    expect(security.step).toBe('security');
    const back = mobileNoteReducer(security, { type: 'back' });
    expect(back.step).toBe('write');
    // The message is kept for editing.
    expect(back.message).toBe(' hello ');
  });

  it('cannot go back while the note is being created', () => {
    const pending = run([
      { type: 'message', value: 'hello' },
      { type: 'continue', hasFiles: false },
      { type: 'submitting' },
    ]);
    expect(mobileNoteReducer(pending, { type: 'back' }).step).toBe('security');
  });

  it('uses the password only while the toggle is on', () => {
    const typed = run([
      { type: 'passwordOn', on: true },
      { type: 'password', value: 'hunter2' },
    ]);
    expect(effectivePassword(typed)).toBe('hunter2');
    const off = mobileNoteReducer(typed, { type: 'passwordOn', on: false });
    expect(effectivePassword(off)).toBe('');
    // Turning it back on brings the typed password back.
    expect(effectivePassword(mobileNoteReducer(off, { type: 'passwordOn', on: true }))).toBe(
      'hunter2',
    );
  });

  it('clears the missing-password complaint when the password or toggle changes', () => {
    const missing = run([{ type: 'passwordOn', on: true }, { type: 'passwordMissing' }]);
    expect(missing.passwordMissing).toBe(true);
    expect(mobileNoteReducer(missing, { type: 'password', value: 'x' }).passwordMissing).toBe(
      false,
    );
    expect(mobileNoteReducer(missing, { type: 'passwordOn', on: false }).passwordMissing).toBe(
      false,
    );
  });

  it('shows the link after creation and forgets the message and password', () => {
    const created = run([
      { type: 'message', value: 'secret' },
      { type: 'continue', hasFiles: false },
      { type: 'passwordOn', on: true },
      { type: 'password', value: 'pw' },
      { type: 'expiration', value: '7d' },
      { type: 'submitting' },
      { type: 'progress', fraction: 0.5 },
      { type: 'created', note },
    ]);
    expect(created).toMatchObject({
      step: 'share',
      created: note,
      message: '',
      password: '',
      passwordOn: false,
      pending: false,
    });
  });

  it('keeps everything on failure so the person can try again', () => {
    const failed = run([
      { type: 'message', value: 'secret' },
      { type: 'continue', hasFiles: false },
      { type: 'expiration', value: '1h' },
      { type: 'submitting' },
      { type: 'failed' },
    ]);
    expect(failed).toMatchObject({
      step: 'security',
      message: 'secret',
      expiration: '1h',
      pending: false,
    });
  });

  it('Create Another Note goes back to write with an empty message and no link', () => {
    const again = run([
      { type: 'message', value: 'secret' },
      { type: 'continue', hasFiles: false },
      { type: 'submitting' },
      { type: 'created', note },
      { type: 'createAnother' },
    ]);
    expect(again).toEqual(initialMobileNote);
  });
});
