import { FAQ_CATEGORIES } from './faqEntries.ts';
import type { FaqCategory } from './faqEntries.ts';

/** One question with its texts already translated. */
export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  tags: string;
}

export interface FaqGroup {
  category: FaqCategory;
  items: FaqItem[];
}

export type CategoryFilter = FaqCategory | 'all';

/**
 * The spec's FAQ search (§2, §5): a case-insensitive substring match on the question, the
 * answer and the tags, within the chosen category; results grouped by category in the chips'
 * order, empty groups left out.
 */
export function searchFaq(
  items: readonly FaqItem[],
  query: string,
  category: CategoryFilter,
  locale: string,
): FaqGroup[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  const matches = items.filter(
    (item) =>
      (category === 'all' || item.category === category) &&
      (needle === '' ||
        [item.question, item.answer, item.tags].some((text) =>
          text.toLocaleLowerCase(locale).includes(needle),
        )),
  );
  return FAQ_CATEGORIES.map((groupCategory) => ({
    category: groupCategory,
    items: matches.filter((item) => item.category === groupCategory),
  })).filter((group) => group.items.length > 0);
}
