import { describe, expect, it } from 'vitest';
import { largestTwoUnits, totalSeconds } from './time-ago.ts';

describe('largestTwoUnits', () => {
  it('keeps the two largest units', () => {
    expect(largestTwoUnits(90_061)).toEqual([
      { unit: 'days', count: 1 },
      { unit: 'hours', count: 1 },
    ]);
    expect(largestTwoUnits(3 * 3600 + 25 * 60 + 9)).toEqual([
      { unit: 'hours', count: 3 },
      { unit: 'minutes', count: 25 },
    ]);
    expect(largestTwoUnits(125)).toEqual([
      { unit: 'minutes', count: 2 },
      { unit: 'seconds', count: 5 },
    ]);
  });

  it('drops a zero second unit instead of skipping to a smaller one', () => {
    expect(largestTwoUnits(7205)).toEqual([{ unit: 'hours', count: 2 }]);
    expect(largestTwoUnits(86_400 * 30)).toEqual([{ unit: 'days', count: 30 }]);
  });

  it('says 0 seconds for now and never goes negative', () => {
    expect(largestTwoUnits(0)).toEqual([{ unit: 'seconds', count: 0 }]);
    expect(largestTwoUnits(-5)).toEqual([{ unit: 'seconds', count: 0 }]);
    expect(largestTwoUnits(1.9)).toEqual([{ unit: 'seconds', count: 1 }]);
  });
});

describe('totalSeconds', () => {
  it('reads the API time-ago split', () => {
    expect(totalSeconds({ hours: 721, minutes: 2, seconds: 3 })).toBe(721 * 3600 + 123);
  });
});
