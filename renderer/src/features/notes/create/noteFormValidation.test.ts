import { describe, expect, it } from 'vitest';
import { NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';
import { contentProblem, emailProblem, validateNote } from './noteFormValidation.ts';

describe('create form validation', () => {
  it('wants some content, and not too much', () => {
    expect(contentProblem('')).toBe('required');
    expect(contentProblem(' \n\t ')).toBe('required');
    expect(contentProblem('hello')).toBeUndefined();
    expect(contentProblem('x'.repeat(NOTE_MAX_CHARS))).toBeUndefined();
    expect(contentProblem('x'.repeat(NOTE_MAX_CHARS + 1))).toBe('tooLong');
    // Counted as typed, spaces included: what the counter shows is what is checked.
    expect(contentProblem(` ${'x'.repeat(NOTE_MAX_CHARS)}`)).toBe('tooLong');
  });

  it('checks the receipt address only when a receipt is wanted', () => {
    expect(emailProblem('not-an-address')).toBe('invalid');
    expect(emailProblem('  sender@example.com  ')).toBeUndefined();
    expect(emailProblem(`${'a'.repeat(250)}@example.com`)).toBe('invalid');
    expect(validateNote({ content: 'note', receiptEmail: null, hasFiles: false })).toEqual({});
    expect(validateNote({ content: 'note', receiptEmail: 'nope', hasFiles: false })).toEqual({
      email: 'invalid',
    });
    expect(validateNote({ content: '', receiptEmail: 'nope', hasFiles: false })).toEqual({
      content: 'required',
      email: 'invalid',
    });
  });

  it('takes a note of files alone, never an empty one', () => {
    expect(validateNote({ content: ' ', receiptEmail: null, hasFiles: true })).toEqual({});
    expect(validateNote({ content: ' ', receiptEmail: null, hasFiles: false })).toEqual({
      content: 'required',
    });
  });
});
