import type { InferEntity } from '@mikro-orm/core';
import type { Database } from '../db/database.ts';
import { BlogPost } from './blog.entities.ts';

export type BlogPostRow = InferEntity<typeof BlogPost>;

/**
 * The blog_post table: SQL only. These few queries (an administrator's and readers' pace, never a
 * hot path) go through the entity manager because it hands `published_at` back as a Date, which
 * the API gives out as ISO text; `database.sql` would hand back PostgreSQL's own timestamp text.
 */
export function blogRepository(database: Pick<Database, 'em'>) {
  return {
    /** Published posts without their bodies, newest first. */
    async listPublished(): Promise<Omit<BlogPostRow, 'html'>[]> {
      return (await database
        .em()
        .find(
          BlogPost,
          { published: true },
          { orderBy: { publishedAt: 'desc', id: 'asc' }, exclude: ['html'] },
        )) as Omit<BlogPostRow, 'html'>[];
    },

    async findPublished(id: string): Promise<BlogPostRow | null> {
      return await database.em().findOne(BlogPost, { id, published: true });
    },

    async insert(post: BlogPostRow): Promise<BlogPostRow> {
      const em = database.em();
      const row = em.create(BlogPost, post);
      await em.flush();
      return row;
    },

    /** True when a post was deleted. */
    async delete(id: string): Promise<boolean> {
      return (await database.em().nativeDelete(BlogPost, { id })) > 0;
    },
  };
}

export type BlogRepository = ReturnType<typeof blogRepository>;
