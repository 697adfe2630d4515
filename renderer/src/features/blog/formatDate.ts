import { perLanguage } from '../../i18n/perLanguage.ts';

const postDateFormat = perLanguage(
  (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
);

/** A post's date in the interface language ("23 Nov 2026"). */
export function formatPostDate(language: string, iso: string): string {
  return postDateFormat(language).format(new Date(iso));
}
