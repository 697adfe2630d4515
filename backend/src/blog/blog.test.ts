import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_ARTICLE_MIN_CHARS,
  blogPostListSchema,
  blogPostSchema,
  generatedArticleSchema,
} from '../../../shared/api/blog.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { hashPassword, LEAST_WORK } from '../admin/password-hash.ts';
import { completion, startFakeAi, type FakeAi } from '../testing/fake-ai.ts';
import { ownOrigin, postJson } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { BlogPost } from './blog.entities.ts';
import { blogHtml, type BlogHtml } from './blog-html.ts';
import { SEED_ARTICLES } from './seed-articles.ts';

const PASSWORD = 'correct horse battery staple';
const AI_KEY = 'sk-test-never-logged-4f9a';

/** An AI reply trying every trick: scripts, handlers, javascript: links, markup in text fields. */
const HOSTILE_ARTICLE = {
  title: 'Rotating <b>API</b> keys <script>alert(1)</script>without downtime',
  excerpt: 'How to replace a key that leaked, step by step, without breaking production.',
  category: 'Incident Response',
  tags: ['rotation', '<img src=x onerror=alert(1)>keys', 'rotation'],
  html: [
    '<h1>Heading one</h1>',
    '<script>document.body.innerHTML = "owned"</script>',
    '<p onclick="alert(1)">Create the new key first, then deploy it everywhere it is used. ',
    'Only when every system uses the new key do you revoke the old one. '.repeat(8),
    '</p><img src="x" onerror="alert(2)">',
    '<p><a href="javascript:alert(3)">a trap</a> and <a href="https://example.org/guide">a guide</a>',
    ' <iframe src="https://example.org"></iframe><style>body{display:none}</style></p>',
    '<ul><li>Inventory the systems</li><li>Deploy</li><li>Revoke</li></ul>',
  ].join(''),
};

describe('article HTML', () => {
  let articleText: BlogHtml['articleText'];
  let readMinutes: BlogHtml['readMinutes'];
  let sanitizeArticleHtml: BlogHtml['sanitizeArticleHtml'];
  beforeAll(async () => ({ articleText, readMinutes, sanitizeArticleHtml } = await blogHtml()));

  it('keeps structure and safe links, and removes everything that could run', () => {
    const html = sanitizeArticleHtml(HOSTILE_ARTICLE.html);
    expect(html).toContain('<h2>Heading one</h2>');
    expect(html).toContain('<ul><li>Inventory the systems</li>');
    expect(html).toContain(
      '<a href="https://example.org/guide" rel="noopener noreferrer" target="_blank">a guide</a>',
    );
    for (const banned of [
      '<script',
      'onerror',
      'onclick',
      'javascript:',
      '<iframe',
      '<style',
      '<img',
      'owned',
    ]) {
      expect(html).not.toContain(banned);
    }
  });

  it('counts reading time in whole minutes from the words only', () => {
    expect(readMinutes('<p>one two</p>')).toBe(1);
    expect(readMinutes(`<p>${'word '.repeat(401)}</p>`)).toBe(3);
    expect(articleText('<p>a <strong>b</strong></p><p>c</p>')).toBe('a b c');
  });

  it('seeds at least eight substantial articles with unique ids', () => {
    expect(SEED_ARTICLES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(SEED_ARTICLES.map((article) => article.id)).size).toBe(SEED_ARTICLES.length);
    for (const article of SEED_ARTICLES) {
      const words = articleText(article.html).split(' ').length;
      expect(words, article.id).toBeGreaterThanOrEqual(400);
      expect(words, article.id).toBeLessThanOrEqual(800);
      expect(sanitizeArticleHtml(article.html), article.id).toBe(article.html.trim());
    }
  });
});

describe.each(TEST_DATABASES)('blog API on %s', (kind) => {
  let ai: FakeAi;
  /** Administrator and AI configured. */
  let t: TestServer;
  /** Administrator, no AI. */
  let noAi: TestServer;
  /** Neither. */
  let none: TestServer;
  let cookie: string;

  beforeAll(async () => {
    ai = await startFakeAi();
    const adminHash = await hashPassword(PASSWORD, LEAST_WORK);
    t = await startTestServer(
      kind,
      {
        ADMIN_PASSWORD_HASH: adminHash,
        AI_BASE_URL: ai.baseUrl,
        AI_MODEL: 'test-model',
        AI_API_KEY: AI_KEY,
      },
      { blog: { aiTimeoutMs: 1500 } },
    );
    noAi = await startTestServer(kind, { ADMIN_PASSWORD_HASH: adminHash });
    none = await startTestServer(kind);
    cookie = await signIn(t);
  });
  afterAll(async () => {
    await Promise.all([t.stop(), noAi.stop(), none.stop()]);
    await ai.stop();
  });
  beforeEach(() => {
    ai.requests.length = 0;
  });

  async function signIn(server: TestServer): Promise<string> {
    const login = await postJson(
      `${server.url}${apiPaths.adminLogin}`,
      { password: PASSWORD },
      ownOrigin(server.url),
    );
    expect(login.status).toBe(200);
    return login.headers.get('set-cookie')!.split(';')[0]!;
  }

  async function list(server: TestServer, path: string = apiPaths.blogPosts) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    return blogPostListSchema.parse(await response.json()).posts;
  }

  const remove = (server: TestServer, id: string, withCookie = '') =>
    fetch(`${server.url}${apiPaths.blogPost(id)}`, {
      method: 'DELETE',
      headers: { cookie: withCookie, ...ownOrigin(server.url) },
    });

  const generate = (server: TestServer, withCookie = '') =>
    fetch(`${server.url}${apiPaths.adminGenerateArticle}`, {
      method: 'POST',
      headers: { cookie: withCookie, ...ownOrigin(server.url) },
    });

  it('lists the seeded articles, newest first, on both list paths, without their bodies', async () => {
    const posts = await list(none);
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts.map((post) => post.id).sort()).toEqual(
      SEED_ARTICLES.map((article) => article.id).sort(),
    );
    const dates = posts.map((post) => post.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(posts[0]).not.toHaveProperty('html');
    expect(posts[0]!.author).toBe('Ashnote Team');
    expect(posts[0]!.readMinutes).toBeGreaterThanOrEqual(2);
    expect(await list(none, '/api/blog')).toEqual(posts);
  });

  it('serves one article with its sanitized body, and 404 for an unknown or malformed id', async () => {
    const seed = SEED_ARTICLES[0]!;
    const response = await fetch(`${none.url}${apiPaths.blogPost(seed.id)}`);
    expect(response.status).toBe(200);
    const post = blogPostSchema.parse(await response.json());
    expect(post.title).toBe(seed.title);
    expect(post.html).toContain('<h2>');

    for (const id of ['no-such-article', 'Not_A_Slug', '..%2F..%2Fetc']) {
      const missing = await fetch(`${none.url}/api/blog/${id}`);
      expect(missing.status, id).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('shows only published articles', async () => {
    const em = none.server.database.orm.em.fork();
    em.create(BlogPost, {
      id: 'draft-not-yet-published',
      title: 'Draft',
      excerpt: 'Not ready',
      category: 'Drafts',
      tags: [],
      author: 'Ashnote Team',
      html: '<p>Draft</p>',
      readMinutes: 1,
      published: false,
      publishedAt: new Date(),
    });
    await em.flush();
    expect((await list(none)).map((post) => post.id)).not.toContain('draft-not-yet-published');
    expect((await fetch(`${none.url}${apiPaths.blogPost('draft-not-yet-published')}`)).status).toBe(
      404,
    );
  });

  it('refuses admin actions without a session (401) and without an administrator (503)', async () => {
    const id = SEED_ARTICLES[1]!.id;
    expect((await remove(t, id)).status).toBe(401);
    expect((await remove(t, id, 'ashnote_admin=forged-token')).status).toBe(401);
    expect((await generate(t)).status).toBe(401);
    expect((await remove(none, id)).status).toBe(503);
    expect((await generate(none)).status).toBe(503);
    expect(ai.requests).toHaveLength(0);
    expect((await list(t)).map((post) => post.id)).toContain(id);
  });

  it('lets the administrator delete an article, once', async () => {
    const id = SEED_ARTICLES[2]!.id;
    expect((await remove(t, id, cookie)).status).toBe(204);
    expect((await list(t)).map((post) => post.id)).not.toContain(id);
    expect((await fetch(`${t.url}${apiPaths.blogPost(id)}`)).status).toBe(404);
    expect((await remove(t, id, cookie)).status).toBe(404);
  });

  it('says whether AI articles are available', async () => {
    const config = async (server: TestServer) =>
      (
        (await (await fetch(`${server.url}${apiPaths.config}`)).json()) as {
          aiArticlesAvailable: boolean;
        }
      ).aiArticlesAvailable;
    expect(await config(t)).toBe(true);
    expect(await config(noAi)).toBe(false);
    const refused = await generate(noAi, await signIn(noAi));
    expect(refused.status).toBe(503);
  });

  it('publishes an AI article validated and sanitized: no script reaches the page', async () => {
    ai.reply(completion(JSON.stringify(HOSTILE_ARTICLE)));
    const response = await generate(t, cookie);
    expect(response.status, t.logs.slice(-3).join('\n')).toBe(201);
    const { post } = generatedArticleSchema.parse(await response.json());

    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]!.path).toBe('/v1/chat/completions');
    expect(ai.requests[0]!.authorization).toBe(`Bearer ${AI_KEY}`);
    expect(ai.requests[0]!.body.model).toBe('test-model');

    expect(post.title).toBe('Rotating API keys without downtime');
    expect(post.tags).toEqual(['rotation', 'keys']);
    expect(post.author).toMatch(/AI/);
    expect(post.id).toMatch(/^rotating-api-keys-without-downtime-[0-9a-f]{8}$/);
    const stored = blogPostSchema.parse(
      await (await fetch(`${t.url}${apiPaths.blogPost(post.id)}`)).json(),
    );
    expect(stored).toEqual(post);
    for (const banned of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', '<img']) {
      expect(stored.html).not.toContain(banned);
      expect(JSON.stringify(stored)).not.toContain(banned);
    }
    expect(stored.html).toContain('rel="noopener noreferrer"');
    expect((await list(t))[0]!.id).toBe(post.id);
    expect(t.logs.join('\n')).not.toContain(AI_KEY);
  });

  it('refuses unusable AI replies and publishes nothing', async () => {
    const before = (await list(t)).length;
    // Each with the reason the administrator is shown.
    const replies = [
      [{ status: 500, body: { error: { message: 'upstream down' } } }, { aiArticle: 'refused' }],
      [{ status: 200, body: { unexpected: true } }, { aiArticle: 'unusable_reply' }],
      [completion('Here is your article! It is great.'), { aiArticle: 'unusable_reply' }],
      [
        completion(JSON.stringify({ ...HOSTILE_ARTICLE, tags: [] })),
        { aiArticle: 'unusable_reply' },
      ],
      // Valid JSON, but once sanitized almost nothing is left.
      [
        completion(
          JSON.stringify({
            ...HOSTILE_ARTICLE,
            html: `<script>${'x'.repeat(500)}</script><p>hi</p>`,
          }),
        ),
        { aiArticle: 'too_short', minChars: AI_ARTICLE_MIN_CHARS },
      ],
    ] as const;
    for (const [reply, details] of replies) {
      ai.reply(reply);
      const response = await generate(t, cookie);
      expect(response.status).toBe(503);
      const { error } = (await response.json()) as { error: { code: string; details: unknown } };
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.details).toEqual(details);
    }
    expect(await list(t)).toHaveLength(before);
    expect(t.logs.join('\n')).not.toContain(AI_KEY);
  });

  it('gives up on an AI endpoint that does not answer', async () => {
    ai.reply('hang');
    const response = await generate(t, cookie);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual({
      aiArticle: 'unreachable',
    });
  });

  it('accepts a reply wrapped in a Markdown code fence', async () => {
    ai.reply(completion(`\`\`\`json\n${JSON.stringify(HOSTILE_ARTICLE)}\n\`\`\``));
    expect((await generate(t, cookie)).status).toBe(201);
  });
});
