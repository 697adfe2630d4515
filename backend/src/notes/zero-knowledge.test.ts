import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateNoteResponse, VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import {
  base64UrlEncode,
  createNoteKeys,
  decryptNote,
  deriveNoteKeys,
  encryptNoteImage,
  encryptNoteText,
} from '../../../shared/crypto/index.ts';
import { postJson } from '../testing/notes-client.ts';
import { dumpDatabase } from '../testing/database-dump.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

const PLAINTEXT = 'ZK-PLAINTEXT the vault code is 7391-alpha';
const PASSWORD = 'ZK-PASSWORD correct horse battery';
const IMAGE_MARKER = 'ZK-IMAGE-BYTES';
const ADDRESS = 'zk.receipt@example.org';

describe.each(TEST_DATABASES)('zero knowledge on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'noreply@ashnote.test',
      MAIL_KEY: crypto.randomBytes(32).toString('base64'),
    });
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });

  it('keeps plaintext, keys, password and proof out of every table and log through a full cycle', async () => {
    const keys = await createNoteKeys({ password: PASSWORD });
    const image = {
      name: 'ZK-IMAGE-NAME.png',
      type: 'image/png',
      bytes: new TextEncoder().encode(`${IMAGE_MARKER} pixels`),
    };
    const created = await postJson(`${t.url}${apiPaths.notes}`, {
      content: await encryptNoteText(keys.contentKey, PLAINTEXT, 1),
      verifier: keys.verifier,
      linkVerifier: keys.linkVerifier,
      kdf: keys.kdf,
      expiration: '1h',
      emailNotification: ADDRESS,
      attachedImages: [await encryptNoteImage(keys.contentKey, image, { index: 0, count: 1 })],
    });
    expect(created.status).toBe(201);
    const { noteId } = (await created.json()) as CreateNoteResponse;

    const secrets = [
      PLAINTEXT,
      PASSWORD,
      IMAGE_MARKER,
      'ZK-IMAGE-NAME',
      ADDRESS,
      keys.linkKey,
      keys.proof,
      keys.linkProof,
      base64UrlEncode(keys.contentKey),
      Buffer.from(keys.contentKey).toString('hex'),
      Buffer.from(keys.contentKey).toString('base64'),
      Buffer.from(keys.proof, 'base64url').toString('hex'),
    ];
    const expectNoSecrets = (text: string) => {
      for (const secret of secrets) expect(text).not.toContain(secret);
    };

    expectNoSecrets(await dumpDatabase(t));

    // The reader derives everything from the link and the password alone.
    const reader = await deriveNoteKeys(keys.linkKey, PASSWORD, keys.kdf);
    const read = await postJson(`${t.url}${apiPaths.noteVerify(noteId)}`, {
      proof: reader.proof,
      linkProof: reader.linkProof,
    });
    expect(read.status).toBe(200);
    const body = (await read.json()) as VerifyNoteResponse;
    const opened = await decryptNote(reader.contentKey, body);
    expect(opened.text).toBe(PLAINTEXT);
    expect(opened.images.map(({ name }) => name)).toEqual([image.name]);

    await smtp.waitForMail(1);
    await expect.poll(async () => (await dumpDatabase(t)).includes(noteId + '"')).toBe(true);
    expectNoSecrets(await dumpDatabase(t));
    expectNoSecrets(t.logs.join('\n'));
    expectNoSecrets(smtp.mails.map((mail) => mail.raw.replace(ADDRESS, '')).join('\n'));
  });
});
