import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { freshContext, launchBrowser, startWebApp, watchPage } from './harness.ts';

/** The foundation's promises, checked in Chromium against the real backend and built bundle. */
describe('web shell in Chromium', () => {
  let t: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    t = await startWebApp('embedded', { SOCIAL_URL: 'https://social.example.org/ashnote' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('renders home with navigation and footer, without CSP violations', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const problems = watchPage(page);
    const response = await page.goto(`${t.url}/`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBeTruthy();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain(
      'Secure, self-destructing messages with end-to-end encryption.',
    );
    // The link comes with the public config, which loads after the first paint.
    await expect
      .poll(() => footer.locator('a[href="https://social.example.org/ashnote"]').count())
      .toBe(1);
    expect(await page.title()).toContain('Ashnote');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain(
      'social-preview.png',
    );
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('sends the security headers with the page itself', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${t.url}/features`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    await context.close();
  });

  it('shows the 404 page for unknown paths, and JSON for unknown API paths', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const problems = watchPage(page);
    const missing = await page.goto(`${t.url}/no/such/page`);
    // The app says so, and so does the status: a missing page is not a soft 404.
    expect(missing?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible())
      .toBe(true);
    expect((await page.goto(`${t.url}/faq`))?.status()).toBe(200);
    // A note link without its id says what is wrong with it, with 404 too.
    const noId = await page.goto(`${t.url}/note/`);
    expect(noId?.status()).toBe(404);
    await page.getByText('Invalid Note URL').waitFor();
    const api = await page.goto(`${t.url}/api/no-such-thing`);
    expect(api?.status()).toBe(404);
    expect(await api?.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(problems.cspViolations).toEqual([]);
    await context.close();
  });

  it('switches to Arabic: lang and right-to-left direction, kept after reload', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${t.url}/`);
    await page.getByRole('button', { name: /^Language: English$/ }).click();
    await page.getByRole('menuitemradio', { name: /العربية/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const headingAlign = await page
      .getByRole('heading', { level: 1 })
      .first()
      .evaluate((element) => getComputedStyle(element).direction);
    expect(headingAlign).toBe('rtl');
    expect(problems.cspViolations).toEqual([]);
    await context.close();
  });

  it('follows the browser language on first visit', async () => {
    const context = await freshContext(browser, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await context.close();
  });
});
