import { describe, expect, it } from 'vitest';
import { supportedLanguage } from '../../../shared/languages.ts';
import { detectLanguage } from './detectLanguage.ts';

describe('detectLanguage', () => {
  it('prefers the remembered choice over the browser and the page', () => {
    expect(detectLanguage({ stored: 'ar', browser: ['de-DE', 'en'], html: 'en' })).toBe('ar');
  });

  it('takes the first browser language we have, by its base language', () => {
    expect(detectLanguage({ stored: null, browser: ['nl-NL', 'pt-BR', 'en'], html: 'en' })).toBe(
      'pt',
    );
    expect(detectLanguage({ stored: null, browser: ['zh-Hant-TW'], html: null })).toBe('zh');
  });

  it('ignores a remembered value that is not one of ours', () => {
    expect(detectLanguage({ stored: 'xx', browser: ['ko-KR'], html: 'en' })).toBe('ko');
  });

  it('falls back to the page language, then English', () => {
    expect(detectLanguage({ stored: null, browser: ['nl'], html: 'fr' })).toBe('fr');
    expect(detectLanguage({ stored: null, browser: [], html: null })).toBe('en');
  });
});

describe('supportedLanguage', () => {
  it('accepts tags with region or underscore, in any case', () => {
    expect(supportedLanguage('DE_at')).toBe('de');
    expect(supportedLanguage('hi-IN')).toBe('hi');
    expect(supportedLanguage('')).toBeUndefined();
    expect(supportedLanguage(undefined)).toBeUndefined();
  });
});
