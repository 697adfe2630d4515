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
 * Every locale's app-shell texts at once, for unit tests that translate outside a browser. The
 * app never imports this: it loads only the active language (index.ts).
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
