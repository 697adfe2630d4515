import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from './resources.ts';
import { formatDuration } from './formatDuration.ts';

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('formatDuration', () => {
  it('names the two largest units, pluralised, in English', async () => {
    const t = await translator('en');
    expect(formatDuration(t, 'en', 3600 + 60)).toBe('1 hour and 1 minute');
    expect(formatDuration(t, 'en', 2 * 3600 + 5 * 60 + 9)).toBe('2 hours and 5 minutes');
    expect(formatDuration(t, 'en', 3 * 86_400)).toBe('3 days');
    expect(formatDuration(t, 'en', 1)).toBe('1 second');
    expect(formatDuration(t, 'en', 0)).toBe('0 seconds');
  });

  it('uses each language’s plural forms', async () => {
    const ru = await translator('ru');
    expect(formatDuration(ru, 'ru', 3600 + 2 * 60)).toBe('1 час и 2 минуты');
    expect(formatDuration(ru, 'ru', 5 * 3600 + 21 * 60)).toBe('5 часов и 21 минуту');
    const de = await translator('de');
    expect(formatDuration(de, 'de', 2 * 86_400)).toBe('2 Tagen');
    const ja = await translator('ja');
    expect(formatDuration(ja, 'ja', 2 * 60 + 3)).toBe('2 分、3 秒');
    const ar = await translator('ar');
    expect(formatDuration(ar, 'ar', 3 * 3600)).toBe('3 ساعات');
  });

  it('never falls back to a raw key in any language', async () => {
    for (const language of Object.keys(resources)) {
      const t = await translator(language);
      for (const seconds of [0, 1, 2, 3, 11, 59, 61, 3600, 7322, 86_400 * 21, 86_400 * 30 + 3600]) {
        const text = formatDuration(t, language, seconds);
        expect(text, `${language} ${seconds}`).not.toMatch(/note\.time|\{\{/);
      }
    }
  });
});
