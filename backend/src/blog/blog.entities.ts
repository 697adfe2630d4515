import { defineEntity, p } from '@mikro-orm/core';

/**
 * A blog article. `html` is stored already sanitized (blog-html.ts): whatever wrote it, the
 * seed or an AI endpoint, only the allow-listed markup ever reaches a page.
 */
export const BlogPost = defineEntity({
  name: 'BlogPost',
  tableName: 'blog_post',
  properties: {
    id: p.text().primary(),
    title: p.text(),
    excerpt: p.text(),
    category: p.text(),
    tags: p.array().columnType('text[]').defaultRaw("'{}'"),
    author: p.text(),
    html: p.text(),
    readMinutes: p.integer(),
    published: p.boolean().default(true),
    publishedAt: p
      .datetime()
      .columnType('timestamptz')
      .defaultRaw('now()')
      .index('blog_post_published_at_idx'),
  },
});
