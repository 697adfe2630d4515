import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import type { ServerConnection } from '../../shared/desktop-settings.ts';
import { appResponse, resolveAppRequest } from '../../electron/main/renderer-files.ts';
import {
  closeContexts,
  freshContext,
  launchBrowser,
  startWebApp,
  watchPage,
  WEB_DIR,
} from './harness.ts';
import type { PageProblems } from './harness.ts';
import { installFakeBridge, type FakeShellRecord } from './fakeDesktopBridge.ts';

/**
 * The renderer's desktop paths, without Electron: the built renderer is served the way the
 * app's `app://ashnote` protocol serves it (the same request checks, the same per-page content
 * policy naming the server in use), on an origin of its own, and a fake preload bridge stands
 * in for the desktop shell. The "hosted" server is a real backend on another origin. Links,
 * API calls and the chat socket must all go to that server, never to the page's own origin,
 * and a link made here must open in a plain browser. Build first: `npm run build:web`.
 */

let browser: Browser;
let hosted: TestServer;
let shell: { url: string; close(): Promise<void> };
let connection: ServerConnection;
const contexts: BrowserContext[] = [];

/** The app protocol's handler over http: what the desktop window would get from app://. */
async function serveLikeTheAppProtocol(
  current: () => ServerConnection,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const decision = resolveAppRequest(
      { method, url: `app://ashnote${request.url ?? '/'}` },
      WEB_DIR,
    );
    const answer = appResponse(decision, method, current());
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body ?? undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface DesktopPage {
  page: Page;
  problems: PageProblems;
  /** Every request the page made: method and full URL. */
  requests: string[];
  sockets: string[];
  shell: () => Promise<FakeShellRecord>;
}

async function openDesktopPage(given: ServerConnection = connection): Promise<DesktopPage> {
  const context = await freshContext(browser);
  contexts.push(context);
  await context.addInitScript(installFakeBridge, given);
  const page = await context.newPage();
  const problems = watchPage(page);
  const requests: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto(shell.url);
  // The desktop app asks the age question at start (spec §2), before anything else.
  await page.getByRole('button', { name: 'Yes, I am 17 or older' }).click();
  return {
    page,
    problems,
    requests,
    sockets,
    shell: () => page.evaluate(() => (window as unknown as { __shell: FakeShellRecord }).__shell),
  };
}

async function openPlainPage(url: string): Promise<Page> {
  const context = await freshContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function createNote(page: Page, text: string): Promise<string> {
  await page.getByLabel('Note content').fill(text);
  await page.getByRole('button', { name: 'Create Secure Note' }).click();
  await page.getByTestId('share-panel').waitFor();
  return page.getByTestId('share-link').inputValue();
}

async function readNote(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Read and Destroy Note' }).click();
  const text = page.getByTestId('note-text');
  await text.waitFor();
  return text.innerText();
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The page's origin must exist before the hosted server can allow it (a test-only option).
  shell = await serveLikeTheAppProtocol(() => connection);
  hosted = await startWebApp('embedded', {}, { extraAllowedOrigins: [shell.url] });
  connection = {
    mode: 'hosted',
    apiOrigin: hosted.url,
    publicOrigin: hosted.url,
    linkReach: 'anyone',
  };
});

afterEach(() => closeContexts(contexts));

afterAll(async () => {
  await browser?.close();
  await Promise.all([hosted?.stop(), shell?.close()]);
});

describe('the renderer on a desktop platform whose server is another origin', () => {
  it('sends API calls to the hosted server and makes links a plain browser opens', async () => {
    const desktop = await openDesktopPage();
    const link = await createNote(desktop.page, 'made in the desktop app');

    expect(link).toMatch(new RegExp(`^${hosted.url}/note/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$`));
    const api = desktop.requests.filter((request) => request.includes('/api/'));
    expect(api.some((request) => request.startsWith(`POST ${hosted.url}/api/notes`))).toBe(true);
    expect(api.some((request) => request.startsWith(`GET ${hosted.url}/api/config`))).toBe(true);
    expect(api.filter((request) => !request.includes(`${hosted.url}/api/`))).toEqual([]);
    // Hosted: no "this computer only" warning.
    expect(await desktop.page.getByTestId('link-reach-notice').count()).toBe(0);

    // Anyone's browser, no desktop app: the link opens on the hosted server and reads the note.
    const reader = await openPlainPage(link);
    expect(await readNote(reader)).toBe('made in the desktop app');

    expect(desktop.problems.cspViolations).toEqual([]);
    expect(desktop.problems.pageErrors).toEqual([]);
  });

  it('opens a link the shell forwards without a reload, protects the screen, guards the copy', async () => {
    const desktop = await openDesktopPage();
    const link = await createNote(desktop.page, 'read in the app itself');
    const route = link.slice(hosted.url.length);
    // What main sends for ashnote://note/ID#KEY (or a menu item): a route, shown in place.
    await desktop.page.evaluate(
      (path) => (window as unknown as { __openPath(path: string): void }).__openPath(path),
      route,
    );
    await desktop.page.waitForURL(`${shell.url}${route}`);
    expect(await readNote(desktop.page)).toBe('read in the app itself');
    await expect.poll(async () => (await desktop.shell()).protection).toEqual([true]);

    await desktop.page.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect
      .poll(async () => (await desktop.shell()).copiedSensitive)
      .toEqual(['read in the app itself']);

    // Leaving the note lifts the protection.
    await desktop.page.getByRole('link', { name: 'Home' }).first().click();
    await expect.poll(async () => (await desktop.shell()).protection).toEqual([true, false]);
    expect(desktop.problems.pageErrors).toEqual([]);
  });

  it('opens a pasted link of the server in use in the app', async () => {
    const desktop = await openDesktopPage();
    const link = await createNote(desktop.page, 'pasted into the app');
    await desktop.page.getByRole('button', { name: 'Create Another Note' }).click();
    await desktop.page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, link);
    await desktop.page.waitForURL(`${shell.url}${link.slice(hosted.url.length)}`);
    expect(await readNote(desktop.page)).toBe('pasted into the app');
  });

  it('connects the chat socket to the hosted server and shares a room link that works anywhere', async () => {
    const desktop = await openDesktopPage();
    await desktop.page.goto(`${shell.url}/chat`);
    await desktop.page.getByRole('button', { name: 'Create Chat Session' }).click();
    await desktop.page.getByRole('heading', { name: 'Secure chat' }).waitFor();
    await desktop.page.getByText('Waiting for your partner…').waitFor();
    expect(desktop.sockets).toEqual([`${hosted.url.replace('http:', 'ws:')}/ws`]);
    await expect.poll(async () => (await desktop.shell()).protection).toEqual([true]);

    await desktop.page
      .getByRole('button', { name: 'Share: Copy the link to this chat room' })
      .click();
    await expect.poll(async () => (await desktop.shell()).copied.length).toBe(1);
    const [roomLink] = (await desktop.shell()).copied;
    expect(roomLink).toMatch(
      new RegExp(`^${hosted.url}/chat/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$`),
    );

    const partner = await openPlainPage(roomLink!);
    await partner.getByText('Welcome! You are participant 2/2.', { exact: false }).waitFor();
    await desktop.page
      .getByText('Another participant has joined. The conversation can begin.')
      .waitFor();
    const code = desktop.page.getByTestId('chat-safety-code');
    await code.waitFor();
    await expect
      .poll(() => partner.getByTestId('chat-safety-code').innerText())
      .toBe(await code.innerText());
    expect(desktop.problems.cspViolations).toEqual([]);
  });

  it('marks a built-in server’s links as working on this computer only, before copying', async () => {
    const builtIn = await openDesktopPage({
      ...connection,
      mode: 'built-in',
      linkReach: 'this-computer',
    });
    const notice = () =>
      builtIn.page
        .getByTestId('link-reach-notice')
        .getByText('This link opens only on this computer', { exact: false })
        .waitFor();
    await createNote(builtIn.page, 'local only');
    await notice();

    // The same before a chat room's link is shared.
    await builtIn.page.goto(`${shell.url}/chat`);
    await builtIn.page.getByRole('button', { name: 'Create Chat Session' }).click();
    await builtIn.page
      .getByRole('button', { name: 'Share: Copy the link to this chat room' })
      .waitFor();
    await notice();
  });

  it('has a settings screen showing the server in use, and gives the menu its words', async () => {
    const desktop = await openDesktopPage();
    await desktop.page.goto(`${shell.url}/settings`);
    await desktop.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await desktop.page.getByTestId('current-server').innerText()).toContain(hosted.url);
    expect(await desktop.page.getByTestId('server-address').inputValue()).toBe(hosted.url);
    await expect.poll(async () => (await desktop.shell()).menuLabels?.settings).toBe('Settings…');

    // A server that fails its check is reported, and the page stays as it was.
    await desktop.page.getByTestId('server-address').fill('https://nowhere.example');
    await desktop.page.getByTestId('use-server').click();
    await desktop.page
      .getByTestId('server-problem')
      .getByText('The server could not be reached.', { exact: false })
      .waitFor();

    // The web has no such screen.
    const web = await openPlainPage(`${hosted.url}/settings`);
    await web.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });
});
