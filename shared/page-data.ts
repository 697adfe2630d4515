import type { BlogPost, BlogPostSummary } from './api/blog.ts';

/**
 * What a page rendered by the server was rendered from (shared/page-html.ts), handed to the app
 * in the page so that its first render in the browser is the same (and needs no request): only
 * for `path`, the page the document was rendered for. A module of its own, importing nothing at
 * run time: the app's entry reads it on every page.
 */
export interface PageData {
  path: string;
  blogPosts?: BlogPostSummary[];
  blogPost?: BlogPost;
}

/** The element holding a page's PageData: JSON, which the browser never runs. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
