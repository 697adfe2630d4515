import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, LEAST_WORK } from '../../backend/src/admin/password-hash.ts';
import { SEED_ARTICLES } from '../../backend/src/blog/seed-articles.ts';
import { completion, startFakeAi, type FakeAi } from '../../backend/src/testing/fake-ai.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { routePaths } from '../src/app/paths.ts';
import en from '../src/i18n/locales/en.json';
import pagesEn from '../src/i18n/pages/en.json';
import {
  appStarted,
  freshContext,
  launchBrowser,
  saveScreenshot,
  seriousAccessibilityProblems,
  startWebApp,
  watchPage,
} from './harness.ts';

/**
 * The blog in Chromium against the real backend: searching and filtering the seeded articles,
 * reading one, the not-found page, and the administrator's hidden controls (five clicks on the
 * title, sign-in, delete, an AI article from a local fake endpoint whose reply carries scripts
 * that must never run).
 */

const PASSWORD = 'correct horse battery staple';

let ai: FakeAi;
let app: TestServer;
let browser: Browser;

beforeAll(async () => {
  ai = await startFakeAi();
  app = await startWebApp('embedded', {
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
    AI_BASE_URL: ai.baseUrl,
    AI_MODEL: 'test-model',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await ai?.stop();
});

const cards = (page: Page) => page.getByRole('article');
/** A toast's text (the toast and its screen-reader announcement both hold it). */
const toastText = (page: Page, text: string) => page.getByText(text).first();

async function openBlog(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}${routePaths.blog}`);
  await page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title }).waitFor();
  await cards(page).first().waitFor();
  // The list comes in the server's HTML: its title counts taps once the app runs it.
  await appStarted(page);
  return page;
}

describe('blog', () => {
  it('searches title, excerpt and tags, and filters by category chip', async () => {
    const context = await freshContext(browser);
    const page = await openBlog(context);
    const problems = watchPage(page);
    expect(await cards(page).count()).toBe(SEED_ARTICLES.length);

    const search = page.getByRole('searchbox', { name: pagesEn.blog.list.searchLabel });
    await search.fill('PHISHING');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('Spotting Phishing');

    // A tag only ("data retention") finds its article.
    await search.fill('data retention');
    await expect.poll(() => cards(page).count()).toBe(1);

    await search.fill('no article says this');
    await page.getByRole('heading', { name: pagesEn.blog.list.emptyTitle }).waitFor();
    await page.getByRole('button', { name: pagesEn.blog.list.clear }).click();
    await expect.poll(() => cards(page).count()).toBe(SEED_ARTICLES.length);

    const chips = page.getByRole('group', { name: pagesEn.blog.list.categoriesLabel });
    const encryption = chips.getByRole('button', { name: 'Encryption', exact: true });
    await encryption.click();
    expect(await encryption.getAttribute('aria-pressed')).toBe('true');
    const expected = SEED_ARTICLES.filter((article) => article.category === 'Encryption');
    await expect.poll(() => cards(page).count()).toBe(expected.length);
    await chips.getByRole('button', { name: pagesEn.blog.list.all }).click();
    await expect.poll(() => cards(page).count()).toBe(SEED_ARTICLES.length);

    // Each card: category, read time, up to two tags and "+n", Read More.
    const first = cards(page).first();
    const newest = [...SEED_ARTICLES].sort((a, b) =>
      b.publishedAt.localeCompare(a.publishedAt),
    )[0]!;
    expect(await first.getByRole('listitem').allTextContents()).toEqual([
      ...newest.tags.slice(0, 2),
      `+${newest.tags.length - 2}`,
    ]);
    expect(await first.textContent()).toContain(newest.category);
    expect(await first.getByRole('link', { name: `Read more: ${newest.title}` }).count()).toBe(1);

    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await saveScreenshot(page, 'blog/list');
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('opens an article with its body, topics, share and way back', async () => {
    const context = await freshContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await openBlog(context);
    const problems = watchPage(page);
    const article = SEED_ARTICLES.find((a) => a.id.startsWith('how-end-to-end'))!;
    await page.getByRole('link', { name: `Read more: ${article.title}` }).click();

    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page
      .getByRole('heading', { level: 2, name: 'Browsers never send the fragment' })
      .waitFor();
    await page.getByRole('heading', { name: pagesEn.blog.article.topics }).waitFor();
    for (const tag of article.tags) await page.getByText(tag, { exact: true }).waitFor();
    expect(await page.title()).toContain(article.title);

    await page.getByRole('button', { name: pagesEn.blog.article.share }).click();
    await toastText(page, pagesEn.blog.article.linkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${app.url}${routePaths.blogArticle(article.id)}`,
    );

    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await saveScreenshot(page, 'blog/article');
    await page.getByRole('link', { name: pagesEn.blog.article.ctaMore }).click();
    await page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title }).waitFor();
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('says when an article does not exist, with a way back to the blog', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}${routePaths.blogArticle('no-such-article')}`);
    await page
      .getByRole('heading', { level: 1, name: pagesEn.blog.article.notFoundTitle })
      .waitFor();
    await page.getByText(pagesEn.blog.article.notFoundBody).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByRole('link', { name: pagesEn.blog.article.backToBlog }).click();
    await page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title }).waitFor();
    await context.close();
  });

  it('reveals admin controls after five title clicks; acting needs the administrator password', async () => {
    const context = await freshContext(browser);
    const page = await openBlog(context);
    const problems = watchPage(page);
    const deleteButtons = page.getByRole('button', { name: /^Delete “/ });
    expect(await deleteButtons.count()).toBe(0);

    const title = page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title });
    for (let click = 0; click < 5; click++) await title.click();
    await page.getByRole('button', { name: pagesEn.blog.admin.generate }).waitFor();
    expect(await deleteButtons.count()).toBe(SEED_ARTICLES.length);

    const victim = SEED_ARTICLES.find((a) => a.id.startsWith('choosing-the-right-expiry'))!;
    await page.getByRole('button', { name: `Delete “${victim.title}”` }).click();
    // Asked first; cancelling deletes nothing.
    const confirm = page.getByRole('dialog', { name: pagesEn.blog.admin.confirmTitle });
    await confirm.getByRole('button', { name: pagesEn.blog.admin.cancel }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete “${victim.title}”` }).click();
    await confirm.getByText(victim.title, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: pagesEn.blog.admin.confirmDelete }).click();
    const dialog = page.getByRole('dialog', { name: en.admin.login.title });
    await dialog.waitFor();
    const password = dialog.getByLabel(en.admin.login.passwordLabel);
    await password.fill('not the password');
    await dialog.getByRole('button', { name: en.admin.login.submit }).click();
    await dialog.getByText(en.errors.wrongPassword).waitFor();
    expect(await cards(page).count()).toBe(SEED_ARTICLES.length);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: en.admin.login.submit }).click();
    await toastText(page, pagesEn.blog.toast.deleted).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cards(page).count()).toBe(SEED_ARTICLES.length - 1);
    expect(await page.getByRole('link', { name: `Read more: ${victim.title}` }).count()).toBe(0);

    // Signed in now: the AI article is written, checked, sanitized and published at once.
    ai.reply(
      completion(
        JSON.stringify({
          title: 'Why Recovery Codes Deserve a Safe Place',
          excerpt: 'Recovery codes are the keys to your keys. Store them like it.',
          category: 'Account Security',
          tags: ['recovery codes', '2FA', 'backups'],
          html: [
            '<h2>Keys to your keys</h2>',
            '<script>window.__owned = true</script>',
            `<p onmouseover="window.__owned = true">${'Print them or keep them in a password manager, never in your inbox. '.repeat(10)}</p>`,
            '<img src="x" onerror="window.__owned = true">',
            '<p><a href="javascript:window.__owned = true">Click me</a></p>',
          ].join(''),
        }),
      ),
    );
    await page.getByRole('button', { name: pagesEn.blog.admin.generate }).click();
    await toastText(page, pagesEn.blog.toast.published).waitFor();
    await expect.poll(() => cards(page).count()).toBe(SEED_ARTICLES.length);
    expect(await cards(page).first().textContent()).toContain('Why Recovery Codes');

    await page
      .getByRole('link', { name: 'Read more: Why Recovery Codes Deserve a Safe Place' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Keys to your keys' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.locator('script, img, [onmouseover], [href^="javascript:"]').count()).toBe(0);
    await main.getByText('Print them', { exact: false }).first().hover();
    await main.getByText('Click me').click();
    expect(await page.evaluate(() => (window as { __owned?: boolean }).__owned)).toBeUndefined();
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('answers a failed AI article with the error toast and publishes nothing', async () => {
    const context = await freshContext(browser);
    const page = await openBlog(context);
    const before = await cards(page).count();
    const title = page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title });
    for (let click = 0; click < 5; click++) await title.click();
    ai.reply({ status: 500, body: { error: 'down' } });
    await page.getByRole('button', { name: pagesEn.blog.admin.generate }).click();
    const dialog = page.getByRole('dialog', { name: en.admin.login.title });
    await dialog.getByLabel(en.admin.login.passwordLabel).fill(PASSWORD);
    await dialog.getByRole('button', { name: en.admin.login.submit }).click();
    // Saying why, so the administrator knows what to fix.
    const failure = page.locator('[data-variant="destructive"]');
    await failure.filter({ hasText: pagesEn.blog.toast.aiFailed.refused }).waitFor();
    // Long enough as sent, but almost nothing is left once the script is removed.
    const tooShort = {
      title: 'Short',
      excerpt: 'An article with almost nothing in it.',
      category: 'Security',
      tags: ['short'],
      html: `<script>${'x'.repeat(300)}</script><p>Too short.</p>`,
    };
    ai.reply(completion(JSON.stringify(tooShort)));
    await page.getByRole('button', { name: pagesEn.blog.admin.generate }).click();
    await failure
      .filter({
        hasText: pagesEn.blog.toast.aiFailed.too_short.replace('{{minChars, number}}', '400'),
      })
      .waitFor();
    expect(await cards(page).count()).toBe(before);
    await context.close();
  });

  it('disables Generate AI Article, saying why, on a server without an AI endpoint', async () => {
    const plain = await startWebApp('embedded');
    try {
      const context = await freshContext(browser);
      const page = await context.newPage();
      await page.goto(`${plain.url}${routePaths.blog}`);
      const title = page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title });
      await cards(page).first().waitFor();
      await appStarted(page);
      for (let click = 0; click < 5; click++) await title.click();
      const generate = page.getByRole('button', { name: pagesEn.blog.admin.generate });
      await generate.waitFor();
      expect(await generate.isDisabled()).toBe(true);
      const hintId = await generate.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(
        pagesEn.blog.admin.aiUnavailable,
      );
      // Without an administrator configured, the dialog says so instead of asking.
      await page
        .getByRole('button', { name: /^Delete “/ })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: pagesEn.blog.admin.confirmTitle })
        .getByRole('button', { name: pagesEn.blog.admin.confirmDelete })
        .click();
      const dialog = page.getByRole('dialog', { name: en.admin.login.title });
      await dialog.getByText(en.admin.login.unavailable).waitFor();
      expect(await dialog.getByLabel(en.admin.login.passwordLabel).count()).toBe(0);
      await context.close();
    } finally {
      await plain.stop();
    }
  });
});
