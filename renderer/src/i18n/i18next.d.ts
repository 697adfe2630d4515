import 'i18next';
import type en from './locales/en.json';
import type pagesEn from './pages/en.json';

// Types every t('…') key against the English files: a misspelt or missing key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; pages: typeof pagesEn };
  }
}
