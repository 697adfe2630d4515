import crypto from 'node:crypto';
import type { BlogPost as BlogPostDto, BlogPostSummary } from '../../../shared/api/blog.ts';
import type { InferEntity } from '@mikro-orm/core';
import type { Database } from '../db/database.ts';
import { BlogPost } from './blog.entities.ts';
import { blogHtml } from './blog-html.ts';

export interface NewBlogPost {
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  author: string;
  /** Already sanitized. */
  html: string;
}

type BlogPostRow = InferEntity<typeof BlogPost>;

function summaryOf(row: BlogPostRow): BlogPostSummary {
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

/** A readable, unique id: the title's words, then a random suffix (two titles may match). */
export function slugFor(title: string): string {
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

export function blogRepository(database: Pick<Database, 'em'>) {
  return {
    /** Published posts, newest first. */
    async listPublished(): Promise<BlogPostSummary[]> {
      const rows = await database
        .em()
        .find(
          BlogPost,
          { published: true },
          { orderBy: { publishedAt: 'desc', id: 'asc' }, exclude: ['html'] },
        );
      return rows.map((row) => summaryOf(row as BlogPostRow));
    },

    async findPublished(id: string): Promise<BlogPostDto | null> {
      const row = await database.em().findOne(BlogPost, { id, published: true });
      return row === null ? null : { ...summaryOf(row), html: row.html };
    },

    async create(post: NewBlogPost): Promise<BlogPostDto> {
      const { readMinutes } = await blogHtml();
      const em = database.em();
      const row = em.create(BlogPost, {
        id: slugFor(post.title),
        ...post,
        readMinutes: readMinutes(post.html),
        published: true,
        publishedAt: new Date(),
      });
      await em.flush();
      return { ...summaryOf(row), html: row.html };
    },

    /** True when a post was deleted. */
    async delete(id: string): Promise<boolean> {
      return (await database.em().nativeDelete(BlogPost, { id })) > 0;
    },
  };
}

export type BlogRepository = ReturnType<typeof blogRepository>;
