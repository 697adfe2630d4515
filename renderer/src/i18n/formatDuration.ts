import type { TFunction } from './translate.ts';
import { missingCase } from '../../../shared/errors.ts';
import { largestTwoUnits } from '../../../shared/time-ago.ts';
import type { DurationUnit } from '../../../shared/time-ago.ts';

function unitText(t: TFunction, unit: DurationUnit, count: number): string {
  switch (unit) {
    case 'days':
      return t('note.time.days', { count });
    case 'hours':
      return t('note.time.hours', { count });
    case 'minutes':
      return t('note.time.minutes', { count });
    case 'seconds':
      return t('note.time.seconds', { count });
    default:
      return missingCase(unit);
  }
}

/** "2 hours and 5 minutes" in the interface language, each unit pluralised by its rules. */
export function formatDuration(t: TFunction, language: string, seconds: number): string {
  const parts = largestTwoUnits(seconds).map((part) => unitText(t, part.unit, part.count));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(parts);
}
