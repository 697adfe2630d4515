/** A post's date in the interface language ("23 Nov 2026"). */
export function formatPostDate(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}
