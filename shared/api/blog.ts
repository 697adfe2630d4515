import { z } from 'zod';

/** A post's id is its slug: lower-case words joined by hyphens, readable in the URL. */
export const blogPostIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(120);

/** A post as a card shows it (`GET /api/blog`, `GET /api/blog/posts`). */
export const blogPostSummarySchema = z.object({
  id: blogPostIdSchema,
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** Who wrote it, as a label ("Ashnote Team", or that it was generated with AI). */
  author: z.string(),
  /** Reading time in whole minutes, computed by the server from the body. */
  readMinutes: z.number().int().min(1),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** `GET /api/blog/:id`: the post with its body, HTML the server already sanitized. */
export const blogPostSchema = blogPostSummarySchema.extend({ html: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** `GET /api/blog` and `GET /api/blog/posts`: published posts, newest first. */
export const blogPostListSchema = z.object({ posts: z.array(blogPostSummarySchema) });
export type BlogPostList = z.infer<typeof blogPostListSchema>;

/** `POST /api/admin/generate-article`: the post just written and published. */
export const generatedArticleSchema = z.object({ post: blogPostSchema });
export type GeneratedArticle = z.infer<typeof generatedArticleSchema>;

/**
 * Why an AI article was not published, in `details.aiArticle` of the 503 answer, so the
 * administrator is told in their language what to fix: the endpoint could not be reached (or
 * did not answer in time), it refused the request (its status), its reply was not the article
 * object asked for, or the article was shorter than `minChars` characters of text once cleaned.
 */
export const AI_ARTICLE_FAILURES = [
  'unreachable',
  'refused',
  'unusable_reply',
  'too_short',
] as const;
export type AiArticleFailure = (typeof AI_ARTICLE_FAILURES)[number];
/** An AI article's least text, counted after sanitizing (markup and removed parts excluded). */
export const AI_ARTICLE_MIN_CHARS = 400;
