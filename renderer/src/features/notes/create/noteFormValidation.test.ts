import { describe, expect, it } from 'vitest';
import { NOTE_MAX_CHARS, NOTE_MAX_IMAGES } from '../../../../../shared/limits.ts';
import { contentProblem, emailProblem, imageRoom, validateNote } from './noteFormValidation.ts';

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
    expect(validateNote({ content: 'note', receiptEmail: null })).toEqual({});
    expect(validateNote({ content: 'note', receiptEmail: 'nope' })).toEqual({ email: 'invalid' });
    expect(validateNote({ content: '', receiptEmail: 'nope' })).toEqual({
      content: 'required',
      email: 'invalid',
    });
  });

  it('counts the room left for images', () => {
    expect(imageRoom(0)).toBe(NOTE_MAX_IMAGES);
    expect(imageRoom(NOTE_MAX_IMAGES - 1)).toBe(1);
    expect(imageRoom(NOTE_MAX_IMAGES + 2)).toBe(0);
  });
});
