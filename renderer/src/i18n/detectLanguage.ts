import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';

export interface LanguageHints {
  /** What this browser chose or was given last time (local storage). */
  stored: string | null;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
  /** The `<html lang>` the page was served with. */
  html: string | null;
}

/** `de-AT` → `de`; undefined for languages we do not have. */
export function supportedLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const base = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return LANGUAGE_CODES.find((code) => code === base);
}

/**
 * The interface language at start, in the spec's order (§2): the remembered choice, then the
 * browser's languages, then the page's own `lang`, then English.
 */
export function detectLanguage({ stored, browser, html }: LanguageHints): LanguageCode {
  for (const candidate of [stored, ...browser, html]) {
    const language = supportedLanguage(candidate);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
