import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newsletterIssueListSchema,
  newsletterIssueSchema,
  newsletterPreviewSchema,
  type NewsletterDraftRequest,
  type NewsletterIssue,
} from '../../../shared/api/newsletter-issues.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { hashPassword, LEAST_WORK } from '../admin/password-hash.ts';
import { dumpDatabase } from '../testing/database-dump.ts';
import { ownOrigin, postJson } from '../testing/notes-client.ts';
import { seedSubscribers, testSubscribers } from '../testing/newsletter-subscribers.ts';
import { startSmtpSink, type ReceivedMail } from '../testing/smtp-sink.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../testing/test-server.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const PASSWORD = 'correct horse battery staple';

/** A draft in English, German and Japanese; French readers fall back to English. */
const DRAFT: NewsletterDraftRequest = {
  texts: {
    en: {
      subject: 'Ashnote news: files',
      markdown: [
        '# Files arrive',
        'Send **any file**, encrypted. [Read more](https://ashnote.example/blog/files).',
        '- one\n- two',
        '<script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)">',
        '[trap](javascript:alert(3))',
      ].join('\n\n'),
    },
    de: { subject: 'Ashnote-Neuigkeiten: Dateien', markdown: 'Dateien kommen **verschlüsselt**.' },
    ja: { subject: 'Ashnote ニュース：ファイル', markdown: 'ファイルを**暗号化**して送れます。' },
  },
};

/** The raw mail's headers, folded lines joined. */
function headerOf(mail: ReceivedMail, name: string): string {
  const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
}

const UNSUBSCRIBE_LINK = /http:\/\/\S+\/api\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})/;

/** One subscriber each mail's HTML part and text part link to, and its headers name. */
function expectUnsubscribeEverywhere(mail: ReceivedMail): string {
  const link = UNSUBSCRIBE_LINK.exec(mail.text)![0];
  expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
  expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<${link}>`);
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  return link;
}

const SUBJECT_IN: Partial<Record<LanguageCode, string>> = {
  en: DRAFT.texts.en!.subject,
  de: DRAFT.texts.de!.subject,
  ja: DRAFT.texts.ja!.subject,
  fr: DRAFT.texts.en!.subject,
};

/** The administrator's calls, with the session cookie and the site's origin. */
function adminClient(url: string, cookie: string) {
  const headers = { cookie, ...ownOrigin(url) };
  return {
    list: async () => {
      const response = await fetch(`${url}${apiPaths.newsletterIssues}`, { headers });
      expect(response.status).toBe(200);
      return newsletterIssueListSchema.parse(await response.json()).issues;
    },
    create: (body: unknown) => postJson(`${url}${apiPaths.newsletterIssues}`, body, headers),
    update: (id: string, body: unknown) =>
      postJson(`${url}${apiPaths.newsletterIssue(id)}`, body, headers),
    preview: (body: unknown) => postJson(`${url}${apiPaths.newsletterPreview}`, body, headers),
    test: (id: string, body: unknown) =>
      postJson(`${url}${apiPaths.newsletterIssueTest(id)}`, body, headers),
    send: (id: string) =>
      fetch(`${url}${apiPaths.newsletterIssueSend(id)}`, { method: 'POST', headers }),
  };
}

async function signIn(url: string): Promise<string> {
  const login = await postJson(
    `${url}${apiPaths.adminLogin}`,
    { password: PASSWORD },
    ownOrigin(url),
  );
  expect(login.status).toBe(200);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/** Waits until the issue's sending is done, as the administrator's list shows it. */
async function untilSent(
  admin: ReturnType<typeof adminClient>,
  id: string,
): Promise<NewsletterIssue> {
  for (let tries = 0; tries < 600; tries++) {
    const issue = (await admin.list()).find((listed) => listed.id === id)!;
    if (issue.status === 'sent') return issue;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the issue was not sent in time');
}

async function created(admin: ReturnType<typeof adminClient>): Promise<NewsletterIssue> {
  const response = await admin.create(DRAFT);
  expect(response.status).toBe(201);
  return newsletterIssueSchema.parse(await response.json());
}

const mailEnv = () => ({
  SMTP_URL: '',
  MAIL_FROM: 'newsletter@ashnote.test',
  MAIL_KEY: crypto.randomBytes(32).toString('base64'),
  NEWSLETTER_RATE_PER_MINUTE: '1000000',
});

describe.each(TEST_DATABASES)('newsletter issues on %s', (kind) => {
  let smtp: Sink;
  let t: TestServer;
  let env: ReturnType<typeof mailEnv>;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    env = { ...mailEnv(), SMTP_URL: smtp.url };
    t = await startTestServer(kind, {
      ...env,
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
    });
    admin = adminClient(t.url, await signIn(t.url));
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.stop();
  });

  it('lets only the signed-in administrator, from the site itself, see or change issues', async () => {
    expect((await fetch(`${t.url}${apiPaths.newsletterIssues}`)).status).toBe(401);
    const anonymous = await postJson(
      `${t.url}${apiPaths.newsletterIssues}`,
      DRAFT,
      ownOrigin(t.url),
    );
    expect(anonymous.status).toBe(401);
    const cookie = await signIn(t.url);
    const elsewhere = await postJson(`${t.url}${apiPaths.newsletterIssues}`, DRAFT, {
      cookie,
      Origin: 'https://evil.example',
    });
    expect(elsewhere.status).toBe(403);
    expect(await admin.list()).toEqual([]);
  });

  it('refuses a draft without English or with an empty subject, and changes nothing', async () => {
    const before = await admin.list();
    const noEnglish = await admin.create({ texts: { de: DRAFT.texts.de } });
    expect(noEnglish.status).toBe(400);
    const empty = await admin.create({ texts: { en: { subject: ' ', markdown: 'Hi' } } });
    expect(empty.status).toBe(400);
    expect(await admin.list()).toEqual(before);
  });

  it('previews sanitized HTML and plain text, each with the unsubscribe link in the language', async () => {
    const response = await admin.preview({ ...DRAFT.texts.en, language: 'en' });
    expect(response.status).toBe(200);
    const preview = newsletterPreviewSchema.parse(await response.json());
    expect(preview.subject).toBe('Ashnote news: files');
    expect(preview.html).toContain('<h1>Files arrive</h1>');
    expect(preview.html).toContain('<strong>any file</strong>');
    expect(preview.html).toContain('<a href="https://ashnote.example/blog/files">Read more</a>');
    for (const banned of ['<script', 'onerror', '<img', 'tracker.example', 'javascript:']) {
      expect(preview.html).not.toContain(banned);
    }
    expect(preview.text).toContain(
      'Files arrive\n\nSend any file, encrypted. Read more (https://ashnote.example/blog/files).',
    );
    expect(preview.text).toContain('- one\n- two');
    expect(preview.text).toMatch(/To unsubscribe at any time, open this link: http:\/\/\S+token=/);
    expect(preview.html).toMatch(/To unsubscribe at any time, open this link: <a href="http/);

    const german = newsletterPreviewSchema.parse(
      await (await admin.preview({ ...DRAFT.texts.de, language: 'de' })).json(),
    );
    expect(german.text).toContain('Abmelden kannst du dich jederzeit');
  });

  it('mails a test to one address in the chosen language, English where the issue has none', async () => {
    const issue = await created(admin);
    const before = smtp.mails.length;
    expect(
      (await admin.test(issue.id, { email: 'editor@example.org', language: 'de' })).status,
    ).toBe(200);
    expect(
      (await admin.test(issue.id, { email: 'editor@example.org', language: 'fr' })).status,
    ).toBe(200);
    const [german, french] = (await smtp.waitForMail(before + 2)).slice(before);
    expect(german!.to).toEqual(['editor@example.org']);
    expect(german!.subject).toBe(DRAFT.texts.de!.subject);
    expect(german!.html).toContain('<strong>verschlüsselt</strong>');
    expectUnsubscribeEverywhere(german!);
    // The issue in English, the link's sentence in the reader's French.
    expect(french!.subject).toBe(DRAFT.texts.en!.subject);
    expect(french!.text).toContain('Pour vous désabonner à tout moment');
    expectUnsubscribeEverywhere(french!);
    // A test is no sending: the issue is still a draft.
    expect((await admin.list()).find((listed) => listed.id === issue.id)!.status).toBe('draft');
    const bad = await admin.test(issue.id, { email: 'not an address', language: 'en' });
    expect(bad.status).toBe(400);
  });

  it('sends to every verified subscriber once, in their language; a 5xx bounce is marked and skipped next time', async () => {
    const subscribers = testSubscribers(`all-${kind}`, 8, ['en', 'de', 'ja', 'fr']);
    await seedSubscribers(t, env.MAIL_KEY, subscribers);
    const bouncing = subscribers[5]!;
    smtp.rejectRecipients([bouncing.email]);
    const issue = await created(admin);
    // The draft can still change; it tells how many it would reach.
    const changed = await admin.update(issue.id, DRAFT);
    expect(changed.status).toBe(200);
    expect(newsletterIssueSchema.parse(await changed.json()).progress.remaining).toBe(8);

    const before = smtp.mails.length;
    const sending = await admin.send(issue.id);
    expect(sending.status).toBe(200);
    expect(newsletterIssueSchema.parse(await sending.json()).status).toBe('sending');
    const done = await untilSent(admin, issue.id);
    expect(done.progress).toEqual({ sent: 7, failed: 1, remaining: 0 });
    const mails = smtp.mails.slice(before);
    expect(mails).toHaveLength(7);
    for (const subscriber of subscribers.filter((one) => one !== bouncing)) {
      const theirs = mails.filter((mail) => mail.to.includes(subscriber.email));
      expect(theirs, subscriber.email).toHaveLength(1);
      expect(theirs[0]!.subject).toBe(SUBJECT_IN[subscriber.language]);
      expect(UNSUBSCRIBE_LINK.exec(expectUnsubscribeEverywhere(theirs[0]!))![1]).toBe(
        subscriber.token,
      );
    }
    const bounced = await t.server.database.sql
      .selectFrom('newsletter_subscriber')
      .select('address_hash')
      .where('bounced_at', 'is not', null)
      .execute();
    expect(bounced).toHaveLength(1);

    // Sent once: neither sent again nor changed.
    expect((await admin.send(issue.id)).status).toBe(400);
    expect((await admin.update(issue.id, DRAFT)).status).toBe(400);

    // The next issue skips the bounced mailbox.
    const next = await created(admin);
    expect((await admin.send(next.id)).status).toBe(200);
    expect((await untilSent(admin, next.id)).progress).toEqual({
      sent: 7,
      failed: 0,
      remaining: 0,
    });
    expect(smtp.mails.slice(before + 7).some((mail) => mail.to.includes(bouncing.email))).toBe(
      false,
    );
  });

  it('erases a subscriber’s deliveries with the subscriber on unsubscribe', async () => {
    const [leaving] = testSubscribers(`leaving-${kind}`, 1, ['en']);
    await seedSubscribers(t, env.MAIL_KEY, [leaving!]);
    const issue = await created(admin);
    await admin.send(issue.id);
    await untilSent(admin, issue.id);
    const deliveries = () =>
      t.server.database.sql
        .selectFrom('newsletter_delivery')
        .select('address_hash')
        .where('issue_id', '=', issue.id)
        .execute();
    const count = (await deliveries()).length;
    const unsubscribe = await fetch(`${t.url}${apiPaths.newsletterUnsubscribe(leaving!.token)}`, {
      method: 'POST',
    });
    expect(unsubscribe.status).toBe(200);
    expect((await deliveries()).length).toBe(count - 1);
  });

  it('keeps every address out of the database and the logs', async () => {
    const dump = (await dumpDatabase(t)).toLowerCase();
    const logs = t.logs.join('\n');
    for (const mail of smtp.mails) {
      for (const recipient of mail.to) expect(dump).not.toContain(recipient.toLowerCase());
    }
    expect(logs).not.toContain('@example.org');
    expect(logs).toContain('newsletter issue sent');
    expect(logs).toContain('"bounced":true');
  });
});

/**
 * Runs `use` with an SMTP sink and the settings of servers sharing one fresh store (mail, an
 * administrator), which it then drops.
 */
async function onSharedStore(
  kind: TestDatabaseKind,
  use: (smtp: Sink, env: Record<string, string> & { MAIL_KEY: string }) => Promise<void>,
): Promise<void> {
  const smtp = await startSmtpSink();
  const store = await createTestStore(kind);
  try {
    await use(smtp, {
      ...store.env,
      ...mailEnv(),
      SMTP_URL: smtp.url,
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
    });
  } finally {
    await store.drop();
    await smtp.stop();
  }
}

describe.each(TEST_DATABASES)('a newsletter issue across a restart on %s', (kind) => {
  it('mails each of 500 subscribers exactly one copy, in their language, though the server stopped mid-send', async () => {
    await onSharedStore(kind, async (smtp, env) => {
      const first = await startServer(env);
      const subscribers = testSubscribers(`restart-${kind}`, 500, ['en', 'de', 'fr']);
      await seedSubscribers(first, env.MAIL_KEY, subscribers);
      const cookie = await signIn(first.url);
      const issue = await created(adminClient(first.url, cookie));
      expect((await adminClient(first.url, cookie).send(issue.id)).status).toBe(200);
      await smtp.waitForMail(100, 60_000);
      await first.stop();
      const beforeRestart = smtp.mails.length;
      expect(beforeRestart).toBeLessThan(500);

      const second = await startServer(env);
      try {
        const done = await untilSent(adminClient(second.url, cookie), issue.id);
        expect(done.progress).toEqual({ sent: 500, failed: 0, remaining: 0 });
      } finally {
        await second.stop();
      }
      expect(smtp.mails).toHaveLength(500);
      const byRecipient = new Map(smtp.mails.map((mail) => [mail.to[0]!, mail]));
      expect(byRecipient.size).toBe(500);
      for (const subscriber of subscribers) {
        expect(byRecipient.get(subscriber.email)?.subject, subscriber.email).toBe(
          SUBJECT_IN[subscriber.language],
        );
      }
    });
  }, 180_000);
});

describe.skipIf(!TEST_DATABASES.includes('postgres'))(
  'a newsletter issue sent by two instances',
  () => {
    it('mails each subscriber exactly one copy when two instances send the same issue at once', async () => {
      await onSharedStore('postgres', async (smtp, env) => {
        const first = await startServer(env);
        // The second looks for issues being sent five times a second: it joins in at once.
        const second = await startServer(env, { newsletter: { senderPollMs: 200 } });
        const subscribers = testSubscribers('pair', 200, ['en', 'ja']);
        await seedSubscribers(first, env.MAIL_KEY, subscribers);
        const cookie = await signIn(first.url);
        const admin = adminClient(first.url, cookie);
        const issue = await created(admin);
        try {
          expect((await admin.send(issue.id)).status).toBe(200);
          expect((await untilSent(admin, issue.id)).progress).toEqual({
            sent: 200,
            failed: 0,
            remaining: 0,
          });
        } finally {
          await Promise.all([first.stop(), second.stop()]);
        }
        expect(smtp.mails).toHaveLength(200);
        expect(new Set(smtp.mails.map((mail) => mail.to[0])).size).toBe(200);
        expect(second.logs.join('\n')).toContain('newsletter issue sending');
      });
    }, 180_000);
  },
);
