import type { LanguageCode } from '../../../shared/languages.ts';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import hi from './locales/hi.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import zh from './locales/zh.json';

/**
 * All twelve locales are bundled (they are small) so the first paint is already translated and
 * no locale file is fetched at run time. `en.json` is the source; `locales.test.ts` keeps the
 * others in step with it.
 */
export const resources = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  de: { translation: de },
  zh: { translation: zh },
  ja: { translation: ja },
  ko: { translation: ko },
  ar: { translation: ar },
  pt: { translation: pt },
  ru: { translation: ru },
  hi: { translation: hi },
  it: { translation: it },
} satisfies Record<LanguageCode, { translation: unknown }>;
