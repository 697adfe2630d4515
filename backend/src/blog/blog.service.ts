import crypto from 'node:crypto';
import type { BlogPost, BlogPostSummary } from '../../../shared/api/blog.ts';
import type { AppConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import type { Logger } from '../logger.ts';
import { generateArticle } from './ai-article.ts';
import { blogHtml } from './blog-html.ts';
import type { BlogPostRow, BlogRepository } from './blog.repository.ts';

/** The label on articles the AI endpoint wrote: readers are told, not left to guess. */
export const AI_AUTHOR = 'Ashnote (AI-generated)';

export const articleNotFound = () =>
  new AppError('NOT_FOUND', "The article you're looking for doesn't exist or has been removed.");

/** A readable, unique id: the title's words, then a random suffix (two titles may match). */
function slugFor(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const suffix = crypto.randomBytes(4).toString('hex');
  return words === '' ? `article-${suffix}` : `${words}-${suffix}`;
}

function summaryOf(row: Omit<BlogPostRow, 'html'>): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags: row.tags,
    author: row.author,
    readMinutes: row.readMinutes,
    publishedAt: row.publishedAt.toISOString(),
  };
}

const postOf = (row: BlogPostRow): BlogPost => ({ ...summaryOf(row), html: row.html });

/** The blog's rules: what readers see, and articles written by the AI endpoint. */
export function blogService(deps: {
  repo: BlogRepository;
  ai: AppConfig['ai'];
  logger: Logger;
  /** How long the AI endpoint may take to write an article. */
  aiTimeoutMs: number;
}) {
  const { repo, ai, logger, aiTimeoutMs } = deps;
  return {
    /** Published posts, newest first. */
    async list(): Promise<BlogPostSummary[]> {
      return (await repo.listPublished()).map(summaryOf);
    },

    async find(id: string): Promise<BlogPost> {
      const row = await repo.findPublished(id);
      if (row === null) throw articleNotFound();
      return postOf(row);
    },

    async delete(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw articleNotFound();
    },

    /** Has the configured model write an article, and publishes it labelled as AI-written. */
    async generate(): Promise<BlogPost> {
      if (ai === null) {
        throw new AppError('UNAVAILABLE', 'AI articles are not configured on this server.');
      }
      const article = await generateArticle(ai, logger, aiTimeoutMs);
      const { readMinutes } = await blogHtml();
      const row = await repo.insert({
        id: slugFor(article.title),
        ...article,
        author: AI_AUTHOR,
        readMinutes: readMinutes(article.html),
        published: true,
        publishedAt: new Date(),
      });
      logger.info('ai article published', { id: row.id });
      return postOf(row);
    },
  };
}

export type BlogService = ReturnType<typeof blogService>;
