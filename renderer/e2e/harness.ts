import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
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

/**
 * Debian's Chromium, headless, with the flags that keep it off the (closed) network, plus any
 * `extraArgs` a test needs (e.g. host resolver rules).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
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
      ...extraArgs,
    ],
  });
}

/** Console errors, CSP violations and requests a page produced, collected as they happen. */
export interface PageProblems {
  consoleErrors: string[];
  /**
   * Every `securitypolicyviolation` event (pages of contexts made by `freshContext`), and CSP
   * errors on the console. A probe that catches its own refused `eval` logs nothing, but still
   * fires the event.
   */
  cspViolations: string[];
  pageErrors: string[];
  /** Every URL the page requested, in order (to prove nothing goes to another origin). */
  requests: string[];
}

const watchedPages = new WeakMap<Page, PageProblems>();

export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = {
    consoleErrors: [],
    cspViolations: [],
    pageErrors: [],
    requests: [],
  };
  watchedPages.set(page, problems);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    problems.consoleErrors.push(text);
    if (/Content[- ]Security[- ]Policy/i.test(text)) problems.cspViolations.push(text);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('request', (request) => problems.requests.push(request.url()));
  return problems;
}

/** Reports every CSP violation of the context's pages to `watchPage`'s list. */
async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__ashnoteCspViolation', ({ page }, text: string) => {
    watchedPages.get(page)?.cspViolations.push(text);
  });
  // A string: it runs in the page, before any of the page's own scripts.
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    window.__ashnoteCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
  });`);
}

/**
 * No CSP violation, no page error, and no console error but the failed loads of the statuses
 * a test causes on purpose (Chromium logs a console error for each non-2xx answer).
 */
export function expectNoProblems(problems: PageProblems, expectedStatuses: number[] = []): void {
  const unexpected = problems.consoleErrors.filter(
    (text) =>
      !text.includes('Failed to load resource') ||
      !expectedStatuses.some((status) => text.includes(`status of ${status}`)),
  );
  expect(unexpected).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
}

/**
 * Resolves once the app has taken over the page: a pre-rendered page is on screen before, with
 * its controls disabled (renderer/src/ui/ControlsOnceStarted.tsx). Needed only where a test
 * acts on something the browser would not wait for (a file input's files, a tap on a card).
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('#root fieldset:disabled').first().waitFor({ state: 'detached' });
}

/** Device traits for a phone-like context (user agent, touch, pixel ratio). */
export type DeviceOptions = Pick<
  BrowserContextOptions,
  'userAgent' | 'isMobile' | 'hasTouch' | 'deviceScaleFactor'
>;

/** A fresh, isolated browser context (no shared storage), as a second person would have. */
export async function freshContext(
  browser: Browser,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    device?: DeviceOptions;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...options.device,
  });
  await reportCspViolations(context);
  return context;
}

/**
 * Closes the contexts a test opened, after each test: a page left open keeps its timers,
 * polling and animations running (countdowns, a status page's refresh), taking the CPU from
 * every test after it in the file.
 */
export async function closeContexts(contexts: BrowserContext[]): Promise<void> {
  await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
}

/** Where browser tests leave screenshots for people to look at (git-ignored). */
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');

/**
 * A full-page screenshot under test-results/screenshots/<name>.png, in CSS pixels: a phone's
 * three device pixels per CSS pixel would make it nine times larger to draw and encode.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, scale: 'css' });
  return file;
}

/**
 * axe-core's violations on the page, or within `scope` (a selector). Only violations are
 * gathered: the passes and incomplete results nobody reads take a quarter of axe's time.
 */
export function accessibilityViolations(page: Page, scope?: string): Promise<AxeResults> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return (scope === undefined ? builder : builder.include(scope)).analyze();
}

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules
 * and axe's best practices), one line per rule with the elements it flagged.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  const results = await accessibilityViolations(page);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => `${node.html.slice(0, 120)} — ${node.failureSummary ?? ''}`)
          .join(' | ')}`,
    );
}

/**
 * The page's save dialog (File System Access API) answers at once with a file in the origin's
 * private file system, as if the reader had chosen a place: the app streams into it exactly as
 * into a file on disk, and `savedFile` reads it back.
 */
export async function answerSaveDialogs(context: BrowserContext): Promise<void> {
  await context.addInitScript(`window.showSaveFilePicker = async ({ suggestedName }) => {
    const root = await navigator.storage.getDirectory();
    return root.getFileHandle(suggestedName, { create: true });
  };`);
}

/** No save dialog, as on phones and in most browsers: the app falls back to a download. */
export async function withoutSaveDialogs(context: BrowserContext): Promise<void> {
  await context.addInitScript('window.showSaveFilePicker = undefined;');
}

/** A file the app saved through `answerSaveDialogs`: its size and SHA-256 (hex), or null. */
export function savedFile(
  page: Page,
  name: string,
): Promise<{ size: number; sha256: string } | null> {
  // A string: it runs in the page, and this file is type-checked without the DOM library.
  return page.evaluate(`(async () => {
    const root = await navigator.storage.getDirectory();
    let file;
    try {
      file = await (await root.getFileHandle(${JSON.stringify(name)})).getFile();
    } catch {
      return null;
    }
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    const sha256 = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return { size: file.size, sha256 };
  })()`);
}
