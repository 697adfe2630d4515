import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import {
  accessibilityViolations,
  appStarted,
  CHROMIUM_PATH,
  closeContexts,
  launchBrowser,
  startWebApp,
  watchPage,
  WEB_DIR,
} from './harness.ts';
import type { PageProblems } from './harness.ts';

/**
 * The mobile shell (/mobile) end to end in Chromium, emulating an iPhone and small Android
 * phones, against the real backend on the embedded database: the three-step create flow, the
 * chat tab, settings, a note made here read in the desktop-width viewer (and the reverse), the
 * layout at 320 px, touch target sizes, the service worker and its caches, and axe. Build
 * first: `npm run build:web`.
 */

/** Where screenshots for a human look go (not asserted). */
const SHOTS = process.env.MOBILE_SHOTS_DIR;

interface Device {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  userAgent: string;
  /** iOS at ≤ 768 px asks the age question first (spec §2). */
  ageGate: boolean;
}

const IPHONE: Device = {
  name: 'iphone',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ageGate: true,
};

const ANDROID_SMALL: Device = {
  name: 'android-360',
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  ageGate: false,
};

const ANDROID_320: Device = {
  ...ANDROID_SMALL,
  name: 'android-320',
  viewport: { width: 320, height: 568 },
};

const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** Every file the build told the service worker it may cache, as URL paths. */
function precacheList(): string[] {
  const worker = fs.readFileSync(path.join(WEB_DIR, 'sw.js'), 'utf8');
  return [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]}`);
}

describe('the mobile shell', () => {
  let app: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: { page: Page; found: PageProblems; expected404: boolean }[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startWebApp('embedded'), launchBrowser()]);
  });

  afterEach(() => closeContexts(contexts));

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function phone(
    device: Device,
    options: { locale?: string; baseUrl?: string } = {},
  ): Promise<{ page: Page; context: BrowserContext; bodies: string[] }> {
    const context = await browser.newContext({
      viewport: device.viewport,
      deviceScaleFactor: device.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent: device.userAgent,
      locale: options.locale ?? 'en-US',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: options.baseUrl ?? app.url,
    });
    contexts.push(context);
    const page = await context.newPage();
    problems.push({ page, found: watchPage(page), expected404: false });
    const bodies: string[] = [];
    page.on('request', (request) => bodies.push(request.postData() ?? ''));
    return { page, context, bodies };
  }

  async function desktop(): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    problems.push({ page, found: watchPage(page), expected404: false });
    return page;
  }

  /** Opens a shell path, answering the age question where the device asks it. */
  async function open(page: Page, device: Device, pathname: string, baseUrl = app.url) {
    await page.goto(`${baseUrl}${pathname}`);
    if (device.ageGate) {
      await page.getByRole('button', { name: 'Yes, I am 17 or older' }).click();
    }
    await page.getByRole('navigation', { name: 'App sections' }).waitFor();
  }

  /** The screen as a person sees it: from the top, and again scrolled to the end if longer. */
  async function shot(page: Page, name: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
    const longer = await page.evaluate<boolean>(
      'document.documentElement.scrollHeight > window.innerHeight + 1',
    );
    if (longer) {
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      await page.screenshot({ path: path.join(SHOTS, `${name}-end.png`) });
      await page.evaluate('window.scrollTo(0, 0)');
    }
  }

  const tab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'App sections' }).getByRole('link', { name });

  /** Writes the message through the full-screen editor and saves it. */
  async function writeMessage(page: Page, text: string) {
    await appStarted(page);
    await page.getByTestId('mobile-message').click();
    const editor = page.getByRole('dialog', { name: 'Your message' });
    await editor.waitFor();
    await editor.getByLabel('Note content').fill(text);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
  }

  /** The whole create flow on a phone; returns the one-time link. */
  async function createOnPhone(
    page: Page,
    note: { text: string; password?: string; expiration?: string },
  ): Promise<string> {
    await writeMessage(page, note.text);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    if (note.password !== undefined) {
      await page.getByRole('switch', { name: 'Password protection' }).check();
      await page.getByLabel('Password', { exact: true }).fill(note.password);
    }
    if (note.expiration) await page.getByRole('radio', { name: note.expiration }).check();
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByTestId('mobile-share').waitFor();
    return page.getByTestId('mobile-share-link').inputValue();
  }

  /** Opens a note link in a desktop-width browser and reads it. */
  async function readOnDesktop(link: string, password?: string): Promise<string> {
    const reader = await desktop();
    await reader.goto(link);
    await reader.getByRole('button', { name: 'Read and Destroy Note' }).click();
    if (password !== undefined) {
      await reader.getByRole('heading', { name: 'Password Required' }).waitFor();
      await reader.getByLabel('Password', { exact: true }).fill(password);
      await reader.getByRole('button', { name: 'Unlock Note' }).click();
    }
    const text = reader.getByTestId('note-text');
    await text.waitFor();
    return (await text.textContent()) ?? '';
  }

  it('iPhone: write, protect, create and share a note, then start another', async () => {
    const { page, bodies } = await phone(IPHONE);
    await open(page, IPHONE, '/mobile');
    await page.getByRole('heading', { name: 'New secure note', level: 1 }).waitFor();
    expect(await tab(page, 'Create').getAttribute('aria-current')).toBe('page');
    await shot(page, 'en-iphone-1-write-empty');

    // Continue stays disabled while the message is empty, and a tap says why.
    const continueButton = page.getByRole('button', { name: 'Continue' });
    expect(await continueButton.getAttribute('aria-disabled')).toBe('true');
    // (Playwright refuses aria-disabled targets unless forced; a finger does not.)
    await continueButton.click({ force: true });
    await page.getByText('Message required', { exact: true }).waitFor();
    await page.getByText('Please enter a message to secure.', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Write your message' }).count()).toBe(1);

    // The editor is full screen; Cancel throws the draft away, Save keeps it.
    await page.getByTestId('mobile-message').click();
    const editor = page.getByRole('dialog', { name: 'Your message' });
    await editor.waitFor();
    // (Polled: it scales in.)
    await expect.poll(() => editor.boundingBox()).toEqual({ x: 0, y: 0, ...IPHONE.viewport });
    await editor.getByLabel('Note content').fill('thrown away');
    await shot(page, 'en-iphone-2-editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    expect(await page.getByTestId('mobile-message').textContent()).not.toContain('thrown away');

    // Only spaces: still nothing to secure.
    await writeMessage(page, '   \n  ');
    expect(await continueButton.getAttribute('aria-disabled')).toBe('true');

    const secret = 'Locker 12, code 4711\nthen take the blue folder';
    await writeMessage(page, secret);
    expect(await page.getByTestId('mobile-message').textContent()).toContain(
      'Locker 12, code 4711',
    );
    expect(await continueButton.getAttribute('aria-disabled')).toBe('false');
    await shot(page, 'en-iphone-3-write-filled');
    await continueButton.click();

    // Security: the password toggle reveals the field; expiry defaults to one day; the score
    // follows both.
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Password protection' });
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: '1 day' }).isChecked()).toBe(true);
    const level = page.getByTestId('security-panel').locator('[data-level]');
    expect(await level.getAttribute('data-level')).toBe('protected');
    await page.getByText('Security score: 40 out of 100', { exact: false }).waitFor();

    // Back returns to write with the message kept.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Write your message' }).waitFor();
    expect(await page.getByTestId('mobile-message').textContent()).toContain('Locker 12');
    await continueButton.click();

    // A switched-on password must be typed: nothing is sent without it.
    await toggle.check();
    const notesPosts = () => bodies.filter((body) => body.includes('"verifier"')).length;
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByText('Enter a password, or turn password protection off.').waitFor();
    expect(notesPosts()).toBe(0);
    // The generator fills the field and shows what it made; a 5-minute life is offered too.
    await page.getByRole('button', { name: 'Generate a password' }).click();
    const generated = page.getByLabel('Generated secret');
    await expect.poll(() => generated.inputValue()).toMatch(/^\S{20}$/);
    const made = await generated.inputValue();
    await page.getByRole('button', { name: 'Use as password' }).click();
    const passwordField = page.getByLabel('Password', { exact: true });
    expect(await passwordField.inputValue()).toBe(made);
    expect(await passwordField.getAttribute('type')).toBe('text');
    await page.getByRole('radio', { name: '5 minutes', exact: true }).check();
    await passwordField.fill('orange kite');
    await page.getByRole('radio', { name: '1 hour' }).check();
    expect(await level.getAttribute('data-level')).toBe('maximum');
    await shot(page, 'en-iphone-4-security');

    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByTestId('mobile-share').waitFor();
    await page.getByText('Note created!', { exact: true }).waitFor();
    await page.getByText('Your secure message is ready to share', { exact: true }).waitFor();
    const link = await page.getByTestId('mobile-share-link').inputValue();
    const [noteUrl, linkKey] = link.split('#');
    expect(noteUrl).toMatch(new RegExp(`^${app.url}/note/[A-Za-z0-9_-]{22}$`));
    expect(linkKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(() => page.getByRole('img', { name: 'QR code of the note link' }).getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    await shot(page, 'en-iphone-5-share');

    // Copy puts the whole link, key included, on the clipboard.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied!', { exact: true }).first().waitFor();
    await page.getByText('Link copied to clipboard', { exact: true }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);

    // The protocol of the web: a password (kdf) and ciphertext only went to the server.
    const post = bodies.find((body) => body.includes('"verifier"'));
    expect(post).toBeDefined();
    const sent = JSON.parse(post!) as { kdf: unknown; expiration: string; content: string };
    expect(sent.kdf).not.toBeNull();
    expect(sent.expiration).toBe('1h');
    expect(sent.content).toMatch(/^v1\./);
    for (const body of bodies) {
      expect(body).not.toContain(linkKey);
      expect(body).not.toContain('orange kite');
      expect(body).not.toContain('Locker 12');
    }

    // Create Another Note: back to writing, empty, defaults restored.
    await page.getByRole('button', { name: 'Create Another Note' }).click();
    await page.getByRole('heading', { name: 'Write your message' }).waitFor();
    expect(await page.getByTestId('mobile-message').textContent()).toContain('Tap here to write');
    expect(await continueButton.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('mobile-share-link').count()).toBe(0);

    // Made on the phone, read in the desktop-width web viewer.
    expect(await readOnDesktop(link, 'orange kite')).toBe(secret);
  });

  it('keeps each tab’s state while another tab is shown', async () => {
    const { page } = await phone(ANDROID_SMALL);
    await open(page, ANDROID_SMALL, '/mobile');
    await writeMessage(page, 'kept across tabs');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: '7 days' }).check();

    await tab(page, 'Settings').click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mobile/settings');
    await tab(page, 'Chat').click();
    await page.getByRole('radio', { name: /30 minutes/ }).check();
    await tab(page, 'Create').click();

    // Still on the security step, with its choices.
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    expect(await page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByTestId('mobile-message').textContent()).toContain('kept across tabs');
    await tab(page, 'Chat').click();
    expect(await page.getByRole('radio', { name: /30 minutes/ }).isChecked()).toBe(true);
  });

  it('a switched-off password is not used, and a failed upload says so and keeps the note', async () => {
    const { page, bodies } = await phone(ANDROID_SMALL);
    await open(page, ANDROID_SMALL, '/mobile');
    await writeMessage(page, 'no password after all');
    await page.getByRole('button', { name: 'Continue' }).click();
    const toggle = page.getByRole('switch', { name: 'Password protection' });
    await toggle.check();
    await page.getByLabel('Password', { exact: true }).fill('typed then dropped');
    await toggle.uncheck();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);

    // The server cannot be reached: the toast says so, nothing is lost.
    await page.route('**/api/notes', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByText('Failed to create note', { exact: true }).waitFor();
    await page.getByText('Network error. Please check your connection.').first().waitFor();
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Secure Note' }).isEnabled()).toBe(true);
    problems.at(-1)!.expected404 = true;

    await page.unroute('**/api/notes');
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    const link = await page.getByTestId('mobile-share-link').inputValue();
    const sent = JSON.parse(bodies.find((body) => body.includes('"verifier"'))!) as {
      kdf: unknown;
      expiration: string;
    };
    expect(sent.kdf).toBeNull();
    expect(sent.expiration).toBe('1d');
    for (const body of bodies) expect(body).not.toContain('typed then dropped');
    // No password is asked for when it is read.
    expect(await readOnDesktop(link)).toBe('no password after all');
  });

  it('holds back a message over the limit and says why', async () => {
    const { page } = await phone(ANDROID_320);
    await open(page, ANDROID_320, '/mobile');
    await writeMessage(page, 'x'.repeat(50_001));
    await page
      .getByText('Content is too long. Maximum 50,000 characters allowed.')
      .filter({ visible: true })
      .waitFor();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    expect(await continueButton.getAttribute('aria-disabled')).toBe('true');
    // A tap opens the editor again to shorten it.
    await continueButton.click({ force: true });
    const editor = page.getByRole('dialog', { name: 'Your message' });
    await editor.waitFor();
    await editor.getByLabel('Note content').fill('x'.repeat(50_000));
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => continueButton.getAttribute('aria-disabled')).toBe('false');
    await continueButton.click();
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
  });

  it('a note made on the desktop web opens on the phone', async () => {
    const sender = await desktop();
    await sender.goto(app.url);
    await sender.getByLabel('Note content').fill('from the big screen');
    await sender.getByLabel('Password (optional)').fill('lantern');
    await sender.getByRole('button', { name: 'Create Secure Note' }).click();
    const link = await sender.getByTestId('share-link').inputValue();

    const { page } = await phone(IPHONE);
    await page.goto(link);
    await page.getByRole('button', { name: 'Yes, I am 17 or older' }).click();
    await page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await page.getByLabel('Password', { exact: true }).fill('lantern');
    await page.getByRole('button', { name: 'Unlock Note' }).click();
    await page.getByTestId('note-text').waitFor();
    expect(await page.getByTestId('note-text').textContent()).toBe('from the big screen');
  });

  it('the chat tab creates a room that opens inside the shell, and rejoins it later', async () => {
    const { page } = await phone(IPHONE);
    await open(page, IPHONE, '/mobile/chat');
    await page.getByRole('heading', { name: 'Private chat', level: 1 }).waitFor();
    expect(await tab(page, 'Chat').getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('radio', { name: /15 minutes/ }).isChecked()).toBe(true);
    await shot(page, 'en-iphone-6-chat');
    await page.getByRole('radio', { name: '5 minutes', exact: true }).check();
    await page.getByRole('button', { name: 'Create Chat Session' }).click();

    await page.waitForURL(/\/mobile-chat\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);
    const roomUrl = page.url();
    await page.getByText('Chat room created!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Secure chat' }).waitFor();
    expect(await page.getByTestId('chat-countdown').innerText()).toMatch(/^[45]:\d\d$/);
    // The room sits in the shell: its tab bar, Chat marked, no footer.
    expect(await tab(page, 'Chat').getAttribute('aria-current')).toBe('page');
    expect(await page.locator('footer').count()).toBe(0);
    // The composer sits above the tab bar, inside the screen.
    const composerBox = await page.getByRole('textbox', { name: 'Message' }).boundingBox();
    const barBox = await page.getByRole('navigation', { name: 'App sections' }).boundingBox();
    expect(composerBox!.y + composerBox!.height).toBeLessThanOrEqual(barBox!.y);
    expect(barBox!.y + barBox!.height).toBeCloseTo(IPHONE.viewport.height, 0);
    await shot(page, 'en-iphone-7-room');

    // A partner on a desktop joins through the same key; both see the same safety code.
    const partner = await desktop();
    await partner.goto(roomUrl.replace('/mobile-chat/', '/chat/'));
    const code = page.getByTestId('chat-safety-code');
    await code.waitFor();
    await expect
      .poll(() => partner.getByTestId('chat-safety-code').innerText())
      .toBe(await code.innerText());

    // Away to another tab and back: the Chat tab offers the room still running.
    await tab(page, 'Create').click();
    await page.getByRole('heading', { name: 'New secure note', level: 1 }).waitFor();
    await tab(page, 'Chat').click();
    const current = page.getByTestId('mobile-current-room');
    await current.waitFor();
    await current.getByText(/^Ends in [45]:\d\d$/).waitFor();
    await shot(page, 'en-iphone-8-current-room');
    await current.getByRole('link', { name: 'Rejoin room' }).click();
    await page.waitForURL(roomUrl);
    await page.getByRole('heading', { name: 'Secure chat' }).waitFor();
    await expect.poll(() => page.getByTestId('chat-participants').innerText()).toContain('2/2');

    // "Start a new room instead" forgets it and shows the duration choice again.
    await tab(page, 'Chat').click();
    await page.getByRole('button', { name: 'Start a new room instead' }).click();
    await page.getByRole('button', { name: 'Create Chat Session' }).waitFor();
  });

  it('settings: about, version, the server in use, and the language (Arabic, right to left)', async () => {
    const { page } = await phone(ANDROID_SMALL);
    await open(page, ANDROID_SMALL, '/mobile/settings');
    await page.getByRole('heading', { name: 'About' }).waitFor();
    const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string })
      .version;
    await page.getByText(`Version ${version}`, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'What the server can see' }).waitFor();
    await page.getByRole('heading', { name: 'What the server cannot see' }).waitFor();
    // Filled in once the app has taken the page over: the build cannot know the server.
    await expect.poll(() => page.getByTestId('mobile-server-origin').innerText()).toBe(app.url);
    await shot(page, 'en-android-360-settings');

    await page.getByLabel('Interface language').selectOption('ar');
    await page.getByRole('heading', { name: 'الإعدادات', level: 1 }).waitFor();
    expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
    expect(await page.evaluate('document.documentElement.lang')).toBe('ar');
    await page
      .getByRole('navigation', { name: 'أقسام التطبيق' })
      .getByRole('link', { name: 'إنشاء' })
      .waitFor();
    await shot(page, 'ar-android-360-settings');
    // The choice is remembered like the site's own switcher.
    await page.reload();
    await page.getByRole('heading', { name: 'الإعدادات', level: 1 }).waitFor();
  });

  /** Everything a finger can hit that is smaller than 44 × 44 CSS pixels (label included). */
  /** Controls smaller than a fingertip, within `scope` (a selector). */
  function smallTargets(page: Page, scope = 'body'): Promise<string[]> {
    return page.evaluate((scope) => {
      const MIN = 44;
      const selector = 'a[href], button, input, select, textarea, summary, [role="switch"]';
      const small: string[] = [];
      const root = document.querySelector(scope) ?? document.body;
      for (const element of root.querySelectorAll<HTMLElement>(selector)) {
        let rect = element.getBoundingClientRect();
        // Off screen (the skip link until focused) or not rendered (a closed dialog).
        if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0) continue;
        // A control inside its label is hit through the whole label.
        const label = element.closest('label');
        if (label) {
          const labelRect = label.getBoundingClientRect();
          if (labelRect.width * labelRect.height > rect.width * rect.height) rect = labelRect;
        }
        if (rect.width < MIN || rect.height < MIN) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
          small.push(
            `${element.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
          );
        }
      }
      return small;
    }, scope);
  }

  /** Serious and critical axe findings, within `scope` (a selector) when one is given. */
  async function seriousAxeViolations(page: Page, scope?: string): Promise<string[]> {
    const results = await accessibilityViolations(page, scope);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 200)).join(' | ')}`,
      );
  }

  /**
   * Every screen of the shell on one device and language: no sideways scrolling, targets a
   * finger can hit, no serious axe violation (in English), and a screenshot for a human look.
   */
  async function tour(device: Device, locale: 'en' | 'ar') {
    const ar = locale === 'ar';
    const { page } = await phone(device, { locale: ar ? 'ar' : 'en-US' });
    const checked: string[] = [];
    /**
     * `scope`: where targets must be finger-sized and axe finds nothing serious (a site page's own
     * header is the site's, not the shell's).
     */
    async function check(screen: string, scope?: string) {
      // Measured at rest, not halfway through a dialog's or toast's entrance (spinners spin on).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await smallTargets(page, scope), `${screen} has small targets`).toEqual([]);
      // axe follows the markup and colours, which the reading direction does not change: the
      // English tour runs it, the Arabic one checks what right to left can break.
      if (!ar) expect(await seriousAxeViolations(page, scope), `${screen} (axe)`).toEqual([]);
      await shot(page, `${locale}-${device.name}-${screen}`);
      checked.push(screen);
    }
    const say = (english: string, arabic: string) => (ar ? arabic : english);
    const tabLink = (english: string, arabic: string) =>
      page
        .getByRole('navigation', { name: say('App sections', 'أقسام التطبيق') })
        .getByRole('link', { name: say(english, arabic) });

    // An Android phone: no age question (only iOS asks it).
    await page.goto(`${app.url}/mobile`);
    await page
      .getByRole('heading', { level: 1, name: say('New secure note', 'ملاحظة آمنة جديدة') })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(ar ? 'rtl' : 'ltr');
    await appStarted(page);
    await check('write');

    await page.getByTestId('mobile-message').click();
    const editor = page.getByRole('dialog');
    await editor.waitFor();
    await editor
      .getByRole('textbox')
      .fill(say('Meet at the north gate at nine.', 'نلتقي عند البوابة الشمالية في التاسعة.'));
    await check('editor');
    await editor.getByRole('button', { name: say('Save', 'حفظ') }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    await check('write-filled');

    await page.getByRole('button', { name: say('Continue', 'متابعة') }).click();
    await page.getByRole('switch').check();
    await page.getByLabel(say('Password', 'كلمة المرور'), { exact: true }).fill('tulip 7');
    await check('security');
    await page.getByRole('button', { name: say('Generate a password', 'إنشاء كلمة مرور') }).click();
    await page.getByLabel(say('Generated secret', 'السرّ المُنشأ')).waitFor();
    await check('generator');

    await page
      .getByRole('button', { name: say('Create Secure Note', 'إنشاء ملاحظة آمنة') })
      .click();
    await page.getByTestId('mobile-share').waitFor();
    await expect.poll(() => page.getByRole('img').last().getAttribute('src')).toMatch(/^data:/);
    const statusLink = await page.getByTestId('status-link').inputValue();
    await check('share');

    await tabLink('Chat', 'دردشة').click();
    await page
      .getByRole('button', { name: say('Create Chat Session', 'إنشاء جلسة دردشة') })
      .waitFor();
    await check('chat');
    await page
      .getByRole('button', { name: say('Create Chat Session', 'إنشاء جلسة دردشة') })
      .click();
    await page.waitForURL(/\/mobile-chat\//);
    await page.getByTestId('chat-countdown').waitFor();
    await check('room');
    // The room fills the screen between the bars exactly: only its messages scroll.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    await tabLink('Chat', 'دردشة').click();
    await page.getByTestId('mobile-current-room').getByRole('link').waitFor();
    await check('current-room');

    await tabLink('Settings', 'الإعدادات').click();
    await page.getByTestId('mobile-server-origin').waitFor();
    await check('settings');

    // The sender's status link on the phone, a page of the site: waiting, then "Destroy now",
    // asked twice. Its own controls are finger-sized (the site's header is checked elsewhere).
    await page.goto(statusLink);
    await page
      .getByRole('heading', { name: say('Waiting to be read', 'بانتظار القراءة') })
      .waitFor();
    await check('status', 'main');
    await page.getByRole('button', { name: say('Destroy now', 'أتلِفها الآن') }).click();
    await page.getByRole('button', { name: say('Yes, destroy it', 'نعم، أتلِفها') }).click();
    await page.getByRole('heading', { name: say('Destroyed by you', 'أتلفتَها أنت') }).waitFor();
    return checked;
  }

  // The narrowest Android in both reading directions: what fits at 320 px fits on the wider
  // phones (the 360 px phone's settings screen and the iPhone's flows are checked above), and
  // axe's findings do not change with the width.
  for (const locale of ['en', 'ar'] as const) {
    it(`${ANDROID_320.name} ${ANDROID_320.viewport.width}×${ANDROID_320.viewport.height}, ${locale}: every screen fits and is touchable${locale === 'en' ? ', and passes axe' : ''}`, async () => {
      expect(await tour(ANDROID_320, locale)).toHaveLength(11);
    });
  }

  it('is installable: manifest, icons and service worker served as a browser expects', async () => {
    const manifestResponse = await fetch(`${app.url}/manifest.webmanifest`);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifestResponse.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/mobile', scope: '/', display: 'standalone' });
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(purposes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const response = await fetch(`${app.url}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      // PNG header: width and height, big-endian, at bytes 16 and 20.
      const [width] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, width]);
    }

    const worker = await fetch(`${app.url}/sw.js`);
    expect(worker.headers.get('content-type')).toContain('text/javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    // Chromium's own verdict, in a normal (not off-the-record) profile: nothing is missing.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-profile-'));
    const installed = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
      viewport: ANDROID_SMALL.viewport,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await installed.newPage();
      await page.goto(`${app.url}/mobile`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await installed.newCDPSession(page);
      expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
    } finally {
      await installed.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }

    const html = await (await fetch(`${app.url}/mobile`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('href="/icons/apple-touch-icon.png"');
    // The strict CSP stays: no inline script was added for the worker.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('the service worker caches the app shell only, never an API answer, and opens offline', async () => {
    const own = await startWebApp('embedded');
    let running = true;
    try {
      const { page } = await phone(ANDROID_SMALL, { baseUrl: own.url });
      const fromWorker: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api') && response.fromServiceWorker()) {
          fromWorker.push(response.url());
        }
      });
      await open(page, ANDROID_SMALL, '/mobile', own.url);
      // Installed and in control of this very page (clientsClaim).
      await page.evaluate(() => navigator.serviceWorker.ready);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
        .toBe(`${own.url}/sw.js`);

      // Use the app through the worker: a note (config, create) and a room (create, status).
      const link = await createOnPhone(page, { text: 'cached? never', password: 'moth' });
      expect(link).toContain('#');
      await tab(page, 'Chat').click();
      await page.getByRole('button', { name: 'Create Chat Session' }).click();
      await page.waitForURL(/\/mobile-chat\//);
      await tab(page, 'Chat').click();
      await page.getByTestId('mobile-current-room').getByRole('link').waitFor();
      expect(fromWorker).toEqual([]);

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls;
      });
      const paths = cached.map((url) => new URL(url).pathname);
      expect(paths.filter((cachedPath) => cachedPath.startsWith('/api'))).toEqual([]);
      const allowed = new Set(precacheList());
      expect(paths.filter((cachedPath) => !allowed.has(cachedPath))).toEqual([]);
      expect(paths).toContain('/index.html');
      expect(paths).toContain('/manifest.webmanifest');
      // Nothing typed or made here is in any cached body either.
      const bodies = await page.evaluate(async () => {
        const texts: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            texts.push((await (await cache.match(request))?.text()) ?? '');
          }
        }
        return texts.join('\n');
      });
      expect(bodies).not.toContain('cached? never');
      expect(bodies).not.toContain(link.split('#')[1]);

      // The server goes away: the shell still opens from the cache...
      await own.stop();
      running = false;
      await page.goto(`${own.url}/mobile/settings`);
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      // ...but a note link is never answered by the cached shell (it would strip the key and
      // fail): the browser's own error page keeps the link for a retry.
      await expect(page.goto(link)).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
      problems.at(-1)!.expected404 = true;
    } finally {
      if (running) await own.stop();
    }
  });

  it('left no console error, page error or CSP violation behind', () => {
    for (const { found, expected404 } of problems) {
      expect(found.cspViolations).toEqual([]);
      expect(found.pageErrors).toEqual([]);
      const unexpected = found.consoleErrors.filter(
        (text) => !(expected404 && text.includes('Failed to load resource')),
      );
      expect(unexpected).toEqual([]);
    }
  });
});
