import crypto from 'node:crypto';
import { apiPaths } from '../../shared/api/paths.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../backend/src/testing/smtp-sink.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import {
  expectNoProblems,
  freshContext,
  launchBrowser,
  seriousAccessibilityProblems,
  startWebApp,
  watchPage,
  type PageProblems,
} from './harness.ts';

/**
 * The newsletter sign-up in Chromium against the real backend: subscribe from the home card,
 * read the code from the mail the in-process SMTP server caught, verify; and the card on a
 * server without mail, which says so instead of offering a form. Build first: `npm run build:web`.
 */

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
      MAIL_KEY: crypto.randomBytes(32).toString('base64'),
    }),
    startWebApp('embedded'),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
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
