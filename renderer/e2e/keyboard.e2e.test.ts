import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import en from '../src/i18n/locales/en.json';
import pagesEn from '../src/i18n/pages/en.json';
import { closeContexts, freshContext, launchBrowser, startWebApp, watchPage } from './harness.ts';

/**
 * The site with the keyboard alone, in Chromium against the real backend: create and share a
 * note, read it, chat, open and leave dialogs and menus. Every Tab stop must show where focus
 * is; dialogs keep focus inside and give it back; toasts are announced politely.
 */

let app: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp('embedded'), launchBrowser()]);
});

afterEach(() => closeContexts(contexts));

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openPage(
  path: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; problems: ReturnType<typeof watchPage> }> {
  const context = await freshContext(browser, { viewport });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, problems };
}

/** What has focus, and whether the page shows it (a visible outline under :focus-visible). */
async function focused(page: Page): Promise<{ name: string; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { name: '(nothing)', visible: false };
    }
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return {
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      visible: element.matches(':focus-visible') && outline,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking on the way that every stop
 * shows its focus. Fails when the target is not reached within `limit` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await focused(page);
    if (stop.name !== '(nothing)') expect(stop.visible, `focus ring on ${stop.name}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

describe('with the keyboard alone', () => {
  it('creates a note, copies its link (announced politely) and reads it', async () => {
    const { page: sender, problems } = await openPage('/');
    await tabTo(sender, sender.getByRole('textbox', { name: en.home.form.contentLabel }));
    await sender.keyboard.type('Typed without a mouse');
    await tabTo(sender, sender.getByRole('button', { name: en.home.form.submit }));
    await sender.keyboard.press('Enter');

    // The share panel takes focus with its heading, so the result is announced.
    const shareHeading = sender.getByRole('heading', { name: en.home.share.title });
    await shareHeading.waitFor();
    expect(await hasFocus(shareHeading)).toBe(true);
    await tabTo(sender, sender.getByRole('button', { name: en.home.share.copy, exact: true }));
    await sender.keyboard.press('Enter');
    const announcement = sender
      .locator('[aria-live="polite"]')
      .filter({ hasText: en.home.toast.copied });
    await announcement.first().waitFor({ state: 'attached' });
    const link = (await sender.evaluate('navigator.clipboard.readText()')) as string;
    expect(link).toMatch(/\/note\/[\w-]{22}#[\w-]{43}$/);
    expect(problems.cspViolations).toEqual([]);

    const { page: reader } = await openPage(new URL(link).pathname + new URL(link).hash);
    // The viewer first checks (without burning) that the note is there, then warns and moves
    // focus to the warning: Tab from there.
    const warning = reader.getByRole('heading', { name: en.note.viewer.warningTitle });
    await warning.waitFor();
    await expect.poll(() => hasFocus(warning)).toBe(true);
    await tabTo(reader, reader.getByRole('button', { name: en.note.viewer.readAndDestroy }));
    await reader.keyboard.press('Enter');
    await reader.getByText('Typed without a mouse').waitFor();
    await tabTo(reader, reader.getByRole('button', { name: en.note.viewer.copy }));
    await reader.keyboard.press('Enter');
    await reader.getByRole('button', { name: en.note.viewer.copied }).waitFor();
  });

  it('opens a chat room and sends a message with Enter', async () => {
    const { page: alice } = await openPage('/chat');
    await tabTo(alice, alice.getByRole('button', { name: en.chat.create.submit }));
    await alice.keyboard.press('Enter');
    await alice.waitForURL(/\/chat\/[\w-]{22}#[\w-]{43}$/);
    const { page: bob } = await openPage(new URL(alice.url()).pathname + new URL(alice.url()).hash);
    await bob.getByText(en.chat.room.system.welcome.split('{{')[0]!).first().waitFor();

    const composer = alice.getByRole('textbox', { name: en.chat.room.composer.label });
    await composer.and(alice.locator(':enabled')).waitFor();
    await tabTo(alice, composer);
    await alice.keyboard.type('Hello from the keyboard');
    await alice.keyboard.press('Enter');
    await bob.getByText('Hello from the keyboard').waitFor();
  });

  it('opens a document dialog, keeps focus inside, and gives it back on Escape', async () => {
    const { page } = await openPage('/');
    const opener = page.getByRole('button', { name: en.privacy.title, exact: true });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: en.privacy.title });
    await dialog.waitFor();
    // The same document as /privacy: its sections and its date.
    await dialog
      .getByRole('heading', { level: 3, name: `1. ${pagesEn.privacy.sections.scope.title}` })
      .waitFor();
    expect(await hasFocus(dialog.getByRole('button', { name: en.dialog.close }))).toBe(true);
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      const onPage = await page.evaluate(() => document.activeElement !== document.body);
      // Focus stays in the dialog (the page behind is inert); it may pass the browser's own UI.
      expect(inside || !onPage).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await hasFocus(opener)).toBe(true);

    // Its link leads to the page with the same text.
    await page.keyboard.press('Enter');
    await dialog.getByRole('link', { name: en.documents.openPage }).click();
    await page.getByRole('heading', { level: 1, name: en.privacy.title }).waitFor();
    await page
      .getByRole('heading', { level: 2, name: `1. ${pagesEn.privacy.sections.scope.title}` })
      .waitFor();
  });

  it('uses the drawer menu on a phone and returns focus to its button', async () => {
    const { page } = await openPage('/', { width: 390, height: 844 });
    const menuButton = page.getByRole('button', { name: en.nav.openMenu });
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: en.nav.menuTitle });
    await drawer.waitFor();
    await tabTo(page, drawer.getByRole('link', { name: en.nav.faq }));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await hasFocus(menuButton)).toBe(true);
    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('link', { name: en.nav.faq }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: en.faq.title }).waitFor();
    expect(await drawer.isVisible()).toBe(false);
  });

  it('changes the language from the menu with the arrow keys', async () => {
    const { page } = await openPage('/');
    const button = page.getByRole('button', { name: 'Language: English' });
    await tabTo(page, button);
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: en.language.label });
    await menu.waitFor();
    // The current language has focus and is checked.
    const english = menu.getByRole('menuitemradio', { name: 'English' });
    expect(await hasFocus(english)).toBe(true);
    expect(await english.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('End');
    expect(await hasFocus(menu.getByRole('menuitemradio', { name: 'Italiano' }))).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await hasFocus(english)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await hasFocus(button)).toBe(true);

    await page.keyboard.press('Enter');
    for (let step = 0; step < 7; step++) await page.keyboard.press('ArrowDown');
    expect(await hasFocus(menu.getByRole('menuitemradio', { name: 'العربية' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await hasFocus(page.getByRole('button', { name: /العربية/ }))).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'شارك أسرارًا تدمّر نفسها بنفسها' }).waitFor();
  });
});
