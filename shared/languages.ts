/** The twelve interface languages; `en` is the source and the fallback. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'zh', name: '中文', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'pt', name: 'Português', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** `de-AT` → `de`; undefined for languages we do not have. */
export function supportedLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const base = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return LANGUAGE_CODES.find((code) => code === base);
}

/**
 * The language a browser sending this `Accept-Language` starts in when it has no remembered
 * choice: its most preferred language we have (as the app reads `navigator.languages`, from
 * which browsers make the header), else the fallback.
 */
export function languageOfAcceptLanguage(header: string | undefined): LanguageCode {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith('q='));
      return { tag, index, weight: q === undefined ? 1 : Number(q.slice(2)) || 0 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
