import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { ErrorBody } from '../../../shared/errors.ts';
import { createFakeNote, fakeEnvelope, noteVerifiers, postJson } from '../testing/notes-client.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

const ADDRESS = 'sender.receipt@example.org';
const mailKey = crypto.randomBytes(32);

/** A server that mails through the test's SMTP sink. */
function mailSettings(smtp: { url: string }) {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Ashnote <noreply@ashnote.test>',
    MAIL_KEY: mailKey.toString('base64'),
  };
}

/** How many receipts the server still holds (each with its address). */
async function pendingReceipts(t: TestServer): Promise<number | undefined> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from read_receipt`.execute(
    t.server.database.sql,
  );
  return rows[0]?.n;
}

describe.each(TEST_DATABASES)('read receipts on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestServer(kind, mailSettings(smtp), { notes: { sweepIntervalMs: 200 } });
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });

  it('announces e-mail as available', async () => {
    const config = (await (await fetch(`${t.url}${apiPaths.config}`)).json()) as {
      emailAvailable: boolean;
    };
    expect(config.emailAvailable).toBe(true);
  });

  it('mails once when the note is read, never the content or link, then forgets the address', async () => {
    const note = await createFakeNote(t.url, { emailNotification: ADDRESS });
    const sealed = await sql<{
      sealed_address: Uint8Array;
    }>`select sealed_address from read_receipt`.execute(t.server.database.sql);
    expect(sealed.rows).toHaveLength(1);
    expect(Buffer.from(sealed.rows[0]!.sealed_address).toString('latin1')).not.toContain(
      'example.org',
    );

    expect(smtp.mails).toHaveLength(0);
    const read = await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
      linkProof: note.linkProof,
    });
    expect(read.status).toBe(200);

    const [mail] = await smtp.waitForMail(1);
    expect(mail!.to).toEqual([ADDRESS]);
    expect(mail!.subject).toBe('Your Ashnote note was read');
    expect(mail!.text).toMatch(
      /^A note you created with Ashnote was opened and destroyed on \w+ \d+, \d{4} at /,
    );
    expect(mail!.raw).not.toContain(note.noteId);
    expect(mail!.raw).not.toContain(note.content);
    expect(mail!.raw).not.toContain('/note/');

    await expect.poll(() => pendingReceipts(t)).toBe(0);
    expect(t.logs.join('\n')).not.toContain(ADDRESS);
  });

  it('writes the receipt in the language the sender chose, with the date in that language', async () => {
    const before = smtp.mails.length;
    const note = await createFakeNote(t.url, {
      emailNotification: ADDRESS,
      notificationLanguage: 'de',
    });
    await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
      linkProof: note.linkProof,
    });
    const mail = (await smtp.waitForMail(before + 1))[before]!;
    expect(mail.subject).toBe('Deine Ashnote-Notiz wurde gelesen');
    expect(mail.text).toMatch(
      /^Eine Notiz, die du mit Ashnote erstellt hast, wurde am \d+\. \w+ \d{4} um /,
    );
    expect(mail.text).toContain('UTC');

    const unknown = await postJson(`${t.url}${apiPaths.notes}`, {
      content: note.content,
      ...noteVerifiers(),
      expiration: '1d',
      emailNotification: ADDRESS,
      notificationLanguage: 'xx',
    });
    expect(unknown.status).toBe(400);
  });

  it('still sends receipts sealed before languages were kept, in English', async () => {
    const before = smtp.mails.length;
    const note = await createFakeNote(t.url, { emailNotification: ADDRESS });
    // The earlier format: the bare address, sealed the same way.
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', mailKey, iv);
    const body = Buffer.concat([cipher.update(ADDRESS, 'utf8'), cipher.final()]);
    await sql`update read_receipt set sealed_address = ${Buffer.concat([iv, cipher.getAuthTag(), body])}
              where note_id = ${note.noteId}`.execute(t.server.database.sql);
    await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
      linkProof: note.linkProof,
    });
    const mail = (await smtp.waitForMail(before + 1))[before]!;
    expect(mail.to).toEqual([ADDRESS]);
    expect(mail.subject).toBe('Your Ashnote note was read');
  });

  it('retries a failed delivery without blocking or undoing the read, and logs no address', async () => {
    smtp.failNext(1);
    const before = smtp.mails.length;
    const note = await createFakeNote(t.url, { emailNotification: ADDRESS });
    const read = await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
      linkProof: note.linkProof,
    });
    expect(read.status).toBe(200);
    await expect
      .poll(() => t.logs.some((line) => line.includes('read receipt failed, will retry')))
      .toBe(true);
    // Pull the retry forward instead of waiting out the backoff.
    await sql`update read_receipt set next_attempt_at = now()`.execute(t.server.database.sql);
    await smtp.waitForMail(before + 1);
    expect(t.logs.join('\n')).not.toContain(ADDRESS);
  });

  it('mails once when the note expires unread, saying so, then forgets the address', async () => {
    const before = smtp.mails.length;
    const note = await createFakeNote(t.url, { emailNotification: ADDRESS });
    await sql`update note set expires_at = now() - interval '1 second' where id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    const mail = (await smtp.waitForMail(before + 1))[before]!;
    expect(mail.subject).toBe('Your Ashnote note expired unread');
    expect(mail.text).toMatch(/^A note you created with Ashnote expired unread on /);
    await expect.poll(() => pendingReceipts(t)).toBe(0);
  });

  it('names the note by the sender’s sealed reference and its creation time, and says who destroyed it', async () => {
    const before = smtp.mails.length;
    const reference = 'contract for Lea $& ✓';
    const status = crypto.randomBytes(32);
    const note = await createFakeNote(t.url, {
      emailNotification: ADDRESS,
      notificationReference: `  ${reference} `,
      statusVerifier: crypto.createHash('sha256').update(status).digest('base64url'),
    });
    const sealed = await sql<{ sealed_address: Uint8Array }>`select sealed_address from read_receipt
      where note_id = ${note.noteId}`.execute(t.server.database.sql);
    expect(Buffer.from(sealed.rows[0]!.sealed_address).toString('utf8')).not.toContain('Lea');

    const destroyed = await postJson(`${t.url}${apiPaths.noteDestroy(note.noteId)}`, {
      statusProof: status.toString('base64url'),
    });
    expect(destroyed.status).toBe(200);
    const mail = (await smtp.waitForMail(before + 1))[before]!;
    expect(mail.subject).toBe('Your Ashnote note was destroyed');
    expect(mail.text).toMatch(
      /^A note you created with Ashnote was destroyed unread on .*Destroy now/,
    );
    expect(mail.text).toContain(`Your reference: ${reference}\nCreated on `);
    expect(mail.raw).not.toContain(note.noteId);
    await expect.poll(() => pendingReceipts(t)).toBe(0);

    const multiline = await postJson(`${t.url}${apiPaths.notes}`, {
      content: note.content,
      ...noteVerifiers(),
      expiration: '1d',
      emailNotification: ADDRESS,
      notificationReference: 'two\nlines',
    });
    expect(multiline.status).toBe(400);
  });
});

describe.each(TEST_DATABASES)('read-receipt caps on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let capped: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    capped = await startTestServer(kind, mailSettings(smtp), {
      notes: {
        rateRules: {
          receiptsPerSender: { limit: 6, windowSeconds: 86_400 },
          receiptsPerRecipient: { limit: 4, windowSeconds: 86_400 },
        },
      },
    });
  });
  afterAll(async () => {
    await capped.stop();
    await smtp.stop();
  });

  it('caps the receipts one mailbox can be sent a day, whatever the letter case', async () => {
    const t = capped;
    const mailbox = 'Capped.Inbox@example.org';
    const asks = ['capped.inbox@example.org', mailbox, mailbox.toUpperCase()];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await postJson(`${t.url}${apiPaths.notes}`, {
        content: fakeEnvelope(),
        ...noteVerifiers(),
        expiration: '1h',
        emailNotification: asks[i % asks.length],
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(((await response.json()) as ErrorBody<'RATE_LIMITED'>).error.details).toMatchObject({
          scope: 'read-receipt',
        });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // The cap is counted under a keyed hash: the mailbox is nowhere in the table.
    const buckets = await sql<{ bucket: string }>`select bucket from rate_limit`.execute(
      t.server.database.sql,
    );
    expect(
      buckets.rows
        .map((row) => row.bucket)
        .join()
        .toLowerCase(),
    ).not.toContain('capped');
  });

  it('caps the receipts one sender can ask for a day', async () => {
    const t = capped;
    // Six per sender a day here: the test before asked five times from this address.
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await postJson(`${t.url}${apiPaths.notes}`, {
        content: fakeEnvelope(),
        ...noteVerifiers(),
        expiration: '1h',
        emailNotification: `other.${i}@example.org`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 429]);
  });
});
