import { describe, expect, it } from 'vitest';
import { NOTE_EXPIRATIONS, NOTE_EXPIRATION_SECONDS, defaultExpirationOf } from './limits.ts';

describe('note lives', () => {
  it('are listed shortest first', () => {
    const seconds = NOTE_EXPIRATIONS.map((life) => NOTE_EXPIRATION_SECONDS[life]);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
  });

  it('start a form on 1 day where offered, else the longest under it, else the shortest', () => {
    expect(defaultExpirationOf(NOTE_EXPIRATIONS)).toBe('1d');
    expect(defaultExpirationOf(['5m', '1d'])).toBe('1d');
    expect(defaultExpirationOf(['5m', '15m', '7d'])).toBe('15m');
    expect(defaultExpirationOf(['5m'])).toBe('5m');
    expect(defaultExpirationOf(['7d', '30d'])).toBe('7d');
  });
});
