import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../backend/src/testing/test-server.ts';
import type { AppOptions } from '../../backend/src/app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIR = path.join(repoRoot, 'dist/web');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The real backend serving the built web bundle (`npm run build:web`). */
export async function startWebApp(
  kind: TestDatabaseKind = 'embedded',
  env: Record<string, string> = {},
  options: Omit<AppOptions, 'logger'> = {},
): Promise<TestServer> {
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(
      'dist/web is missing: run `npm run build:web` first (npm test does it for you).',
    );
  }
  return startTestServer(kind, { WEB_DIR, ...env }, options);
}

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Console errors and CSP violations a page produced, collected as they happen. */
export interface PageProblems {
  consoleErrors: string[];
  cspViolations: string[];
  pageErrors: string[];
}

export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], cspViolations: [], pageErrors: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    problems.consoleErrors.push(text);
    if (/Content[- ]Security[- ]Policy/i.test(text)) problems.cspViolations.push(text);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  return problems;
}

/** A fresh, isolated browser context (no shared storage), as a second person would have. */
export async function freshContext(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
}
