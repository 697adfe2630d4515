import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostList } from '../../../shared/api/blog.ts';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/page-data.ts';
import { PAGE_TEMPLATE_FILE, RENDERER_ENTRY } from '../../../shared/page-html.ts';
import { PRERENDERED_DIR } from '../../../shared/web-app-routes.ts';
import { blogRepository } from '../blog/blog.repository.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The blog's pages as the server renders them (rendered-pages.ts, issue 36), against a real
 * database. The renderer here stands in for the app's (which renderer/e2e/prerender.e2e.test.ts
 * takes through the built bundle in Chromium): it writes what it was given, and counts its
 * renders, so the test sees what the server asked for and how often.
 */
const STAND_IN_RENDERER = `
let renders = 0;
const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
export async function renderPage(path, language, origin, data) {
  renders += 1;
  if (data.blogPost?.title === 'Breaks the renderer') throw new Error('cannot render this');
  if (data.blogPost?.title === 'Slow to render') await new Promise((resolve) => setTimeout(resolve, 300));
  const content = data.blogPosts
    ? data.blogPosts.map((post) => '<h2>' + escape(post.title) + '</h2>').join('')
    : '<h1>' + escape(data.blogPost.title) + '</h1>' + data.blogPost.html;
  return {
    body: '<main data-render="' + renders + '" data-language="' + language + '">' + content + '</main>',
    styles: '<style data-styled="true">main{color:red}</style>',
    head: '<link rel="canonical" href="' + origin + path + '" />\\n',
  };
}
`;

const TEMPLATE = [
  '<!doctype html><html lang="en"><head><title>Ashnote</title>',
  '<script src="/assets/boot.js" data-app="/assets/index.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

const pageDataOf = (html: string): PageData => {
  const element = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (element === null) throw new Error('the page carries no data');
  return JSON.parse(element[1]!) as PageData;
};
const renderNumber = (html: string) => /data-render="(\d+)"/.exec(html)?.[1];

describe.each(TEST_DATABASES)('pages rendered by the server on %s', (kind) => {
  let t: TestServer;
  let webDir: string;
  const get = (route: string, language = 'en') =>
    fetch(`${t.url}${route}`, { headers: { 'accept-language': language } });
  const posts = async () =>
    ((await (await fetch(`${t.url}/api/blog/posts`)).json()) as BlogPostList).posts;
  const publish = (post: Pick<BlogPost, 'id' | 'title' | 'html'>) =>
    blogRepository(t.server.database).insert({
      ...post,
      excerpt: 'An excerpt',
      category: 'Testing',
      tags: ['test'],
      author: 'The test',
      readMinutes: 1,
      published: true,
      publishedAt: new Date(),
    });

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-rendered-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app shell</title>');
    const renderer = path.join(webDir, PRERENDERED_DIR, RENDERER_ENTRY);
    fs.mkdirSync(path.dirname(renderer), { recursive: true });
    fs.writeFileSync(renderer, STAND_IN_RENDERER);
    fs.writeFileSync(path.join(webDir, PRERENDERED_DIR, PAGE_TEMPLATE_FILE), TEMPLATE);
    t = await startTestServer(kind, { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('renders the blog list from the published articles, in the language asked for, with its data for the app', async () => {
    const response = await get('/blog', 'de-AT,de;q=0.9');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('de');
    expect(response.headers.get('vary')).toContain('Accept-Language');
    const html = await response.text();
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('data-language="de"');
    const published = await posts();
    expect(published.length).toBeGreaterThan(0);
    for (const post of published) expect(html).toContain(`<h2>${post.title}</h2>`);
    // The app's first render gets what the API would have answered.
    expect(pageDataOf(html)).toEqual({ path: '/blog', blogPosts: published });
    // Filled in per answer, as on the pages the build rendered.
    const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(html).toContain(`<style nonce="${nonce}" data-styled="true">`);
    expect(html).toContain(`<link rel="canonical" href="${t.url}/blog" />`);
    expect(html).not.toMatch(/__[A-Z_]+__|prerender\.invalid/);
  });

  it('keeps a rendered page, and renders it anew once an article is published or deleted', async () => {
    const first = await (await get('/blog', 'fr')).text();
    const again = await (await get('/blog', 'fr')).text();
    expect(renderNumber(again)).toBe(renderNumber(first));

    await publish({ id: 'a-new-article', title: 'A new article', html: '<p>New.</p>' });
    const withNew = await (await get('/blog', 'fr')).text();
    expect(renderNumber(withNew)).not.toBe(renderNumber(first));
    expect(withNew).toContain('<h2>A new article</h2>');

    await blogRepository(t.server.database).delete('a-new-article');
    const withoutNew = await (await get('/blog', 'fr')).text();
    expect(withoutNew).not.toContain('A new article');
    expect(pageDataOf(withoutNew).blogPosts).toEqual(await posts());
  });

  it('renders an article with its data, which no text of the article can break out of', async () => {
    const title = 'Quotes "$&" and $\' and </script><!-- <script>alert(1)</script>';
    await publish({ id: 'awkward-text', title, html: '<p>Costs $& and $1, &lt;/script&gt;</p>' });
    const article = (await (await fetch(`${t.url}/api/blog/awkward-text`)).json()) as BlogPost;
    for (const route of ['/blog/awkward-text', '/blog/awkward-text/']) {
      const html = await (await get(route)).text();
      expect(html).toContain(`<h1>Quotes "$&amp;" and $' and &lt;/script>`);
      expect(html).toContain('<p>Costs $& and $1, &lt;/script&gt;</p>');
      expect(pageDataOf(html)).toEqual({ path: route, blogPost: article });
      // One script of the page's own, one data element: nothing the title holds became one.
      expect(html.match(/<script/g)).toHaveLength(2);
    }
  });

  it('renders a burst of new pages a few at a time, answering the rest with the shell at once', async () => {
    await publish({ id: 'slow-to-render', title: 'Slow to render', html: '<p>Slow.</p>' });
    const languages = ['en', 'es', 'fr', 'de', 'zh', 'ja', 'ko', 'ar', 'pt', 'ru', 'hi', 'it'];
    // Every language at once, three times over: twelve pages none of which is rendered yet.
    const answers = await Promise.all(
      [...languages, ...languages, ...languages].map(async (language) => {
        const response = await get('/blog/slow-to-render', language);
        return { status: response.status, html: await response.text() };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rendered = answers.filter((answer) => answer.html.includes(PAGE_DATA_ELEMENT_ID));
    const shells = answers.filter((answer) => answer.html.includes('app shell'));
    expect(rendered.length + shells.length).toBe(answers.length);
    // Four renders under way at most, and a request for a page being rendered waits for it.
    const renders = new Set(rendered.map((answer) => renderNumber(answer.html)));
    expect(renders.size).toBeGreaterThan(0);
    expect(renders.size).toBeLessThanOrEqual(4);
    expect(shells.length).toBeGreaterThan(0);
    // Once they are done, the next asks render as before.
    const later = await (await get('/blog/slow-to-render', 'it')).text();
    expect(later).toContain(PAGE_DATA_ELEMENT_ID);
  });

  it('leaves an article it has not, or cannot render, to the app', async () => {
    for (const route of ['/blog/no-such-article', '/blog/Not_An_Id']) {
      const response = await get(route);
      const html = await response.text();
      expect(html, route).toContain('app shell');
      expect(html, route).not.toContain(PAGE_DATA_ELEMENT_ID);
      expect(response.headers.get('content-language')).toBeNull();
    }

    await publish({ id: 'breaks-the-renderer', title: 'Breaks the renderer', html: '<p>x</p>' });
    const failed = await get('/blog/breaks-the-renderer');
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('app shell');
    expect(t.logs.join('\n')).toContain('cannot render this');
    // Not given up on: the other pages still render.
    expect(pageDataOf(await (await get('/blog')).text()).path).toBe('/blog');
  });
});
