import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { freshContext, launchBrowser, startWebApp, watchPage } from './harness.ts';
import type { PageProblems } from './harness.ts';

/**
 * A page served over plain http from a name other than localhost is not a secure context, as
 * on a LAN. Chromium resolves a made-up name to this machine's loopback, so the server stays
 * bound to 127.0.0.1; PUBLIC_URL tells it to answer that name.
 */
const LAN_HOST = 'ashnote-lan.test';

let browser: Browser;
let app: TestServer;
const contexts: BrowserContext[] = [];
const problems: PageProblems[] = [];

beforeAll(async () => {
  [browser, app] = await Promise.all([
    launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]),
    startWebApp('embedded', { PUBLIC_URL: `http://${LAN_HOST}` }),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await app?.stop();
});

async function openPage(): Promise<Page> {
  const context = await freshContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  problems.push(watchPage(page));
  return page;
}

const WARNING = 'This connection is not secure';

describe('on a connection that is not secure', () => {
  it('warns on the create form, the viewer and in chat, and still works', async () => {
    const lanUrl = app.url.replace('127.0.0.1', LAN_HOST);
    const page = await openPage();
    await page.goto(lanUrl);
    expect(await page.evaluate<boolean>('window.isSecureContext')).toBe(false);
    const warning = page.getByTestId('insecure-connection');
    await warning.getByText(WARNING).waitFor();
    await warning
      .getByText('end-to-end encryption cannot be guaranteed', { exact: false })
      .waitFor();

    // The form still encrypts (with the fallback engine) and the warning stays.
    await page.getByLabel('Note content').fill('typed on a LAN');
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByTestId('share-panel').waitFor();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link.startsWith(`${lanUrl}/note/`)).toBe(true);

    const reader = await openPage();
    await reader.goto(link);
    await reader.getByTestId('note-warning').waitFor();
    await reader.getByTestId('insecure-connection').getByText(WARNING).waitFor();
    await reader.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.getByTestId('note-text').waitFor();
    expect(await reader.getByTestId('insecure-connection').count()).toBe(1);

    const chat = await openPage();
    await chat.goto(`${lanUrl}/chat`);
    await chat.getByTestId('insecure-connection').getByText(WARNING).waitFor();
    await chat.getByRole('button', { name: 'Create Chat Session' }).click();
    await chat.getByText('Waiting for your partner…').waitFor();
    await chat.getByTestId('insecure-connection').getByText(WARNING).waitFor();
    // No "Secure" badge where the connection is not.
    expect(await chat.getByText('Secure', { exact: true }).count()).toBe(0);

    for (const found of problems) {
      expect(found.cspViolations).toEqual([]);
      expect(found.pageErrors).toEqual([]);
      // Chromium's own notice that COOP means nothing on an untrustworthy origin is expected.
      expect(
        found.consoleErrors.filter(
          (text) => !text.includes('Cross-Origin-Opener-Policy header has been ignored'),
        ),
      ).toEqual([]);
    }
  });

  it('shows no warning where the page is a secure context (loopback)', async () => {
    const page = await openPage();
    await page.goto(app.url);
    expect(await page.evaluate<boolean>('window.isSecureContext')).toBe(true);
    await page.getByRole('button', { name: 'Create Secure Note' }).waitFor();
    expect(await page.getByTestId('insecure-connection').count()).toBe(0);
    await page.goto(`${app.url}/chat`);
    await page.getByRole('button', { name: 'Create Chat Session' }).click();
    await page.getByText('Waiting for your partner…').waitFor();
    await page.getByText('Secure', { exact: true }).waitFor();
    expect(await page.getByTestId('insecure-connection').count()).toBe(0);
  });
});
