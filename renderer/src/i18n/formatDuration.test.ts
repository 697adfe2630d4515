import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { resources } from './resources.ts';
import { formatDuration } from './formatDuration.ts';
import { addTexts } from './translate.ts';
import { translator } from './index.ts';

function translatorFor(language: LanguageCode) {
  addTexts(language, 'translation', resources[language].translation);
  return translator('translation', language);
}

describe('formatDuration', () => {
  it('names the two largest units, pluralised, in English', () => {
    const t = translatorFor('en');
    expect(formatDuration(t, 'en', 3600 + 60)).toBe('1 hour and 1 minute');
    expect(formatDuration(t, 'en', 2 * 3600 + 5 * 60 + 9)).toBe('2 hours and 5 minutes');
    expect(formatDuration(t, 'en', 3 * 86_400)).toBe('3 days');
    expect(formatDuration(t, 'en', 1)).toBe('1 second');
    expect(formatDuration(t, 'en', 0)).toBe('0 seconds');
  });

  it('uses each language’s plural forms', () => {
    const ru = translatorFor('ru');
    expect(formatDuration(ru, 'ru', 3600 + 2 * 60)).toBe('1 час и 2 минуты');
    expect(formatDuration(ru, 'ru', 5 * 3600 + 21 * 60)).toBe('5 часов и 21 минуту');
    const de = translatorFor('de');
    expect(formatDuration(de, 'de', 2 * 86_400)).toBe('2 Tagen');
    const ja = translatorFor('ja');
    expect(formatDuration(ja, 'ja', 2 * 60 + 3)).toBe('2 分、3 秒');
    const ar = translatorFor('ar');
    expect(formatDuration(ar, 'ar', 3 * 3600)).toBe('3 ساعات');
  });

  it('never falls back to a raw key in any language', () => {
    for (const language of LANGUAGE_CODES) {
      const t = translatorFor(language);
      for (const seconds of [0, 1, 2, 3, 11, 59, 61, 3600, 7322, 86_400 * 21, 86_400 * 30 + 3600]) {
        const text = formatDuration(t, language, seconds);
        expect(text, `${language} ${seconds}`).not.toMatch(/note\.time|\{\{/);
      }
    }
  });
});
