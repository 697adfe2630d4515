import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage } from './languages.ts';

describe('languageOfAcceptLanguage', () => {
  it('takes the most preferred language we have, as the app reads navigator.languages', () => {
    expect(languageOfAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageOfAcceptLanguage('sw,pt-BR;q=0.7,fr;q=0.7')).toBe('pt');
    // By weight, then by place; a weight of 0 means "not this one".
    expect(languageOfAcceptLanguage('en;q=0.3, ja;q=0.9')).toBe('ja');
    expect(languageOfAcceptLanguage('ar;q=0, hi;q=0.1')).toBe('hi');
    expect(languageOfAcceptLanguage('ZH_tw')).toBe('zh');
  });

  it('falls back to English without a language we have', () => {
    expect(languageOfAcceptLanguage(undefined)).toBe('en');
    expect(languageOfAcceptLanguage('')).toBe('en');
    expect(languageOfAcceptLanguage('*')).toBe('en');
    expect(languageOfAcceptLanguage('sw, tlh;q=0.5, de;q=0')).toBe('en');
    expect(languageOfAcceptLanguage(';;,,q=,')).toBe('en');
  });
});
