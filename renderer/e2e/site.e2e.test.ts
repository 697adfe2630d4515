import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import type { ServerConnection } from '../../shared/desktop-settings.ts';
import { LANGUAGE_CODES } from '../../shared/languages.ts';
import { AGE_ALTERNATIVES_URL } from '../src/features/age-gate/ageGate.ts';
import { FAQ_ENTRIES } from '../src/features/faq/faqEntries.ts';
import ar from '../src/i18n/locales/ar.json';
import en from '../src/i18n/locales/en.json';
import ja from '../src/i18n/locales/ja.json';
import pagesAr from '../src/i18n/pages/ar.json';
import pagesEn from '../src/i18n/pages/en.json';
import pagesJa from '../src/i18n/pages/ja.json';
import {
  freshContext,
  launchBrowser,
  saveScreenshot,
  seriousAccessibilityProblems,
  startWebApp,
  watchPage,
} from './harness.ts';
import type { DeviceOptions } from './harness.ts';
import { installFakeBridge } from './fakeDesktopBridge.ts';
import { siteRoutes } from './siteRoutes.ts';
import type { SiteRoute } from './siteRoutes.ts';

/**
 * Every public page as a visitor sees it, in Chromium against the real backend and built
 * bundle: every route in English (desktop and phone) and Arabic (right to left), the document
 * pages in Japanese.
 * Texts are checked against the locale files, so the test follows the translations. Every
 * visit proves that nothing was fetched from another origin, no cookie was set, and the page
 * met no CSP violation and no error (lazily loaded code included: it waits for the network to
 * settle). English visits also run axe; English and Arabic ones save a screenshot under
 * test-results/screenshots/site/.
 */

const SOCIAL_URL = 'https://social.example.org/ashnote';

type Texts = typeof en;
type Pages = typeof pagesEn;

// Locales differ only in their plural keys (locales.test.ts), which this test reads from en only.
// Every route in English and Arabic, the two directions; axe runs on the English visits (every
// desktop page, PHONE_AXE_ROUTES on the phone): its findings follow the markup and the colours,
// which a language does not change, and it is most of a visit's cost on our 2-core CI machines.
// Arabic keeps a screenshot of every page (the mirrored layout, for a human look). Japanese, a
// third script, visits the pages whose long texts come from its own page file, with numbers and
// dates formatted for it.
const DOCUMENT_ROUTES = ['home', 'features', 'security', 'privacy', 'terms', 'faq'];
// On the phone axe checks the pages whose markup the narrow layout changes beyond the shared
// navigation (checked on the home page): wide tables and code blocks that scroll, the note and
// chat screens. The other pages' markup and colours are those axe checks on the desktop.
const PHONE_AXE_ROUTES = [
  'home',
  'security',
  'privacy',
  'developers',
  'blog-article',
  'note',
  'chat-room',
];
const LANGUAGES = [
  {
    code: 'en',
    browserLocale: 'en-US',
    dir: 'ltr',
    axe: true,
    screenshot: true,
    texts: en,
    pages: pagesEn,
  },
  {
    code: 'ar',
    browserLocale: 'ar-EG',
    dir: 'rtl',
    axe: false,
    screenshot: true,
    texts: ar as unknown as Texts,
    pages: pagesAr,
  },
  {
    code: 'ja',
    browserLocale: 'ja-JP',
    dir: 'ltr',
    axe: false,
    screenshot: false,
    routes: DOCUMENT_ROUTES,
    texts: ja as unknown as Texts,
    pages: pagesJa,
  },
] as const;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const IPHONE: DeviceOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
};

/** `Last modified: {{date, datetime}}` → `Last modified:` (the part that does not vary). */
function fixedPart(template: string): string {
  return template.split('{{')[0]!.trim();
}

/** Texts each page must show besides its heading, straight from the locale files. */
function keyTexts(route: SiteRoute, texts: Texts, pages: Pages): string[] {
  switch (route.name) {
    case 'home':
      return [
        texts.home.cards.title,
        texts.home.cards.encrypted.title,
        texts.home.cards.oneRead.title,
        texts.home.cards.noTrackers.title,
        texts.home.documents.title,
        texts.home.form.submit,
        texts.footer.tagline,
      ];
    case 'features':
      return [
        ...Object.values(pages.features.cards).map((card) => card.title),
        texts.features.backHome,
      ];
    case 'security':
      return [
        ...Object.values(pages.security.cards).map((card) => card.title),
        pages.security.stored.title,
        pages.security.neverSees.title,
        pages.security.files.title,
        pages.security.limits.title,
        texts.security.cta,
      ];
    case 'privacy':
      return [
        fixedPart(texts.documents.lastModified),
        ...Object.values(pages.privacy.sections).map((section) => section.title),
      ];
    case 'terms':
      return [
        fixedPart(texts.documents.lastModified),
        ...Object.values(pages.terms.sections).map((section) => section.title),
      ];
    case 'faq':
      return [
        texts.faq.searchLabel,
        ...Object.values(texts.faq.category),
        pages.faq.items.encryption.question,
      ];
    case 'chat':
      return [texts.chat.create.submit, texts.chat.create.howTitle];
    case 'request':
      return [texts.request.create.submit, texts.request.create.labelLabel];
    case 'request-answer':
    case 'request-claim':
      // A link to a request the server doesn't know says so, whichever of the two it is.
      return [texts.request.problem.notFoundTitle, texts.request.problem.notFound];
    case 'developers':
      // The chrome in the visitor's language; the reference itself is English.
      return [
        pages.developers.englishOnly,
        pages.developers.download,
        pages.developers.contents,
        pages.developers.responses,
        'POST /api/notes/{id}/verify',
        'Protocol notes',
      ];
    case 'note':
      // A link to a note the server doesn't know says so before any warning.
      return [texts.note.destroyed.notFoundTitle, texts.note.destroyed.notFound];
    case 'chat-room':
    case 'mobile-chat-room':
      return [texts.chat.room.invalid.body];
    case 'not-found':
      return [texts.notFound.intro, texts.notFound.home];
    default:
      return [];
  }
}

let app: TestServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp('embedded', { SOCIAL_URL }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Origins other than the app's that a page contacted (data: and blob: stay in the page). */
function foreignRequests(requests: string[]): string[] {
  const own = new URL(app.url).origin;
  return requests.filter((url) => {
    const parsed = new URL(url);
    return !['data:', 'blob:'].includes(parsed.protocol) && parsed.origin !== own;
  });
}

const visits = LANGUAGES.flatMap((language) =>
  (Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])
    // A phone in English; Arabic and Japanese on the desktop (the mobile suite tours the phone
    // shell right to left).
    .filter((viewport) => viewport === 'desktop' || language.code === 'en')
    .map((viewport) => ({ language, viewport })),
);

describe.each(visits)('the site in $language.code on a $viewport', ({ language, viewport }) => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await freshContext(browser, {
      locale: language.browserLocale,
      viewport: VIEWPORTS[viewport],
    });
  });

  afterAll(async () => {
    // Visitors get no cookies (privacy policy, "Cookies and your device").
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  // A few routes at once: much of a visit is waiting (for the network to settle, for axe), and
  // each route has its own page, so visits share nothing but the context's storage, as tabs do.
  // `for`, not `each`: it hands each test its context, whose `expect` a concurrent test must use
  // (expect.poll refuses the global one there).
  // Five visits share the machine with another test file: the longest (the API reference, with
  // axe over every endpoint) takes about 10 s alone, and has outlasted the default 120 s so.
  const visit = { timeout: 240_000 };
  const routes = siteRoutes().filter(
    (route) => !('routes' in language) || language.routes.includes(route.name),
  );
  it.concurrent.for(routes)('$name', visit, async (route, { expect }) => {
    const page = await context.newPage();
    const problems = watchPage(page);
    const response = await page.goto(`${app.url}${route.path}`);
    expect(response?.status()).toBe(route.status ?? 200);

    const heading = route.heading(language.texts, language.pages);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');

    // Language and direction.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.code);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language.dir);
    // Waited for, not read once: some are filled in after an API call (a note's state), and on
    // a loaded machine the page's own work before that call can outlast networkidle's quiet
    // half second (seen once in CI: the note route still said it was checking the note).
    const bodyText = () => page.evaluate(() => document.body.innerText);
    for (const expected of keyTexts(route, language.texts, language.pages)) {
      await expect
        .poll(bodyText, { message: `${route.name}: "${expected}"`, timeout: 10_000 })
        .toContain(expected);
    }
    const text = await bodyText();
    // Every {{value}} was filled in (numbers and dates formatted for the language).
    expect(text).not.toMatch(/\{\{|\}\}/);

    // Meta: title, description, preview image, canonical for public pages, noindex for secrets.
    expect(await page.title()).toContain(route.title?.(language.texts, language.pages) ?? heading);
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[name="description"]')).toBeTruthy();
    expect(await meta('meta[property="og:image"]')).toMatch(/\/social-preview\.png$/);
    expect(await meta('meta[property="og:image:width"]')).toBe('512');
    const canonical = page.locator('link[rel="canonical"]');
    if (route.noIndex) {
      expect(await meta('meta[name="robots"]')).toContain('noindex');
      expect(await canonical.count()).toBe(0);
    } else {
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      expect(await meta('meta[name="keywords"]')).toBeTruthy();
      // Never the fragment: a note's key must not end up in an address we publish.
      expect(await canonical.getAttribute('href')).toBe(`${app.url}${route.path}`);
    }

    if (language.dir === 'rtl' && !route.path.startsWith('/mobile')) {
      // Mirrored: the brand sits at the right edge, the language menu at the left.
      const brand = await page
        .getByRole('link', { name: language.texts.nav.brandHome })
        .boundingBox();
      const languageButton = await page
        .getByRole('button', {
          name: new RegExp(`^${language.texts.language.change.split('{{')[0]}`),
        })
        .boundingBox();
      expect(brand!.x).toBeGreaterThan(languageButton!.x);
    }

    if (language.axe && (viewport === 'desktop' || PHONE_AXE_ROUTES.includes(route.name))) {
      expect((await seriousAccessibilityProblems(page)).join('\n')).toBe('');
    }
    if (language.screenshot) {
      await saveScreenshot(page, `site/${language.code}-${viewport}-${route.name}`);
    }

    // Every placeholder filled: a text never shows a value it was not given.
    expect(await page.locator('body').innerText()).not.toContain('{{');
    expect(foreignRequests(problems.requests)).toEqual([]);
    // Only the language shown is downloaded, never the eleven others.
    const languageFile = new RegExp(`/assets/(${LANGUAGE_CODES.join('|')})-[\\w-]+\\.js$`);
    const languageFiles = problems.requests
      .map((url) => languageFile.exec(new URL(url).pathname)?.[1])
      .filter((code) => code !== undefined);
    expect(new Set(languageFiles)).toEqual(new Set([language.code]));
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('FAQ', () => {
  let page: Page;
  const search = () => page.getByRole('searchbox', { name: en.faq.searchLabel });
  // The category groups' headings; the newsletter card below them has its own.
  const groupTitles = () => page.locator('main h2:not([data-newsletter] h2)').allInnerTexts();
  const questions = () => page.locator('main details summary').allInnerTexts();
  const results = (count: number) =>
    (count === 1 ? en.faq.results_one : en.faq.results_other).replace('{{count}}', String(count));

  beforeAll(async () => {
    const context = await freshContext(browser);
    page = await context.newPage();
    await page.goto(`${app.url}/faq`);
    await page.getByRole('heading', { level: 1, name: en.faq.title }).waitFor();
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('lists at least 24 questions, grouped by category with counts', async () => {
    const all = Object.keys(pagesEn.faq.items).length;
    expect(all).toBeGreaterThanOrEqual(24);
    expect(await questions()).toHaveLength(all);
    await page.getByRole('status').getByText(results(all)).waitFor();
    const titles = await groupTitles();
    expect(titles.map((title) => title.split('\n')[0])).toEqual([
      en.faq.category.security,
      en.faq.category.features,
      en.faq.category.usage,
      en.faq.category.chat,
    ]);
    expect(titles.join(' ')).toMatch(/\d+ questions/);
  });

  it('searches questions, answers and tags, case-insensitively', async () => {
    // Only in a tag of the safety-code question.
    await search().fill('FORWARD SECRECY');
    expect(await questions()).toEqual([pagesEn.faq.items.safetyCode.question]);
    expect((await groupTitles())[0]).toContain(en.faq.category.chat);
    expect((await groupTitles())[0]).toContain(en.faq.questionCount_one.replace('{{count}}', '1'));
    await page.getByRole('status').getByText(results(1)).waitFor();
    // A search opens the answers, since the match may be inside them.
    expect(await page.locator('main details[open]').count()).toBe(1);

    // Only in an answer.
    await search().fill('shift+enter');
    expect(await questions()).toEqual([pagesEn.faq.items.chatMessageLength.question]);
  });

  it('filters by category, with the search', async () => {
    await search().fill('');
    const chip = page.getByRole('button', { name: en.faq.category.chat, exact: true });
    await chip.click();
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    expect(await groupTitles()).toHaveLength(1);
    expect(await questions()).toHaveLength(
      FAQ_ENTRIES.filter((entry) => entry.category === 'chat').length,
    );
    await search().fill('password');
    // "password" appears in no chat answer: the empty state, with a way out.
    await page.getByRole('heading', { name: en.faq.empty.title }).waitFor();
    await page.getByRole('button', { name: en.faq.clear }).click();
    expect(await search().inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    expect(
      await page.getByRole('button', { name: en.faq.category.all }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await questions()).toHaveLength(Object.keys(pagesEn.faq.items).length);
  });

  it('shows no questions found for a search that matches nothing', async () => {
    await search().fill('zzzz-no-such-thing');
    await page.getByRole('heading', { name: en.faq.empty.title }).waitFor();
    await page.getByRole('status').getByText(results(0)).waitFor();
    expect(await questions()).toEqual([]);
    await saveScreenshot(page, 'site/en-desktop-faq-empty');
  });
});

describe('age gate', () => {
  const gate = (page: Page) => page.getByTestId('age-gate');
  const question = en.ageGate.question_other.replace('{{count}}', '17');

  it('does not stop a desktop browser', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1, name: en.home.title }).waitFor();
    expect(await gate(page).count()).toBe(0);
    await context.close();
  });

  it('asks in the desktop app (preload bridge present) at any screen size', async () => {
    const context = await freshContext(browser);
    // The renderer knows it runs in the desktop app by the preload's bridge (platform/index.ts).
    const server: ServerConnection = {
      mode: 'hosted',
      apiOrigin: app.url,
      publicOrigin: app.url,
      linkReach: 'anyone',
    };
    await context.addInitScript(installFakeBridge, server);
    const page = await context.newPage();
    await page.goto(`${app.url}/features`);
    await gate(page).getByRole('heading', { name: 'Welcome to Ashnote' }).waitFor();
    expect(await page.getByText(question).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Yes, I am 17 or older' }).click();
    await page.getByRole('heading', { level: 1, name: en.features.title }).waitFor();
    await context.close();
  });

  it('asks on an iPhone; yes is remembered as the string true', async () => {
    const context = await freshContext(browser, { viewport: VIEWPORTS.phone, device: IPHONE });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${app.url}/`);
    await gate(page).getByRole('heading', { name: 'Welcome to Ashnote' }).waitFor();
    expect(await page.getByText(question).isVisible()).toBe(true);
    // Nothing of the app behind it yet.
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect((await seriousAccessibilityProblems(page)).join('\n')).toBe('');
    await saveScreenshot(page, 'site/en-iphone-age-gate');

    await page.getByRole('button', { name: 'Yes, I am 17 or older' }).click();
    await page.getByRole('heading', { level: 1, name: en.home.title }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ashnote.ageVerified'))).toBe('true');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: en.home.title }).waitFor();
    expect(await gate(page).count()).toBe(0);
    expect(problems.cspViolations).toEqual([]);
    await context.close();
  });

  it('restricts an iPhone user under 17 for good, pointing to age-appropriate alternatives', async () => {
    const context = await freshContext(browser, { viewport: VIEWPORTS.phone, device: IPHONE });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'No, I am under 17' }).click();
    await gate(page).getByRole('heading', { name: 'Access Restricted' }).waitFor();
    expect(await gate(page).innerText()).toContain(
      'This app is for users 17 and older because it handles sensitive information and anonymous communication.',
    );
    const alternatives = page.getByRole('link', { name: /Find Age-Appropriate Alternatives/ });
    expect(await alternatives.getAttribute('href')).toBe(AGE_ALTERNATIVES_URL);
    // Terminal: no way into the app, and no answer stored, so it asks again next time.
    expect(await page.getByRole('button').allInnerTexts()).not.toContain('Yes, I am 17 or older');
    expect(await page.evaluate(() => localStorage.getItem('ashnote.ageVerified'))).toBeNull();
    expect((await seriousAccessibilityProblems(page)).join('\n')).toBe('');
    await saveScreenshot(page, 'site/en-iphone-age-restricted');
    await page.reload();
    await gate(page).getByRole('heading', { name: 'Welcome to Ashnote' }).waitFor();
    await context.close();
  });

  it('asks in Arabic, right to left', async () => {
    const context = await freshContext(browser, {
      locale: 'ar-EG',
      viewport: VIEWPORTS.phone,
      device: IPHONE,
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await gate(page)
      .getByRole('heading', { name: ar.ageGate.title.replace('{{appName}}', ar.common.appName) })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect((await seriousAccessibilityProblems(page)).join('\n')).toBe('');
    await saveScreenshot(page, 'site/ar-iphone-age-gate');
    await context.close();
  });

  it('moves to the next language on each press of the compact switcher, its code always shown', async () => {
    const context = await freshContext(browser, { viewport: VIEWPORTS.phone, device: IPHONE });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    const switcher = page.getByTestId('language-switcher-compact');
    const lang = () => page.evaluate(() => document.documentElement.lang);
    await switcher.waitFor();
    expect(await lang()).toBe('en');
    // The code is text in the app's own font: it has a size wherever no emoji font is installed.
    const badge = switcher.locator('[data-code]');
    expect(await badge.getAttribute('data-code')).toBe('en');
    expect((await badge.boundingBox())!.width).toBeGreaterThan(10);
    const [next, afterNext] = LANGUAGE_CODES.slice(1, 3);
    await switcher.click();
    await expect.poll(lang).toBe(next);
    expect(await badge.getAttribute('data-code')).toBe(next);
    await switcher.click();
    await expect.poll(lang).toBe(afterNext);
    await context.close();
  });
});

describe('robots.txt and sitemap', () => {
  it('lets crawlers index the public pages, and only those', async () => {
    const robots = await fetch(`${app.url}/robots.txt`);
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    for (const secret of ['/note/', '/chat/', '/mobile-chat/', '/r/', '/s/', '/analytics']) {
      expect(rules).toContain(`Disallow: ${secret}`);
    }
    expect(rules).toContain(`Sitemap: ${app.url}/sitemap.xml`);

    const sitemap = await fetch(`${app.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    // Absolute, on the server's own origin (this one has no PUBLIC_URL).
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(
      (match) => match[1]!,
    );
    for (const location of locations) expect(location.startsWith(`${app.url}/`)).toBe(true);
    const listed = locations.map((location) => new URL(location).pathname);
    const indexable = siteRoutes()
      .filter((route) => !route.noIndex && !route.path.startsWith('/blog/'))
      .map((route) => route.path);
    expect(listed.sort()).toEqual(indexable.sort());
  });
});
