import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, LANGUAGES } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { resources } from './resources.ts';

/** Where the chosen language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'ashnote.language';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: LANGUAGE_CODES,
    fallbackLng: FALLBACK_LANGUAGE,
    // `de-AT` from the browser resolves to our `de`.
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    // Everything is bundled, so initialisation is synchronous and the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

export function resolveLanguage(code: string | undefined): (typeof LANGUAGES)[number] {
  const base = code?.split('-')[0];
  return LANGUAGES.find((language) => language.code === base) ?? LANGUAGES[0];
}

/** `<html lang dir>` follow the interface language (Arabic turns the page right-to-left). */
function applyDocumentLanguage() {
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

i18n.on('languageChanged', applyDocumentLanguage);
applyDocumentLanguage();

export function changeLanguage(code: LanguageCode): Promise<unknown> {
  return i18n.changeLanguage(code);
}

export { i18n };
