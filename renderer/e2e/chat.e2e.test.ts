import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api/paths.ts';
import { generateRoomKey } from '../../shared/crypto/index.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import {
  closeContexts,
  freshContext,
  launchBrowser,
  seriousAccessibilityProblems,
  startWebApp,
  watchPage,
} from './harness.ts';
import type { PageProblems } from './harness.ts';

/** Fast timers so drops and expiry happen within a test; a generous creation budget. */
const FAST_CHAT = {
  chat: {
    rejoinGraceMs: 2000,
    tickMs: 250,
    sweepIntervalMs: 500,
    rateRules: { create: { limit: 1000, windowSeconds: 60 } },
  },
};

/** Where screenshots for a human look go (not asserted). */
const SHOTS = process.env.CHAT_SHOTS_DIR;

const ROOM_ID = /\/chat\/([A-Za-z0-9_-]{22})#([A-Za-z0-9_-]{43})$/;

describe('chat in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: PageProblems[] = [];

  beforeAll(async () => {
    t = await startWebApp('embedded', {}, FAST_CHAT);
    browser = await launchBrowser();
  });

  afterEach(() => closeContexts(contexts));

  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function openPage(
    url: string,
    options: {
      locale?: string;
      viewport?: { width: number; height: number };
      /** Keep a handle on the page's sockets, so a test can cut one. */
      trackSockets?: boolean;
    } = {},
  ): Promise<Page> {
    const context = await freshContext(browser, options);
    if (options.trackSockets) {
      // A string, as it runs in the page (these tests compile without the DOM library).
      await context.addInitScript({
        content: `{
          const Native = window.WebSocket;
          window.sockets = [];
          window.WebSocket = class extends Native {
            constructor(url, protocols) {
              super(url, protocols);
              window.sockets.push(this);
            }
          };
        }`,
      });
    }
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    contexts.push(context);
    const page = await context.newPage();
    problems.push(watchPage(page));
    await page.goto(url);
    return page;
  }

  async function newRoom(duration = '15'): Promise<{ id: string; link: string }> {
    const response = await fetch(`${t.url}${apiPaths.chatCreate}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ duration }),
    });
    const { sessionId } = (await response.json()) as { sessionId: string };
    return { id: sessionId, link: `${t.url}/chat/${sessionId}#${await generateRoomKey()}` };
  }

  const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
  const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
  /** Keyed with the partner: the box invites a message to send. */
  const ready = (page: Page) =>
    expect.poll(() => composer(page).getAttribute('placeholder')).toBe('Type your message...');
  const safetyCode = (page: Page) => page.getByTestId('chat-safety-code');
  const participants = (page: Page) => page.getByTestId('chat-participants');

  async function shot(page: Page, name: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }

  async function expectNoProblems() {
    for (const found of problems) {
      expect(found.cspViolations).toEqual([]);
      expect(found.pageErrors).toEqual([]);
      // A socket refused for a full room or a deliberately dropped connection may log nothing
      // else; any other console error is a bug.
      expect(found.consoleErrors).toEqual([]);
    }
  }

  it('creates a room, two people verify the same safety code and talk both ways', async () => {
    const alice = await openPage(`${t.url}/chat`);
    await expect
      .poll(() => alice.getByRole('radio', { name: /15 minutes/ }).isChecked())
      .toBe(true);
    await shot(alice, 'create-desktop');
    await alice.getByRole('button', { name: 'Create Chat Session' }).click();
    await alice.waitForURL(ROOM_ID);
    const link = alice.url();
    const [, roomId, roomKey] = ROOM_ID.exec(link)!;

    await alice.getByRole('heading', { name: 'Secure chat' }).waitFor();
    await alice
      .getByText(/Welcome! You are participant 1\/2\. Session expires in 1[45]:\d\d\./)
      .waitFor();
    await alice.getByText('Waiting for your partner…').waitFor();
    expect(await composer(alice).getAttribute('placeholder')).toBe('Waiting for your partner...');
    // Alice can write already; Enter keeps her message in the box, unsent, until Bob is there.
    const fromAlice = 'Meet at the blue door 7731, bring the folder';
    await composer(alice).fill(fromAlice);
    await composer(alice).press('Enter');
    expect(await composer(alice).inputValue()).toBe(fromAlice);
    expect(await sendButton(alice).isDisabled()).toBe(true);
    await alice.getByText(/^You can write now: your message stays here, unsent/).waitFor();
    expect(await participants(alice).innerText()).toContain('1/2');
    expect(await alice.getByTestId('chat-countdown').innerText()).toMatch(/^1[45]:\d\d$/);

    // Share copies the room link, key included.
    await alice.getByRole('button', { name: 'Share: Copy the link to this chat room' }).click();
    await alice.getByText('Link Copied', { exact: true }).waitFor();
    await alice.getByText('Share this link with your chat partner', { exact: true }).waitFor();
    expect(await alice.evaluate('navigator.clipboard.readText()')).toBe(link);
    await shot(alice, 'room-waiting-desktop');

    const bob = await openPage(link);
    await bob.getByText('Welcome! You are participant 2/2.', { exact: false }).waitFor();
    await alice.getByText('Another participant has joined. The conversation can begin.').waitFor();

    // Both ends derive the same session key, so they show the same code.
    await safetyCode(alice).waitFor();
    await safetyCode(bob).waitFor();
    const code = await safetyCode(alice).innerText();
    expect(code).toMatch(/^\d{5} \d{5} \d{5} \d{5}$/);
    await expect.poll(() => safetyCode(bob).innerText()).toBe(code);
    expect(await participants(bob).innerText()).toContain('2/2');
    await ready(alice);
    await ready(bob);
    expect(await sendButton(alice).isEnabled()).toBe(true);
    // A live room passes axe as every other page does.
    expect(await seriousAccessibilityProblems(alice)).toEqual([]);

    // What she wrote while alone goes now, and only now.
    expect(await bob.getByTestId('chat-peer').count()).toBe(0);
    expect(await composer(alice).inputValue()).toBe(fromAlice);
    await composer(alice).press('Enter');
    await bob.getByTestId('chat-peer').filter({ hasText: fromAlice }).waitFor();
    await alice.getByTestId('chat-own').filter({ hasText: fromAlice }).waitFor();
    expect(await alice.getByTestId('chat-own').innerText()).toContain('You');
    expect(await bob.getByTestId('chat-peer').innerText()).toContain('Participant');
    expect(await composer(alice).inputValue()).toBe('');

    // Shift+Enter makes a new line; Enter sends.
    await composer(bob).click();
    await bob.keyboard.type('Understood, purple falcon');
    await bob.keyboard.press('Shift+Enter');
    await bob.keyboard.type('second line 4482');
    expect(await composer(bob).inputValue()).toBe('Understood, purple falcon\nsecond line 4482');
    await bob.keyboard.press('Enter');
    const received = alice.getByTestId('chat-peer').filter({ hasText: 'purple falcon' });
    await received.waitFor();
    expect(await received.innerText()).toContain('Understood, purple falcon\nsecond line 4482');
    // Not echoed: Bob sees his own message once, as his.
    expect(await bob.getByTestId('chat-own').count()).toBe(1);
    expect(await bob.getByTestId('chat-peer').count()).toBe(1);
    await shot(alice, 'room-active-desktop');

    // The counter and the limit.
    await composer(alice).fill('x'.repeat(1200));
    expect((await composer(alice).inputValue()).length).toBe(1000);
    await alice.getByText('1000/1000').waitFor();
    await composer(alice).fill('');

    // Bob closes his tab: Alice is told, and is alone again.
    await bob.close({ runBeforeUnload: true });
    await alice.getByText('The other participant has left the chat.').waitFor();
    await expect.poll(() => participants(alice).innerText()).toContain('1/2');
    await composer(alice).fill('nobody to send this to');
    expect(await sendButton(alice).isDisabled()).toBe(true);
    expect(await alice.getByTestId('chat-dropped').count()).toBe(0);

    // Nothing secret reached the server's logs.
    const logs = t.logs.join('\n');
    for (const secret of [fromAlice, 'purple falcon', 'second line 4482', roomKey, code]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain(roomId);
    await expectNoProblems();
  });

  it('turns a third person away with Session Full and sends them to /chat', async () => {
    const { link } = await newRoom();
    const first = await openPage(link);
    await first.getByText('Waiting for your partner…').waitFor();
    const second = await openPage(link);
    await safetyCode(second).waitFor();

    const third = await openPage(link);
    await third.getByRole('heading', { name: 'Session Full' }).waitFor();
    await third
      .getByText(
        'This chat session already has the maximum number of participants. Redirecting to create a new session...',
      )
      .first()
      .waitFor();
    await shot(third, 'room-full-desktop');
    await third.waitForURL(`${t.url}/chat`, { timeout: 6000 });
    await third.getByRole('button', { name: 'Create Chat Session' }).waitFor();
    // The two inside were not disturbed.
    expect(await participants(first).innerText()).toContain('2/2');
    await expectNoProblems();
  });

  it('shows the expired view when the room ends', async () => {
    const { id, link } = await newRoom('5');
    const page = await openPage(link);
    await page.getByText('Waiting for your partner…').waitFor();
    await sql`update chat_room set expires_at = now() + interval '3 seconds' where id = ${id}`.execute(
      t.server.database.sql,
    );
    await expect.poll(() => page.getByTestId('chat-countdown').innerText()).toMatch(/^0:0[0-3]$/);
    await page.getByRole('heading', { name: 'Session Expired' }).waitFor({ timeout: 10_000 });
    await page
      .getByText('This chat session has ended and all messages have been permanently destroyed.')
      .waitFor();
    await shot(page, 'room-expired-desktop');
    await page.getByRole('link', { name: 'Start a new chat' }).click();
    await page.waitForURL(`${t.url}/chat`);
    await expectNoProblems();
  });

  it('ends the room on its own countdown when the server goes silent, with the mobile toast', async () => {
    const { id, link } = await newRoom('5');
    const key = link.split('#')[1];
    const context = await freshContext(browser, { viewport: { width: 390, height: 844 } });
    contexts.push(context);
    // Every frame and the close from the server pass through here; once silent, none does.
    let silent = false;
    await context.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (!silent) ws.send(message);
      });
      ws.onMessage((message) => server.send(message));
      server.onClose((code, reason) => {
        if (!silent) void ws.close({ code, reason });
      });
    });
    const page = await context.newPage();
    problems.push(watchPage(page));
    await page.goto(`${t.url}/mobile-chat/${id}#${key}`);
    await page.getByText('Waiting for your partner…').waitFor();
    expect(await page.getByTestId('chat-countdown').innerText()).toMatch(/^[45]:\d\d$/);

    // The 5-minute room ends in a few seconds; the server's time updates carry that over.
    await sql`update chat_room set expires_at = now() + interval '4 seconds' where id = ${id}`.execute(
      t.server.database.sql,
    );
    await expect.poll(() => page.getByTestId('chat-countdown').innerText()).toMatch(/^0:0[0-4]$/);
    // From here on the page hears nothing: no time_update, no session_expired, no close. Only
    // its own countdown can take it to the expired view.
    silent = true;
    await page.getByRole('heading', { name: 'Session Expired' }).waitFor({ timeout: 10_000 });
    const toast = page
      .locator('[data-variant="destructive"]')
      .filter({ hasText: 'Session Expired' });
    await toast.getByText('This chat room has expired').waitFor();
    await shot(page, 'mobile-expired-silent');
    await expectNoProblems();
  });

  it('shows Invalid Chat Room for unknown rooms, malformed ids and links without a key', async () => {
    const key = await generateRoomKey();
    for (const url of [
      `/chat/AAAAAAAAAAAAAAAAAAAAAA#${key}`,
      `/chat/not-a-room#${key}`,
      `/chat/${(await newRoom()).id}`,
      `/mobile-chat/AAAAAAAAAAAAAAAAAAAAAA#${key}`,
    ]) {
      const page = await openPage(`${t.url}${url}`);
      await page.getByRole('heading', { name: 'Invalid Chat Room' }).waitFor();
      await page.getByText('This chat room link is invalid or expired.').waitFor();
      if (url.startsWith('/mobile')) await shot(page, 'mobile-invalid');
    }
    await expectNoProblems();
  });

  it('lets a phone (mobile room) and a desktop talk with the same encryption', async () => {
    const { id, link } = await newRoom();
    const key = link.split('#')[1];
    const phone = await openPage(`${t.url}/mobile-chat/${id}#${key}`, {
      viewport: { width: 390, height: 844 },
    });
    await phone.getByText('Waiting for your partner…').waitFor();
    expect(await phone.locator('footer').count()).toBe(0);
    await shot(phone, 'mobile-waiting');
    const desk = await openPage(link, { locale: 'ar' });
    await safetyCode(phone).waitFor();
    await safetyCode(desk).waitFor();
    await expect.poll(() => safetyCode(desk).innerText()).toBe(await safetyCode(phone).innerText());
    await ready(phone);
    await composer(phone).fill('from the phone ✓ 😀');
    await composer(phone).press('Enter');
    await desk.getByTestId('chat-peer').filter({ hasText: 'from the phone ✓ 😀' }).waitFor();
    const deskComposer = desk.locator('textarea');
    await deskComposer.fill('مرحبا من الحاسوب');
    await deskComposer.press('Enter');
    await phone.getByTestId('chat-peer').filter({ hasText: 'مرحبا من الحاسوب' }).waitFor();
    await shot(phone, 'mobile-active');
    await shot(desk, 'room-active-arabic');
    expect(await desk.evaluate('document.documentElement.dir')).toBe('rtl');
    await expectNoProblems();
  });

  it('shows the create page translated and right-to-left in Arabic on a phone', async () => {
    const page = await openPage(`${t.url}/chat`, {
      locale: 'ar',
      viewport: { width: 390, height: 844 },
    });
    await page.getByRole('button', { name: 'إنشاء جلسة دردشة' }).waitFor();
    expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
    await shot(page, 'create-arabic-390');
    await page.getByRole('radio', { name: /5 دقائق/ }).check();
    await page.getByRole('button', { name: 'إنشاء جلسة دردشة' }).click();
    await page.getByRole('heading', { name: 'دردشة آمنة' }).waitFor();
    await page.getByText('في انتظار الطرف الآخر…').waitFor();
    expect(await page.getByTestId('chat-countdown').innerText()).toMatch(/^[45]:\d\d$/);
    await shot(page, 'room-waiting-arabic-390');
    await expectNoProblems();
  });

  it('reconnects a dropped socket to the same seat and re-keys', async () => {
    const { link } = await newRoom();
    const alice = await openPage(link);
    await alice.getByText('Waiting for your partner…').waitFor();
    const bob = await openPage(link, { trackSockets: true });
    await safetyCode(bob).waitFor();
    const before = await safetyCode(bob).innerText();

    // Bob's connection drops (no leave): he comes back within the grace period, same seat.
    await bob.evaluate('for (const socket of window.sockets) socket.close()');
    await expect.poll(() => safetyCode(bob).innerText(), { timeout: 15_000 }).not.toBe(before);
    await expect.poll(() => safetyCode(alice).innerText()).toBe(await safetyCode(bob).innerText());
    expect(await participants(alice).innerText()).toContain('2/2');
    expect(await alice.getByText('The other participant has left the chat.').count()).toBe(0);

    await ready(bob);
    await composer(bob).fill('after the reconnect');
    await composer(bob).press('Enter');
    await alice.getByTestId('chat-peer').filter({ hasText: 'after the reconnect' }).waitFor();
    await expectNoProblems();
  });
});
