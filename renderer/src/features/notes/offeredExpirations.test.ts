import { describe, expect, it } from 'vitest';
import { offeredChoice } from './offeredExpirations.ts';

describe('offeredChoice', () => {
  const offered = { options: ['15m', '1h', '7d'] as const, initial: '1h' as const };

  it('keeps a choice the server offers, and replaces one it does not by its starting life', () => {
    expect(offeredChoice('15m', offered)).toBe('15m');
    expect(offeredChoice('1d', offered)).toBe('1h');
    expect(offeredChoice('30d', offered)).toBe('1h');
  });
});
