import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import ar from '../src/i18n/locales/ar.json';
import en from '../src/i18n/locales/en.json';
import {
  expectNoProblems,
  freshContext,
  launchBrowser,
  saveScreenshot,
  startWebApp,
  watchPage,
} from './harness.ts';
import type { PageProblems } from './harness.ts';

/**
 * Requests end to end in Chromium against the real backend (embedded database): the requester
 * makes the two links, a responder answers once, a second visit says it is answered, a claim
 * link with a wrong key burns nothing, the claim reads the answer once, then it is destroyed.
 * In English on a desktop and in Arabic (right to left) on a phone, from the mobile shell. Build first:
 * `node scripts/build.ts web server`.
 */

let browser: Browser;
let app: TestServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startWebApp('embedded')]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await app?.stop();
});

type Texts = typeof en;
const PHONE = { width: 390, height: 844 };

interface Person {
  page: Page;
  problems: PageProblems;
  /** Every request body and referrer the page sent. */
  sent: string[];
}

async function person(options: { locale: string; viewport?: typeof PHONE }): Promise<Person> {
  const context = await freshContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  const problems = watchPage(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    sent.push(request.postData() ?? '', request.headers()['referer'] ?? '');
  });
  return { page, problems, sent };
}

/** Another well-formed key than the one in `link`: a mixed-up claim link. */
function withOtherKey(link: string): string {
  const [url, key] = link.split('#') as [string, string];
  return `${url}#${key.startsWith('A') ? 'B' : 'A'}${key.slice(1)}`;
}

async function flow(
  t: Texts,
  options: { locale: string; viewport?: typeof PHONE },
  /** Where the requester starts: the web page, or the mobile shell's Request tab. */
  start: string,
) {
  const label = t === en ? 'VPN password for Lea' : 'كلمة مرور الشبكة لِلِيا';
  const secret = t === en ? 'hunter2 ✓ line one\nline two' : 'سر ١٢٣ ✓';

  // The requester: a label, an expiry, and two links that say which is which.
  const requester = await person(options);
  await requester.page.goto(`${app.url}${start}`);
  await requester.page.getByLabel(t.request.create.labelLabel).fill(label);
  const direction = options.locale === 'ar' ? 'rtl' : 'ltr';
  expect(await requester.page.evaluate('document.documentElement.dir')).toBe(direction);
  await requester.page.getByLabel(t.request.create.expirationLabel).selectOption('1h');
  await requester.page.getByRole('button', { name: t.request.create.submit }).click();
  await requester.page.getByText(t.request.links.requestTitle).waitFor();
  await requester.page.getByText(t.request.links.claimTitle).waitFor();
  const requestLink = await requester.page
    .getByTestId('request-link')
    .locator('input')
    .inputValue();
  const claimLink = await requester.page.getByTestId('claim-link').locator('input').inputValue();
  await saveScreenshot(requester.page, `requests/${options.locale}-links`);
  expect(requestLink).toMatch(new RegExp(`^${app.url}/r/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$`));
  expect(claimLink).toMatch(new RegExp(`^${app.url}/r/[A-Za-z0-9_-]{22}/open#[A-Za-z0-9_-]{43}$`));
  const [publicKey, privateKey] = [requestLink.split('#')[1]!, claimLink.split('#')[1]!];

  // The responder sees the label and answers once.
  const responder = await person(options);
  await responder.page.goto(requestLink);
  await responder.page.getByTestId('request-label').getByText(label).waitFor();
  await saveScreenshot(responder.page, `requests/${options.locale}-answer`);
  await responder.page.getByLabel(t.request.answer.textLabel).fill(secret);
  await responder.page.getByRole('button', { name: t.request.answer.submit }).click();
  await responder.page.getByTestId('request-sent').waitFor();
  // Someone else opening the request link is told it has been answered; the same person
  // with a claim link that carries another key is told so, and nothing burns.
  const latecomer = await person(options);
  await latecomer.page.goto(requestLink);
  await latecomer.page.getByRole('heading', { name: t.request.answer.answeredTitle }).waitFor();
  await latecomer.page.goto(withOtherKey(claimLink));
  await latecomer.page.getByRole('heading', { name: t.request.problem.wrongKeyTitle }).waitFor();

  // The requester reads the answer once; the claim link then says it was destroyed.
  await requester.page.goto(claimLink);
  await requester.page.getByTestId('claim-warning').getByText(label).waitFor();
  await requester.page.getByRole('button', { name: t.request.claim.read }).click();
  await expect.poll(() => requester.page.getByTestId('claim-answer').innerText()).toBe(secret);
  await saveScreenshot(requester.page, `requests/${options.locale}-revealed`);
  // A reload (the key has left the address bar) says the answer is gone.
  await requester.page.reload();
  await requester.page.getByRole('heading', { name: t.request.claim.destroyedTitle }).waitFor();

  // No key, label or answer left any browser.
  for (const body of [...requester.sent, ...responder.sent, ...latecomer.sent]) {
    for (const value of [publicKey, privateKey, label, secret]) expect(body).not.toContain(value);
  }
  for (const someone of [requester, responder, latecomer]) expectNoProblems(someone.problems);
}

describe('requests in the browser', () => {
  it('request → answer → answered → wrong key → claim → destroyed, in English on a desktop', async () => {
    await flow(en, { locale: 'en-US' }, '/request');
  });

  it('the same in Arabic, right to left, from the mobile shell’s Request tab on a phone', async () => {
    await flow(ar as Texts, { locale: 'ar', viewport: PHONE }, '/mobile/request');
  });
});
