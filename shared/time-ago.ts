/**
 * "Destroyed 2 hours, 5 minutes ago": a duration as its largest two units (seed §4). Days are
 * added above the contract's hours so a note that expired weeks ago does not read "700 hours".
 * Only the numbers live here; wording and plurals are the interface language's job.
 */
export const DURATION_UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export interface DurationPart {
  unit: DurationUnit;
  count: number;
}

const UNIT_SECONDS: Record<DurationUnit, number> = {
  days: 86_400,
  hours: 3600,
  minutes: 60,
  seconds: 1,
};

export function totalSeconds(time: { hours: number; minutes: number; seconds: number }): number {
  return Math.max(0, Math.floor(time.hours * 3600 + time.minutes * 60 + time.seconds));
}

/**
 * The largest non-zero unit and, when it is not zero, the one right below it: 90,061 s →
 * 1 day, 1 hour; 7,205 s → 2 hours (the 0 minutes are dropped, and the 5 seconds are too small
 * to matter). Zero is "0 seconds".
 */
export function largestTwoUnits(seconds: number): DurationPart[] {
  let rest = Math.max(0, Math.floor(seconds));
  const all = DURATION_UNITS.map((unit) => {
    const count = Math.floor(rest / UNIT_SECONDS[unit]);
    rest -= count * UNIT_SECONDS[unit];
    return { unit, count };
  });
  const first = all.findIndex((part) => part.count > 0);
  if (first === -1) return [{ unit: 'seconds', count: 0 }];
  const next = all[first + 1];
  return next && next.count > 0 ? [all[first], next] : [all[first]];
}
