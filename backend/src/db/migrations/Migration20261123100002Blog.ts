import type { SchemaMigration } from '../migrate.ts';
import { blogHtml } from '../../blog/blog-html.ts';
import { SEED_ARTICLES } from '../../blog/seed-articles.ts';

/**
 * Blog articles, seeded with the team's own articles on sharing secrets safely. Their HTML goes
 * through the same sanitizer as an AI-written one, so every stored body obeys one allow-list.
 */
export const Migration20261123100002Blog: SchemaMigration = {
  name: 'Migration20261123100002Blog',

  async up(run) {
    await run(`create table blog_post (
      id text primary key,
      title text not null,
      excerpt text not null,
      category text not null,
      tags text[] not null default '{}',
      author text not null,
      html text not null,
      read_minutes integer not null,
      published boolean not null default true,
      published_at timestamptz not null default now()
    )`);
    await run('create index blog_post_published_at_idx on blog_post (published_at)');
    const { readMinutes, sanitizeArticleHtml } = await blogHtml();
    for (const article of SEED_ARTICLES) {
      const html = sanitizeArticleHtml(article.html);
      await run(
        `insert into blog_post (id, title, excerpt, category, tags, author, html, read_minutes, published, published_at)
         values (?, ?, ?, ?, array(select jsonb_array_elements_text(cast(? as jsonb))), ?, ?, ?, true, ?)`,
        [
          article.id,
          article.title,
          article.excerpt,
          article.category,
          // As JSON: the driver would spread a bare array into several parameters.
          JSON.stringify(article.tags),
          'Ashnote Team',
          html,
          readMinutes(html),
          article.publishedAt,
        ],
      );
    }
  },
};
