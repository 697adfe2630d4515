import { describe, expect, it } from 'vitest';
import { NOTE_MAX_FILES } from '../../../shared/limits.ts';
import { attachmentRefusal } from './attachmentRules.ts';

describe('attachmentRefusal', () => {
  const file = (size: number) => ({ size });

  it('takes files while their sizes together stay within the limit', () => {
    expect(attachmentRefusal([], 100, 100)).toBeNull();
    expect(attachmentRefusal([file(60)], 40, 100)).toBeNull();
    expect(attachmentRefusal([file(60)], 41, 100)).toBe('overLimit');
    expect(attachmentRefusal([], 101, 100)).toBe('overLimit');
  });

  it('takes no more files than a note holds, however small', () => {
    const full = Array.from({ length: NOTE_MAX_FILES }, () => file(0));
    expect(attachmentRefusal(full.slice(1), 0, 100)).toBeNull();
    expect(attachmentRefusal(full, 0, 100)).toBe('tooMany');
  });
});
