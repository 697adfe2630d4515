import crypto from 'node:crypto';
import { apiPaths } from '../../shared/api/paths.ts';
import en from '../src/i18n/locales/en.json';
import pagesEn from '../src/i18n/pages/en.json';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, LEAST_WORK } from '../../backend/src/admin/password-hash.ts';
import {
  seedSubscribers,
  testSubscribers,
} from '../../backend/src/testing/newsletter-subscribers.ts';
import { startSmtpSink } from '../../backend/src/testing/smtp-sink.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import {
  appStarted,
  closeContexts,
  expectNoProblems,
  freshContext,
  launchBrowser,
  seriousAccessibilityProblems,
  startWebApp,
  type PageProblems,
  watchPage,
} from './harness.ts';

/**
 * The newsletter sign-up in Chromium against the real backend: subscribe from the home card,
 * read the code from the mail the in-process SMTP server caught, verify; and the card on a
 * server without mail, which says so instead of offering a form. Then the administrator's side:
 * compose an issue, preview it, send a test, send it to all. Build first: `npm run build:web`.
 */

const PASSWORD = 'correct horse battery staple';
const MAIL_KEY = crypto.randomBytes(32).toString('base64');

let browser: Browser;
let mailApp: TestServer;
let noMailApp: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  [browser, mailApp, noMailApp] = await Promise.all([
    launchBrowser(),
    startWebApp('embedded', {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Ashnote <newsletter@ashnote.test>',
      MAIL_KEY,
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
      NEWSLETTER_RATE_PER_MINUTE: '1000000',
    }),
    startWebApp('embedded'),
  ]);
});

afterEach(() => closeContexts(contexts));

afterAll(async () => {
  await browser?.close();
  await Promise.all([mailApp?.stop(), noMailApp?.stop(), smtp?.stop()]);
});

async function openPage(
  options: Parameters<typeof freshContext>[1] = {},
): Promise<{ page: Page; problems: PageProblems }> {
  const context = await freshContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  return { page, problems: watchPage(page) };
}

/** A toast's text (Radix also copies it into a live region for screen readers, hence first). */
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

const card = (page: Page, placement = 'home') => page.locator(`[data-newsletter="${placement}"]`);

describe('newsletter', () => {
  it('subscribes from the home card with the code from the mail', async () => {
    const { page, problems } = await openPage();
    await page.goto(mailApp.url);
    const signUp = card(page);
    await signUp.getByRole('heading', { name: 'Security newsletter' }).waitFor();
    const email = signUp.getByLabel('Email address', { exact: true });
    const subscribe = signUp.getByRole('button', { name: 'Subscribe' });

    // Submit stays disabled while the address is empty after trimming.
    await expect.poll(() => email.isEnabled()).toBe(true);
    expect(await subscribe.isDisabled()).toBe(true);
    await email.fill('   ');
    expect(await subscribe.isDisabled()).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    const before = smtp.mails.length;
    await email.fill(' reader@example.org ');
    await subscribe.click();
    await toast(page, 'Check your email!');
    await toast(page, "We've sent you a 5-digit verification code.");
    const mail = (await smtp.waitForMail(before + 1))[before]!;
    expect(mail.to).toEqual(['reader@example.org']);
    const code = /\b(\d{5})\b/.exec(mail.text)![1]!;

    const codeField = signUp.getByLabel('Verification code');
    await codeField.waitFor();
    expect(await page.evaluate<string>('document.activeElement?.getAttribute("name") ?? ""')).toBe(
      'code',
    );
    await signUp.getByText('We sent a 5-digit code to reader@example.org.').waitFor();
    const verify = signUp.getByRole('button', { name: 'Verify' });
    await codeField.fill(code.slice(0, 4));
    expect(await verify.isDisabled()).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // A wrong code: the server's reason, and the step stays.
    await codeField.fill(code === '00000' ? '11111' : '00000');
    await verify.click();
    await toast(page, 'Verification failed');
    await toast(page, 'This code is wrong or has expired.');

    await codeField.fill(code);
    await verify.click();
    await toast(page, 'Welcome to Ashnote!');
    await signUp.getByText("You're subscribed. Thank you!").waitFor();
    await smtp.waitForMail(before + 2);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await signUp.getByRole('button', { name: 'Subscribe another email' }).click();
    expect(await signUp.getByLabel('Email address', { exact: true }).inputValue()).toBe('');
    expectNoProblems(problems, [400]);
  });

  it('goes back to the e-mail step with "Use different email", and asked again at once answers as a fresh sign-up without a second mail', async () => {
    const { page, problems } = await openPage();
    await page.goto(mailApp.url);
    const signUp = card(page);
    const email = signUp.getByLabel('Email address', { exact: true });
    await expect.poll(() => email.isEnabled()).toBe(true);
    const before = smtp.mails.length;
    await email.fill('twice@example.org');
    await signUp.getByRole('button', { name: 'Subscribe' }).click();
    await signUp.getByLabel('Verification code').waitFor();
    await smtp.waitForMail(before + 1);

    await signUp.getByRole('button', { name: 'Use different email' }).click();
    await email.waitFor();
    expect(await email.inputValue()).toBe('');
    await email.fill('twice@example.org');
    await signUp.getByRole('button', { name: 'Subscribe' }).click();
    // The same answer as the first time (anyone could ask whether an address signed up just now).
    await signUp.getByLabel('Verification code').waitFor();
    await toast(page, 'Check your email!');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.length).toBe(before + 1);
    expectNoProblems(problems);
  });

  it('unsubscribes from the link in a mail only once its page’s button is pressed', async () => {
    const before = smtp.mails.length;
    const post = (path: string, body: object) =>
      fetch(`${mailApp.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post(apiPaths.newsletterSubscribe, { email: 'leaving@example.org', language: 'en' });
    const codeMail = (await smtp.waitForMail(before + 1))[before]!;
    const code = /\b(\d{5})\b/.exec(codeMail.text)![1]!;
    expect(
      (await post(apiPaths.newsletterVerify, { email: 'leaving@example.org', code })).status,
    ).toBe(200);
    const link = /(http:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w-]{43})/.exec(
      codeMail.text,
    )![1]!;

    const { page, problems } = await openPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Unsubscribe from the Ashnote newsletter?' }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    // Only looked at: still subscribed, as the same link opened again shows.
    await page.reload();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: /This unsubscribe link is not valid/ }).waitFor();
    expectNoProblems(problems, [404]);
  });

  it('says up front that mail is not configured on a server without it', async () => {
    const { page, problems } = await openPage();
    await page.goto(noMailApp.url);
    const signUp = card(page);
    await signUp
      .getByText('Mail is not configured on this server, so the newsletter is not available here.')
      .waitFor();
    expect(await signUp.getByRole('textbox').count()).toBe(0);
    expect(await signUp.getByRole('button').count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // The FAQ carries the same card.
    await page.goto(`${noMailApp.url}/faq`);
    await card(page, 'faq').getByRole('heading', { name: 'Security newsletter' }).waitFor();
    expectNoProblems(problems);
  });

  it('speaks the interface language, right to left in Arabic', async () => {
    const { page, problems } = await openPage({ locale: 'ar' });
    await page.goto(noMailApp.url);
    await card(page).getByRole('heading', { name: 'النشرة الأمنية' }).waitFor();
    expect(await page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
    expectNoProblems(problems);
  });
});

describe('newsletter issues', () => {
  it('composes an issue, previews it, sends a test, then sends it to all with progress to the end', async () => {
    const subscribers = testSubscribers('issue-reader', 3, ['en', 'de', 'ja']);
    await seedSubscribers(mailApp, MAIL_KEY, subscribers);
    const { page, problems } = await openPage();
    await page.goto(`${mailApp.url}/blog`);
    // Taps on a heading, which the browser does not hold back until the app runs it.
    await appStarted(page);
    const title = page.getByRole('heading', { level: 1, name: pagesEn.blog.list.title });
    for (let click = 0; click < 5; click++) await title.click();
    await page.getByRole('button', { name: en.newsletterAdmin.open }).click();
    const signIn = page.getByRole('dialog', { name: en.admin.login.title });
    await signIn.getByLabel(en.admin.login.passwordLabel).fill(PASSWORD);
    await signIn.getByRole('button', { name: en.admin.login.submit }).click();

    await page.getByLabel(en.newsletterAdmin.subject).fill('Files arrive');
    await page.getByLabel(en.newsletterAdmin.body).fill('Send **any file**, encrypted.');
    await page.getByRole('button', { name: en.newsletterAdmin.preview, exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Files arrive' });
    await preview.locator('strong', { hasText: 'any file' }).waitFor();
    await preview
      .getByText(/To unsubscribe at any time, open this link/)
      .first()
      .waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    const before = smtp.mails.length;
    await page.getByLabel(en.newsletterAdmin.testAddress).fill('editor@example.org');
    await page.getByRole('button', { name: en.newsletterAdmin.sendTest }).click();
    await toast(page, 'Test mail sent to editor@example.org.');
    const test = (await smtp.waitForMail(before + 1))[before]!;
    expect(test.to).toEqual(['editor@example.org']);
    expect(test.subject).toBe('Files arrive');
    expect(test.html).toContain('<strong>any file</strong>');

    await page.getByRole('button', { name: en.newsletterAdmin.sendAll }).click();
    const confirm = page.getByRole('dialog', { name: en.newsletterAdmin.confirmTitle });
    await confirm.getByRole('button', { name: en.newsletterAdmin.confirmSend }).click();
    await toast(page, en.newsletterAdmin.toast.queued);
    const issue = page.getByRole('listitem').filter({ hasText: 'Files arrive' });
    await issue.getByText(en.newsletterAdmin.status.sent, { exact: true }).waitFor();
    await issue.getByText(/Failed: 0 · Remaining: 0/).waitFor();
    for (const subscriber of subscribers) {
      expect(smtp.mails.filter((mail) => mail.to.includes(subscriber.email))).toHaveLength(1);
    }
    expectNoProblems(problems);
  });
});
