import type { BlogPostSummary } from '../../../../shared/api/blog.ts';

/** `null` is the "All" chip. */
export type CategoryFilter = string | null;

/** The categories of the posts, in order of first appearance (newest post first), once each. */
export function categoriesOf(posts: readonly BlogPostSummary[]): string[] {
  return [...new Set(posts.map((post) => post.category))];
}

/**
 * The spec's blog search: a case-insensitive substring match on the title, the excerpt and the
 * tags, within the chosen category.
 */
export function searchPosts(
  posts: readonly BlogPostSummary[],
  query: string,
  category: CategoryFilter,
  locale: string,
): BlogPostSummary[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  return posts.filter(
    (post) =>
      (category === null || post.category === category) &&
      (needle === '' ||
        [post.title, post.excerpt, ...post.tags].some((text) =>
          text.toLocaleLowerCase(locale).includes(needle),
        )),
  );
}
