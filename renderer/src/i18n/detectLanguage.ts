import { FALLBACK_LANGUAGE, supportedLanguage } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';

export interface LanguageHints {
  /** What this browser chose or was given last time (local storage). */
  stored: string | null;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
  /** The `<html lang>` the page was served with. */
  html: string | null;
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

/** Where the chosen language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'ashnote.language';

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readRemembered(): string | null {
  try {
    return storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The language this browser starts in (spec §2), as the app starts it and as the check of a
 * pre-rendered page before its first paint sees it (src/prerender/boot.ts).
 */
export function browserLanguage(): LanguageCode {
  return detectLanguage({
    stored: readRemembered(),
    browser: navigator.languages,
    html: document.documentElement.getAttribute('lang'),
  });
}
