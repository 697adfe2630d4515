import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes.ts';

describe('formatBytes', () => {
  it('picks the largest binary unit below the size', () => {
    expect(formatBytes(0, 'en')).toBe('0B');
    expect(formatBytes(1023, 'en')).toBe('1,023B');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(100 * 1024 * 1024, 'en')).toBe('100 MB');
    expect(formatBytes(1024 ** 3, 'en')).toBe('1 GB');
  });

  it('writes the number and unit as the language does', () => {
    expect(formatBytes(1.5 * 1024 * 1024, 'de')).toBe('1,5 MB');
    expect(formatBytes(10 * 1024 * 1024, 'ar')).not.toContain('MB');
  });
});
