import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import { createFakeNote, postJson } from '../testing/notes-client.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

const ADDRESS = 'sender.receipt@example.org';

describe.each(TEST_DATABASES)('read receipts on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestServer(
      kind,
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Ashnote <noreply@ashnote.test>',
        MAIL_KEY: crypto.randomBytes(32).toString('base64'),
      },
      { notes: { sweepIntervalMs: 200 } },
    );
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
    });
    expect(read.status).toBe(200);

    const [mail] = await smtp.waitForMail(1);
    expect(mail!.to).toEqual([ADDRESS]);
    expect(mail!.raw).toContain('was opened and destroyed');
    expect(mail!.raw).not.toContain(note.noteId);
    expect(mail!.raw).not.toContain(note.content);
    expect(mail!.raw).not.toContain('/note/');

    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from read_receipt`.execute(
              t.server.database.sql,
            )
          ).rows[0]?.n,
      )
      .toBe(0);
    expect(t.logs.join('\n')).not.toContain(ADDRESS);
  });

  it('retries a failed delivery without blocking or undoing the read, and logs no address', async () => {
    smtp.failNext(1);
    const before = smtp.mails.length;
    const note = await createFakeNote(t.url, { emailNotification: ADDRESS });
    const read = await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
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

  it('drops the address of a note that expires unread, without mailing', async () => {
    const before = smtp.mails.length;
    const note = await createFakeNote(t.url, { emailNotification: ADDRESS });
    await sql`update note set expires_at = now() - interval '1 second' where id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from read_receipt`.execute(
              t.server.database.sql,
            )
          ).rows[0]?.n,
      )
      .toBe(0);
    expect(smtp.mails).toHaveLength(before);
  });
});
