import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type Browser, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { launchBrowser, startWebApp } from '../../renderer/e2e/harness.ts';
import { ensureElectron } from '../../scripts/electron-binary.ts';
import type { ServerConnection } from '../../shared/desktop-settings.ts';
import { SERVER_SERVICE_NAME } from '../main/server-process.ts';

/**
 * The built desktop app, launched as a user would get it: window on app://ashnote, the built-in
 * server in its utility process (the server's own build, dist/server), the preload bridge,
 * settings, deep links. Needs `npm run build` first (`npm test` builds the same) and the Electron
 * binary, which `npm install` does not download (see scripts/electron-binary.ts).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const mainEntry = path.join(root, 'out/main/index.js');

// Found, or fetched once by the same helper `npm run desktop` uses; skipped with the reason
// where neither works (a machine without internet).
const electron = ensureElectron();

if (!electron.found) {
  console.warn(`desktop e2e skipped: ${electron.reason}`);
  it.skip(electron.reason, () => {});
}

/** Chromium refuses to start as root without this (CI containers). */
const rootArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];

describe.skipIf(!electron.found)('desktop app', () => {
  let userData: string;
  let app: ElectronApplication;
  let page: Page;
  let browser: Browser;
  let hosted: TestServer;

  const env = () => ({ ...process.env, ASHNOTE_TEST_USER_DATA: userData });
  const connection = () =>
    page.evaluate(() =>
      (
        globalThis as unknown as {
          ashnote: { serverConnection(): Promise<ServerConnection | null> };
        }
      ).ashnote.serverConnection(),
    );
  /** The process ids of the built-in server's utility processes. */
  const serverProcesses = () =>
    app.evaluate(
      ({ app: electronApp }, serviceName) =>
        electronApp
          .getAppMetrics()
          .filter((metric) => metric.type === 'Utility' && metric.serviceName === serviceName)
          .map((metric) => metric.pid),
      SERVER_SERVICE_NAME,
    );

  async function createNote(text: string): Promise<string> {
    await page.goto('app://ashnote/');
    await page.getByLabel('Note content').fill(text);
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByTestId('share-panel').waitFor();
    return page.getByTestId('share-link').inputValue();
  }

  async function readInChromium(link: string): Promise<string> {
    const context = await browser.newContext();
    try {
      const reader = await context.newPage();
      await reader.goto(link);
      await reader.getByRole('button', { name: 'Read and Destroy Note' }).click();
      const text = reader.getByTestId('note-text');
      await text.waitFor();
      return await text.innerText();
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    if (!fs.existsSync(mainEntry)) {
      throw new Error(`${mainEntry} is missing: run \`npm run build:desktop\` first`);
    }
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-desktop-e2e-'));
    [browser, hosted] = await Promise.all([launchBrowser(), startWebApp('embedded')]);
    // The project folder, as `electron-vite preview` does: Electron then reads package.json
    // (name, version, main = out/main/index.js) like the packaged app, which a bare script
    // path would skip (the app would report Electron's own name and version).
    app = await _electron.launch({ args: [...rootArgs, root], cwd: root, env: env() });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await hosted?.stop();
    if (userData) fs.rmSync(userData, { recursive: true, force: true });
  });

  it('shows the app from app://ashnote, asking the age question first', async () => {
    expect(page.url()).toBe('app://ashnote/');
    await page.getByRole('button', { name: 'Yes, I am 17 or older' }).click();
    await page.getByRole('heading').first().waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('keeps its data in the userData folder it was given', async () => {
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(
      userData,
    );
    expect(fs.existsSync(path.join(userData, 'data'))).toBe(true);
  });

  it('runs the built-in server in a utility process, answering on loopback', async () => {
    const current = await connection();
    expect(current).toMatchObject({ mode: 'built-in', linkReach: 'this-computer' });
    expect(new URL(current!.apiOrigin).hostname).toBe('127.0.0.1');
    expect(await serverProcesses()).toHaveLength(1);
    const response = await fetch(new URL('/api/health', current!.apiOrigin));
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it.runIf(process.platform === 'linux')(
    'starts the built-in server with the memory settings npm start gives itself',
    async () => {
      const [pid] = await serverProcesses();
      const listed = (file: string) => fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
      expect(listed('environ')).toEqual(
        expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']),
      );
      expect(listed('cmdline')).toContain('--js-flags=--max-semi-space-size=4');
    },
  );

  it('gives the page the bridge and nothing of Node', async () => {
    const seen = await page.evaluate(() => {
      const { ashnote: bridge } = globalThis as {
        ashnote?: { platform: string };
      };
      return {
        platform: bridge?.platform,
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
      };
    });
    expect(seen.platform).toBe('desktop');
    expect(seen.require).toBe('undefined');
    expect(seen.process).toBe('undefined');
  });

  it('creates a note on the built-in server, says where its link works, and it reads', async () => {
    const link = await createNote('made on the built-in server');
    const { apiOrigin } = (await connection())!;
    expect(link.startsWith(`${apiOrigin}/note/`)).toBe(true);
    await page.getByTestId('link-reach-notice').waitFor();
    // This computer's browser can open it: the built-in server serves the web app too.
    expect(await readInChromium(link)).toBe('made on the built-in server');
  });

  it('switches to a hosted server from the menu, without a restart; its links open anywhere', async () => {
    await app.evaluate(({ Menu }) => {
      const walk = (items: Electron.MenuItem[]): Electron.MenuItem | undefined =>
        items
          .flatMap((item) => [item, ...(item.submenu ? item.submenu.items : [])])
          .find((item) => item.accelerator === 'CmdOrCtrl+,');
      walk(Menu.getApplicationMenu()?.items ?? [])?.click();
    });
    await page.waitForURL('app://ashnote/settings');
    await page.getByTestId('server-address').fill(hosted.url);
    await page.getByTestId('use-server').click();
    await expect
      .poll(() => page.getByTestId('current-server').innerText(), { timeout: 20_000 })
      .toContain(hosted.url);
    expect(await connection()).toEqual({
      mode: 'hosted',
      apiOrigin: hosted.url,
      publicOrigin: hosted.url,
      linkReach: 'anyone',
    });
    // Nothing uses the built-in server any more: it has stopped.
    await expect.poll(serverProcesses).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(userData, 'settings.json'), 'utf8'))).toMatchObject(
      { server: 'hosted', hostedUrl: hosted.url },
    );

    const link = await createNote('made against the hosted server');
    expect(link.startsWith(`${hosted.url}/note/`)).toBe(true);
    expect(await page.getByTestId('link-reach-notice').count()).toBe(0);
    expect(await readInChromium(link)).toBe('made against the hosted server');
  });

  it('opens a deep link from a second launch in the running window', async () => {
    const link = await createNote('opened through ashnote://');
    const [, id, key] = /\/note\/([^#]+)#(.+)$/.exec(link)!;
    const second = spawn(
      electron.found ? electron.path : '',
      [...rootArgs, root, `ashnote://note/${id}#${key}`],
      { env: env(), stdio: 'ignore' },
    );
    // The second instance hands its link over and quits at once.
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    await page.waitForURL(`app://ashnote/note/${id}#${key}`);
    await page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    expect(await page.getByTestId('note-text').innerText()).toBe('opened through ashnote://');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  it('cannot open DevTools', async () => {
    const opened = await app.evaluate(async ({ BrowserWindow }) => {
      const [window] = BrowserWindow.getAllWindows();
      window?.webContents.openDevTools({ mode: 'detach' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      return window?.webContents.isDevToolsOpened();
    });
    expect(opened).toBe(false);
  });

  it('never opens a second window', async () => {
    // Not an https URL: that one would (correctly) launch the system browser during the test.
    await page.evaluate(() => {
      const { open } = globalThis as unknown as { open(url: string, target: string): unknown };
      open('/faq', '_blank');
      open('http://example.org/', '_blank');
    });
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });
});
