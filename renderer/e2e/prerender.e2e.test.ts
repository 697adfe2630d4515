import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ARTICLES } from '../../backend/src/blog/seed-articles.ts';
import { createFakeNote } from '../../backend/src/testing/notes-client.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { PRERENDERED_ROUTES } from '../../shared/web-app-routes.ts';
import ar from '../src/i18n/locales/ar.json';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';
import {
  appStarted,
  closeContexts,
  expectNoProblems,
  freshContext,
  launchBrowser,
  startWebApp,
  watchPage,
} from './harness.ts';

/**
 * The pages the build pre-renders and those the server renders, the blog's (issue 36), in
 * Chromium against the real backend and built bundle: painted from the HTML alone, then taken
 * over by the app without being replaced and exactly as the app renders it afresh; never shown
 * in a language the visitor did not choose, nor before the age gate where it asks; and no form
 * on them sends anything before the app has started.
 */

const ARTICLE = SEED_ARTICLES[0]!;

/**
 * Every page that comes rendered, at an address of its own: the build's (a note link's as a
 * reader opens a real one, key included), and the blog's list and an article.
 */
function renderedPages(noteLink: string): string[] {
  return [
    ...PRERENDERED_ROUTES.map((route) => (route === '/note/:id' ? noteLink : route)),
    '/blog',
    `/blog/${ARTICLE.id}`,
  ];
}

/**
 * A note's link (path and fragment). Only its first screens are opened here, which need the
 * note and a key of a link's shape: its check asks by id alone, and the key decrypts nothing
 * until the note is read, which these tests never do.
 */
async function noteLinkOn(server: TestServer): Promise<string> {
  const { noteId } = await createFakeNote(server.url);
  return `/note/${noteId}#${crypto.randomBytes(32).toString('base64url')}`;
}

/** Records, from before the page's first script, what each animation frame showed. */
const WATCH_FRAMES = `
  window.__frames = [];
  window.__rootChildrenRemoved = 0;
  new MutationObserver((records) => {
    for (const record of records)
      if (record.target.id === 'root') window.__rootChildrenRemoved += record.removedNodes.length;
  }).observe(document, { childList: true, subtree: true });
  const frame = () => {
    const shown = getComputedStyle(document.documentElement).visibility !== 'hidden';
    const heading = document.querySelector('#root h1')?.textContent ?? '';
    window.__frames.push({ shown, heading });
    if (window.__frames.length < 600) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

interface Frame {
  shown: boolean;
  heading: string;
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
const rootChildrenRemoved = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __rootChildrenRemoved: number }).__rootChildrenRemoved,
  );

/** Preact's root is on #root (its rendered tree, `_children`, is `__k` in its build). */
const takenOverByTheApp = (page: Page) =>
  page.evaluate(() => '__k' in (document.getElementById('root') ?? {}));

/**
 * What the app shows in #root, as HTML without comments (the build marks the parts that load
 * on demand with comments, which a page rendered afresh does not have), without class names
 * (styled-components numbers its components in the order their modules run, which differs with
 * the order the page's parts arrive in; each page has the style rules of its own names), and
 * with each field's state as it is rather than as its attributes give it (the HTML sets them
 * as attributes, the app as properties), and with attributes in order of their names (the
 * order the app set them in is not what it shows).
 */
const rootHtml = (page: Page) =>
  page.evaluate(() => {
    const live = document.getElementById('root')!;
    const root = live.cloneNode(true) as HTMLElement;
    const fields = 'input, textarea, select';
    const copies = root.querySelectorAll(fields);
    live.querySelectorAll<HTMLInputElement>(fields).forEach((field, index) => {
      const copy = copies[index]!;
      for (const name of ['value', 'checked']) copy.removeAttribute(name);
      copy.setAttribute('data-state', `${field.value}|${field.checked}`);
    });
    for (const option of root.querySelectorAll('option')) option.removeAttribute('selected');
    for (const element of root.querySelectorAll('*')) {
      const attributes = [...element.attributes].sort((a, b) => a.name.localeCompare(b.name));
      for (const { name } of attributes) element.removeAttribute(name);
      for (const { name, value } of attributes) element.setAttribute(name, value);
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
    const comments: Node[] = [];
    while (walker.nextNode()) comments.push(walker.currentNode);
    for (const comment of comments) comment.parentNode!.removeChild(comment);
    for (const element of root.querySelectorAll('[class]')) element.removeAttribute('class');
    return root.innerHTML;
  });

/** True when both are the same; otherwise where they first differ, to show in the failure. */
function sameHtml(taken: string, afresh: string): true | string {
  if (taken === afresh) return true;
  let at = 0;
  while (taken[at] === afresh[at]) at++;
  const around = (html: string) => html.slice(Math.max(0, at - 200), at + 200);
  return `taken over: …${around(taken)}…\nafresh: …${around(afresh)}…`;
}

/**
 * A page whose statistics are answered here: counted, every page opened twice would exceed the
 * server's limit for one address, and the tests after this one would meet its 429s.
 */
async function uncountedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/api/analytics/**', (route) => route.fulfill({ status: 204 }));
  return page;
}

/** Opens `url` with its pre-rendered content taken out, so the app renders the page afresh. */
async function openAfresh(context: BrowserContext, url: string): Promise<Page> {
  const page = await uncountedPage(context);
  // Requests carry no fragment.
  await page.route(url.split('#')[0]!, async (route) => {
    // Tried again once: a kept-alive connection the server closed as idle just when it was
    // reused fails with ECONNRESET (seen once in a loaded CI run), and the GET is safe to repeat.
    const response = await route.fetch().catch(() => route.fetch());
    const html = (await response.text()).replace(
      /(<div id="root">)[\s\S]*?(<\/div>\s*<noscript)/,
      '$1$2',
    );
    expect(html).toContain('<div id="root"></div>');
    await route.fulfill({ response, body: html });
  });
  await page.goto(url);
  await page.locator('#root main').waitFor();
  await appStarted(page);
  return page;
}

/** Holds the page's requests for `url` until the returned function is called. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('pre-rendered pages', () => {
  let server: TestServer;
  let browser: Browser;
  let renderedAt: string[];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    renderedAt = renderedPages(await noteLinkOn(server));
  }, 60_000);
  afterEach(() => closeContexts(contexts));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(options: { locale: string; javaScript?: boolean }): Promise<BrowserContext> {
    const context = await browser.newContext({
      locale: options.locale,
      javaScriptEnabled: options.javaScript ?? true,
    });
    contexts.push(context);
    return context;
  }

  it('shows every page in English and Arabic from its HTML alone, translated, in its direction', async () => {
    for (const [locale, texts, dir] of [
      ['en-US', en, 'ltr'],
      ['ar', ar, 'rtl'],
    ] as const) {
      const context = await open({ locale, javaScript: false });
      const page = await context.newPage();
      for (const route of renderedAt) {
        const response = await page.goto(server.url + route);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-language']).toBe(locale.slice(0, 2));
        expect(
          await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
        ).toEqual([locale.slice(0, 2), dir]);
        expect(await page.locator('#root h1').count()).toBeGreaterThan(0);
        expect(await page.title()).toMatch(new RegExp(`${texts.common.appName}$`));
        // The navigation is there and translated (the mobile shell has its own bar).
        if (!route.startsWith('/mobile'))
          await expect
            .poll(() => page.getByRole('link', { name: texts.nav.faq }).count())
            .toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it("paints the blog's articles from the server's HTML, and the app starts on them without asking again", async () => {
    const noScript = await open({ locale: 'en-US', javaScript: false });
    const still = await noScript.newPage();
    await still.goto(`${server.url}/blog`);
    expect(await still.getByRole('article').count()).toBe(SEED_ARTICLES.length);
    await still.goto(`${server.url}/blog/${ARTICLE.id}`);
    expect(await still.locator('#root h1').textContent()).toBe(ARTICLE.title);
    expect(await still.locator('#root main').textContent()).toContain(
      new RegExp('<p>([^<]{20})').exec(ARTICLE.html)![1],
    );

    // The articles are English: in an Arabic page their texts still run left to right.
    const arabic = await (await open({ locale: 'ar', javaScript: false })).newPage();
    const directionOf = (selector: string) =>
      arabic
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).direction);
    await arabic.goto(`${server.url}/blog`);
    expect(await directionOf('#root h1')).toBe('rtl');
    expect(await directionOf('#root article h2')).toBe('ltr');
    await arabic.goto(`${server.url}/blog/${ARTICLE.id}`);
    expect(await directionOf('#root h1 bdi')).toBe('ltr');
    expect(await directionOf('#root main [dir="auto"] p')).toBe('ltr');

    const context = await open({ locale: 'en-US' });
    const page = await uncountedPage(context);
    const problems = watchPage(page);
    const blogRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/blog')) blogRequests.push(request.url());
    });
    await page.goto(`${server.url}/blog`);
    await appStarted(page);
    await expect.poll(() => takenOverByTheApp(page)).toBe(true);
    expect(await page.getByRole('article').count()).toBe(SEED_ARTICLES.length);
    expect(blogRequests).toEqual([]);
    // Another page than the one the HTML came for asks the server, as the app always did; and
    // so does the list once the app has left it (an article may have been deleted meanwhile).
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.waitForURL(/\/blog\/.+/);
    await page.locator('#root h1').waitFor();
    await page.goBack();
    await expect
      .poll(() => blogRequests.map((url) => new URL(url).pathname))
      .toEqual([expect.stringMatching(/^\/api\/blog\/[a-z0-9-]+$/), '/api/blog/posts']);
    // Asked for, then shown once it has come.
    await expect.poll(() => page.getByRole('article').count()).toBe(SEED_ARTICLES.length);
    expectNoProblems(problems);
  });

  it("paints a note link's warning before any script, and draws one without its key afresh", async () => {
    const link = await noteLinkOn(server);
    const opening = en.note.viewer.loading;
    const noScript = await open({ locale: 'en-US', javaScript: false });
    const still = await noScript.newPage();
    await still.goto(server.url + link);
    // The warning, its button saying the note is being checked (and disabled: nothing burns).
    const shown = await still.locator('#root main').textContent();
    expect(shown).toContain(en.note.viewer.warningTitle);
    expect(shown).toContain(opening);
    expect(await still.getByRole('button', { name: opening }).isDisabled()).toBe(true);
    // The page is every note's: nothing of this one's address is in it.
    const [id, key] = link.slice('/note/'.length).split('#') as [string, string];
    expect(await still.content()).not.toContain(id);
    expect(await still.content()).not.toContain(key);

    // Opened with its key: taken over, on to the warning, the note unread.
    const context = await open({ locale: 'en-US' });
    await context.addInitScript(WATCH_FRAMES);
    const page = await uncountedPage(context);
    const problems = watchPage(page);
    await page.goto(server.url + link);
    await page.getByText(en.note.viewer.warningTitle).waitFor();
    expect(await rootChildrenRemoved(page)).toBe(0);
    expectNoProblems(problems);

    // Without its key the app shows another screen: the opening one is never shown.
    const keyless = await uncountedPage(context);
    await keyless.addInitScript(
      `window.__openingShown = false;
       const look = () => {
         const shown = getComputedStyle(document.documentElement).visibility !== 'hidden';
         if (shown && document.querySelector('#root main')?.textContent.includes(${JSON.stringify(opening)}))
           window.__openingShown = true;
         requestAnimationFrame(look);
       };
       requestAnimationFrame(look);`,
    );
    await keyless.goto(`${server.url}/note/${id}`);
    await keyless.getByText(en.note.viewer.missingKeyTitle).waitFor();
    expect(
      await keyless.evaluate(
        () => (window as unknown as { __openingShown: boolean }).__openingShown,
      ),
    ).toBe(false);
  });

  it('shows a phone the menu button before any script runs, not a clipped row of links', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url + '/faq');
    const menuButton = page.getByRole('button', { name: en.nav.openMenu });
    expect(await menuButton.isVisible()).toBe(true);
    // The desktop row of links is there (the app measures it) but not shown.
    const links = page.locator('header nav a[href="/faq"]');
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.first().isVisible()).toBe(false);
    // A wide window shows the links, and no menu button, as before.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await links.first().isVisible()).toBe(true);
    expect(await menuButton.isVisible()).toBe(false);
  });

  it('is taken over by the app as it is: no element replaced, each as the app makes it afresh', async () => {
    for (const locale of ['en-US', 'ar']) {
      const context = await freshContext(browser, { locale });
      contexts.push(context);
      await context.addInitScript(WATCH_FRAMES);
      // A few pages at once, as tabs: most of a visit is waiting for the app to start.
      const routes = [...renderedAt];
      const visitNext = async (): Promise<void> => {
        const route = routes.shift();
        if (route === undefined) return;
        const page = await uncountedPage(context);
        const problems = watchPage(page);
        await page.goto(server.url + route);
        // The app started on the page (its root is on #root, its controls enabled) and the
        // pre-rendered elements are the ones on screen: none was replaced. Waited for, not
        // assumed at network idle: on a loaded machine the app's start can follow a quiet spell.
        await expect.poll(() => takenOverByTheApp(page)).toBe(true);
        await appStarted(page);
        expect(await rootChildrenRemoved(page), `${route} in ${locale}`).toBe(0);
        expect((await framesOf(page)).every((frame) => frame.shown)).toBe(true);
        expectNoProblems(problems);
        // Taking a page over adopts its elements' attributes unchecked: what the app made of
        // the page is what it makes rendering it afresh, attribute for attribute.
        const afresh = await openAfresh(context, server.url + route);
        await expect
          .poll(async () => sameHtml(await rootHtml(page), await rootHtml(afresh)))
          .toBe(true);
        await Promise.all([page.close(), afresh.close()]);
        await visitNext();
      };
      await Promise.all([visitNext(), visitNext(), visitNext(), visitNext()]);
    }
  }, 180_000);

  it('hides a page pre-rendered in another language than the remembered one until it shows in that one', async () => {
    // The browser asks for English; the visitor chose German on an earlier visit.
    const context = await open({ locale: 'en-US' });
    await context.addInitScript(WATCH_FRAMES);
    await context.addInitScript(() => localStorage.setItem('ashnote.language', 'de'));
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}/faq`);
    await expect.poll(() => page.locator('#root h1').textContent()).toBe(de.faq.title);
    const frames = await framesOf(page);
    // The English page came (the server cannot know the remembered choice) but never showed.
    expect(frames.some((frame) => frame.heading === en.faq.title)).toBe(true);
    expect(frames.filter((frame) => frame.heading === en.faq.title && frame.shown)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByRole('link', { name: de.nav.faq }).count()).toBeGreaterThan(0);
    expectNoProblems(problems);
  });

  it('shows the age gate on an iPhone before any of the pre-rendered page', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      userAgent: IPHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(context);
    await context.addInitScript(WATCH_FRAMES);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(server.url);
    const gateTitle = en.ageGate.title.replace('{{appName}}', en.common.appName);
    await expect.poll(() => page.locator('#root h1').textContent()).toBe(gateTitle);
    const frames = await framesOf(page);
    expect(frames.some((frame) => frame.heading === en.home.title)).toBe(true);
    expect(frames.filter((frame) => frame.heading === en.home.title && frame.shown)).toEqual([]);
    expectNoProblems(problems);
  });

  it("keeps a page's controls disabled until the app has started, and its forms submit nowhere", async () => {
    const noScript = await open({ locale: 'en-US', javaScript: false });
    const still = await noScript.newPage();
    for (const route of renderedAt) {
      await still.goto(server.url + route);
      // A form the browser submitted itself would put its fields in the URL (a GET to the
      // page): a dialog-method form submits nowhere.
      expect(await still.locator('form:not([method="dialog"])').count(), route).toBe(0);
      // Those on screen: a closed dialog's (the menu drawer's) cannot be reached.
      const enabled = still
        .locator('#root :is(input, textarea, select, button):enabled')
        .filter({ visible: true });
      expect(await enabled.count(), route).toBe(0);
    }

    // The app's code held back: the page is on screen, its controls not yet usable.
    const context = await open({ locale: 'en-US' });
    const page = await context.newPage();
    const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto(server.url, { waitUntil: 'commit' });
    const content = page.getByLabel(en.home.form.contentLabel);
    await content.waitFor();
    expect(await content.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: en.home.form.submit }).isDisabled()).toBe(true);
    release();
    // Once started, the same page works: the note is made and its link shown.
    await content.fill('typed once the app has started');
    await page.getByRole('button', { name: en.home.form.submit }).click();
    await page.getByTestId('share-panel').waitFor();
  });

  it('keeps a part whose code comes later disabled until that code has taken it over', async () => {
    const context = await open({ locale: 'en-US' });
    const page = await context.newPage();
    const release = await holdBack(page, /\/assets\/NewsletterCard-[^/]+\.js$/);
    await page.goto(server.url);
    // The page around it runs; the newsletter card is on screen but not yet the app's.
    await expect.poll(() => page.getByLabel(en.home.form.contentLabel).isEnabled()).toBe(true);
    const card = page.locator('[data-newsletter="home"]');
    expect(await card.locator(':is(input, button)').count()).toBeGreaterThan(0);
    expect(await card.locator(':is(input, button):enabled').count()).toBe(0);
    release();
    await appStarted(page);
  });
});
