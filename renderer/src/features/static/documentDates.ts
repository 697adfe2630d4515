/**
 * One "last modified" date per document (DESIGN §5), shown identically on its page and in the
 * home page's dialog. Change it whenever the document's English text changes in substance.
 */
export const DOCUMENT_DATES = {
  privacy: '2026-12-05',
  terms: '2026-12-05',
} as const;

export type DatedDocument = keyof typeof DOCUMENT_DATES;

/** Midnight UTC of that day; format it in UTC so every reader sees the same calendar day. */
export function documentDate(document: DatedDocument): Date {
  return new Date(`${DOCUMENT_DATES[document]}T00:00:00Z`);
}
