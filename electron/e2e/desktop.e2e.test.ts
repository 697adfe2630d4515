import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopVersions } from '../../shared/desktop-bridge.ts';

/**
 * The built desktop app, launched as a user would get it: window, bundled server, preload
 * bridge. Needs `npm run build:desktop` first (`npm test` runs it) and the Electron binary,
 * which `npm install` downloads; on a machine where it could not, the suite is skipped and says
 * why rather than failing.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const mainEntry = path.join(root, 'out/main/index.js');

function findElectron(): { available: true } | { available: false; reason: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary !== 'string' || !fs.existsSync(binary)) {
      return { available: false, reason: `no executable at ${String(binary)}` };
    }
    return { available: true };
  } catch (error) {
    return { available: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

const electron = findElectron();

if (!electron.available) {
  const reason = `Electron binary not installed (offline machine): ${electron.reason}`;
  console.warn(`desktop e2e skipped: ${reason}`);
  it.skip(reason, () => {});
}

describe.skipIf(!electron.available)('desktop app', () => {
  let userData: string;
  let app: ElectronApplication;
  let page: Page;

  beforeAll(async () => {
    if (!fs.existsSync(mainEntry)) {
      throw new Error(`${mainEntry} is missing: run \`npm run build:desktop\` first`);
    }
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-desktop-e2e-'));
    // The project folder, as `electron-vite preview` does: Electron then reads package.json
    // (name, version, main = out/main/index.js) like the packaged app, which a bare script
    // path would skip (the app would report Electron's own name and version).
    app = await _electron.launch({
      args: [root],
      cwd: root,
      env: { ...process.env, ASHNOTE_TEST_USER_DATA: userData },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  afterAll(async () => {
    await app?.close();
    if (userData) fs.rmSync(userData, { recursive: true, force: true });
  });

  it('keeps its data in the userData folder it was given', async () => {
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(
      userData,
    );
    expect(fs.existsSync(path.join(userData, 'data'))).toBe(true);
  });

  it('opens the window on the bundled server and renders the home page', async () => {
    const url = new URL(page.url());
    expect(url.protocol).toBe('http:');
    expect(url.hostname).toBe('127.0.0.1');
    await page.getByRole('heading').first().waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('has a bundled server that answers /api/health', async () => {
    const response = await fetch(new URL('/api/health', page.url()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('gives the page the bridge and nothing of Node', async () => {
    const seen = await page.evaluate(async () => {
      const { ashnote: bridge } = globalThis as {
        ashnote?: { platform: string; versions(): Promise<unknown> };
      };
      return {
        platform: bridge?.platform,
        versions: (await bridge?.versions()) as DesktopVersions | undefined,
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
      };
    });
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(seen.platform).toBe('desktop');
    expect(seen.versions?.app).toBe(pkg.version);
    expect(seen.require).toBe('undefined');
    expect(seen.process).toBe('undefined');
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
