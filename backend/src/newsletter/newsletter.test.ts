import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import { createLogger } from '../logger.ts';
import { createRateLimiter } from '../rate-limit/rate-limiter.ts';
import { dumpDatabase } from '../testing/database-dump.ts';
import { postJson } from '../testing/notes-client.ts';
import { startSmtpSink, type ReceivedMail } from '../testing/smtp-sink.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { newsletterService } from './newsletter.service.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The raw mail's headers, folded lines joined. */
function headerOf(mail: ReceivedMail, name: string): string {
  const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
}

const codeIn = (mail: ReceivedMail) => /\b(\d{5})\b/.exec(mail.text.split('\n')[0]!)?.[1];
const linkIn = (mail: ReceivedMail) =>
  /(http:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];

describe.each(TEST_DATABASES)('newsletter on %s', (kind) => {
  let smtp: Sink;
  let t: TestServer;
  let uniq = 0;
  /** A fresh mailbox per test: the resend throttle and the per-mailbox cap stay out of the way. */
  const address = (label: string) => `${label}.${++uniq}.${kind}@example.org`;
  const subscribe = (email: string, language = 'en') =>
    postJson(`${t.url}${apiPaths.newsletterSubscribe}`, { email, language });
  const verify = (email: string, code: string) =>
    postJson(`${t.url}${apiPaths.newsletterVerify}`, { email, code });

  /** Subscribes `email` and returns the mail that came. */
  async function subscribeAndRead(email: string, language = 'en'): Promise<ReceivedMail> {
    const before = smtp.mails.length;
    const response = await subscribe(email, language);
    expect(response.status).toBe(200);
    return (await smtp.waitForMail(before + 1))[before]!;
  }

  /** Moves a mailbox's code (and its last send) into the past, as if `seconds` had gone by. */
  async function age(seconds: number) {
    await sql`update newsletter_subscriber set
      code_sent_at = code_sent_at - make_interval(secs => ${seconds}),
      code_expires_at = code_expires_at - make_interval(secs => ${seconds})`.execute(
      t.server.database.sql,
    );
  }

  const rows = () =>
    t.server.database.sql.selectFrom('newsletter_subscriber').selectAll().execute();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestServer(
      kind,
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'newsletter@ashnote.test',
        MAIL_KEY: crypto.randomBytes(32).toString('base64'),
      },
      // Every test here signs up from the same loopback address.
      { newsletter: { rateRules: { subscribe: { limit: 1000, windowSeconds: 3600 } } } },
    );
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.stop();
  });

  it('says in /api/config that mail is available', async () => {
    const config = (await (await fetch(`${t.url}${apiPaths.config}`)).json()) as {
      emailAvailable: boolean;
    };
    expect(config.emailAvailable).toBe(true);
  });

  it('mails a 5-digit code with a one-click unsubscribe link, then activates with it', async () => {
    const email = address('flow');
    const mail = await subscribeAndRead(email);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Confirm your Ashnote newsletter subscription');
    const code = codeIn(mail)!;
    expect(code).toMatch(/^\d{5}$/);
    expect(mail.text).toContain('valid for 15 minutes');
    const link = linkIn(mail)!;
    expect(link.startsWith(`${t.url}/api/newsletter/unsubscribe?token=`)).toBe(true);
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await rows()).find((row) => !row.active)).toBeDefined();

    const before = smtp.mails.length;
    const verified = await verify(email, code);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({
      success: true,
      message: 'You are subscribed to the Ashnote newsletter.',
    });
    const welcome = (await smtp.waitForMail(before + 1))[before]!;
    expect(welcome.subject).toBe('Welcome to the Ashnote newsletter');
    // The same link in every mail: the welcome mail's works as well as the first one's.
    expect(linkIn(welcome)).toBe(link);
    expect(headerOf(welcome, 'List-Unsubscribe')).toBe(`<${link}>`);

    // Used once: the same code again is refused.
    expect((await verify(email, code)).status).toBe(400);
  });

  it('writes the mail in the language the subscriber uses', async () => {
    const mail = await subscribeAndRead(address('sprache'), 'de');
    expect(mail.subject).toBe('Bestätige dein Abo des Ashnote-Newsletters');
    expect(mail.text).toContain(`Dein Bestätigungscode lautet ${codeIn(mail)}.`);
    expect(mail.text).toContain('Abmelden kannst du dich jederzeit');
  });

  it('treats the address case-insensitively and ignores surrounding spaces', async () => {
    const email = address('case');
    const mail = await subscribeAndRead(`  ${email.toUpperCase()} `);
    expect(mail.to.map((to) => to.toLowerCase())).toEqual([email]);
    expect((await verify(email, codeIn(mail)!)).status).toBe(200);
  });

  it('answers a wrong code with a clear message and changes nothing else', async () => {
    const email = address('wrong');
    const code = codeIn(await subscribeAndRead(email))!;
    const wrong = code === '00000' ? '11111' : '00000';
    const response = await verify(email, wrong);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toMatch(/wrong or has expired/);
    expect((await verify(email, code)).status).toBe(200);
  });

  it('kills the code after 5 wrong tries; only a new code works then', async () => {
    const email = address('tries');
    const code = codeIn(await subscribeAndRead(email))!;
    const wrong = code === '00000' ? '11111' : '00000';
    for (let i = 0; i < 5; i++) expect((await verify(email, wrong)).status).toBe(400);
    expect((await verify(email, code)).status).toBe(400);

    await age(61);
    const fresh = codeIn(await subscribeAndRead(email))!;
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it('refuses a code after its 15 minutes', async () => {
    const email = address('expiry');
    const code = codeIn(await subscribeAndRead(email))!;
    await age(15 * 60 + 1);
    expect((await verify(email, code)).status).toBe(400);
  });

  it('sends at most one code a minute to a mailbox, answering as if it had; the newest code replaces the older', async () => {
    const email = address('throttle');
    const first = codeIn(await subscribeAndRead(email))!;
    const before = smtp.mails.length;
    const throttled = await subscribe(email);
    const freshAddress = address('throttle-fresh');
    const fresh = await subscribe(freshAddress);
    // Told apart, the two would say that this address signed up a moment ago.
    expect(throttled.status).toBe(fresh.status);
    expect(throttled.headers.get('retry-after')).toBeNull();
    expect(await throttled.json()).toEqual(await fresh.json());
    await smtp.waitForMail(before + 1);
    expect(smtp.mails.slice(before).map((mail) => mail.to)).toEqual([[freshAddress]]);

    await age(61);
    const second = codeIn(await subscribeAndRead(email))!;
    if (second !== first) expect((await verify(email, first)).status).toBe(400);
    expect((await verify(email, second)).status).toBe(200);
  });

  it('answers a subscribed address exactly as a new one', async () => {
    const known = address('known');
    expect((await verify(known, codeIn(await subscribeAndRead(known))!)).status).toBe(200);
    await age(61);

    const again = await subscribe(known);
    const fresh = await subscribe(address('fresh'));
    expect(again.status).toBe(fresh.status);
    expect(await again.text()).toBe(await fresh.text());
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    expect(again.headers.get('content-length')).toBe(fresh.headers.get('content-length'));
  });

  it('asks on opening the link, and unsubscribes only with the page’s button, once', async () => {
    const email = address('leave');
    const mail = await subscribeAndRead(email, 'fr');
    expect((await verify(email, codeIn(mail)!)).status).toBe(200);
    const count = (await rows()).length;

    // Opened (by the subscriber, or by a scanner that follows every link): nothing changes.
    for (let opened = 0; opened < 2; opened++) {
      const page = await fetch(linkIn(mail)!);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('<html lang="fr" dir="ltr">');
      expect(html).toContain('Se désabonner de la newsletter Ashnote ?');
      expect(html).not.toMatch(/<script|style=/i);
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
      expect((await rows()).length).toBe(count);
    }

    // The page's one button posts its form back to the link.
    const html = await (await fetch(linkIn(mail)!)).text();
    const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(new URL(action, t.url).href).toBe(linkIn(mail));
    const done = await fetch(new URL(action, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Vous êtes désabonné');
    expect((await rows()).length).toBe(count - 1);

    const again = await fetch(linkIn(mail)!, { headers: { 'Accept-Language': 'de' } });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('Dieser Abmeldelink ist ungültig');
  });

  it('unsubscribes by the one-click POST a mail client sends (RFC 8058)', async () => {
    const email = address('oneclick');
    const mail = await subscribeAndRead(email);
    expect((await verify(email, codeIn(mail)!)).status).toBe(200);
    const count = (await rows()).length;
    const url = /<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe'))![1]!;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await rows()).length).toBe(count - 1);
  });

  it('answers a malformed or unknown token with the invalid-link page and removes nobody', async () => {
    const count = (await rows()).length;
    for (const token of ['short', crypto.randomBytes(32).toString('base64url')]) {
      const response = await fetch(`${t.url}${apiPaths.newsletterUnsubscribe(token)}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('This unsubscribe link is not valid.');
    }
    expect((await rows()).length).toBe(count);
  });

  it('refuses bad input with field errors', async () => {
    for (const email of ['', '   ', 'not-an-address']) {
      const response = await subscribe(email);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: { path: string }[] } };
      expect(body.error.fields.map((field) => field.path)).toContain('email');
    }
    for (const code of ['1234', '123456', '12a45']) {
      const response = await verify(address('code'), code);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: { path: string }[] } };
      expect(body.error.fields.map((field) => field.path)).toContain('code');
    }
  });

  it('sweeps sign-ups never verified once their code expired, and keeps subscribers', async () => {
    const pending = address('pending');
    const active = address('active');
    await subscribeAndRead(pending);
    expect((await verify(active, codeIn(await subscribeAndRead(active))!)).status).toBe(200);
    const before = await rows();
    await age(15 * 60 + 1);
    const database = t.server.database;
    const secret = crypto.randomBytes(32);
    await newsletterService({
      repo: newsletterRepository(database),
      mail: null,
      secret,
      limiter: createRateLimiter(database, secret),
      logger: createLogger('silent'),
    }).sweep();
    const after = await rows();
    expect(after.every((row) => row.active)).toBe(true);
    expect(after.length).toBe(before.filter((row) => row.active).length);
    expect(after.every((row) => row.code_hash === null)).toBe(true);
  });

  it('keeps every address and code out of the database and the logs', async () => {
    const email = address('secret');
    const code = codeIn(await subscribeAndRead(email))!;
    expect((await verify(email, code)).status).toBe(200);
    const dump = await dumpDatabase(t);
    const logs = t.logs.join('\n');
    for (const mail of smtp.mails) {
      for (const recipient of mail.to) {
        expect(dump.toLowerCase()).not.toContain(recipient.toLowerCase());
        expect(logs.toLowerCase()).not.toContain(recipient.toLowerCase());
      }
    }
    expect(logs).not.toContain('@example.org');
    expect(logs).not.toContain(code);
    expect(logs).toContain('newsletter code sent');
  });
});

describe('newsletter without mail configured', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded');
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('says so in /api/config and refuses sign-ups with the reason', async () => {
    const config = (await (await fetch(`${t.url}${apiPaths.config}`)).json()) as {
      emailAvailable: boolean;
    };
    expect(config.emailAvailable).toBe(false);
    for (const [path, body] of [
      [apiPaths.newsletterSubscribe, { email: 'a@example.org' }],
      [apiPaths.newsletterVerify, { email: 'a@example.org', code: '12345' }],
    ] as const) {
      const response = await postJson(`${t.url}${path}`, body);
      expect(response.status).toBe(400);
      const error = ((await response.json()) as { error: { details: unknown } }).error;
      expect(error.details).toEqual({ emailAvailable: false });
    }
  });
});

describe('newsletter mail behind a proxy', () => {
  it('links to PUBLIC_URL, whatever Host or X-Forwarded-Host a sign-up comes with', async () => {
    const smtp = await startSmtpSink();
    const t = await startTestServer('embedded', {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'newsletter@ashnote.test',
      MAIL_KEY: crypto.randomBytes(32).toString('base64'),
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://notes.example.org',
    });
    try {
      const response = await postJson(
        `${t.url}${apiPaths.newsletterSubscribe}`,
        { email: 'forged.host@example.org', language: 'en' },
        { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
      );
      expect(response.status).toBe(200);
      const [mail] = await smtp.waitForMail(1);
      expect(mail!.text).not.toContain('evil.example');
      expect(mail!.text).toMatch(
        /https:\/\/notes\.example\.org\/api\/newsletter\/unsubscribe\?token=[\w-]{43}/,
      );
    } finally {
      await t.stop();
      await smtp.stop();
    }
  });
});
