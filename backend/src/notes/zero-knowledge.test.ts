import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateNoteResponse, VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import {
  base64UrlEncode,
  createNoteKeys,
  createStatusKeys,
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
const REFERENCE = 'ZK-REFERENCE contract for Lea';

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
    const status = await createStatusKeys();
    const image = {
      name: 'ZK-IMAGE-NAME.png',
      type: 'image/png',
      bytes: new TextEncoder().encode(`${IMAGE_MARKER} pixels`),
    };
    const created = await postJson(`${t.url}${apiPaths.notes}`, {
      content: await encryptNoteText(keys.contentKey, PLAINTEXT, { images: 1 }),
      verifier: keys.verifier,
      linkVerifier: keys.linkVerifier,
      kdf: keys.kdf,
      expiration: '1h',
      emailNotification: ADDRESS,
      notificationReference: REFERENCE,
      statusVerifier: status.statusVerifier,
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
      REFERENCE,
      status.statusKey,
      status.statusProof,
      Buffer.from(status.statusKey, 'base64url').toString('hex'),
      Buffer.from(status.statusProof, 'base64url').toString('hex'),
    ];
    const expectNoSecrets = (text: string) => {
      for (const secret of secrets) expect(text).not.toContain(secret);
    };

    expectNoSecrets(await dumpDatabase(t));
    // Of the status link the server keeps only the hash of its proof.
    const statusVerifierHex = Buffer.from(status.statusVerifier, 'base64url').toString('hex');
    expect(await dumpDatabase(t)).toContain(statusVerifierHex);

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
    // The sender asks through the status link how the note ended.
    const asked = await postJson(`${t.url}${apiPaths.noteStatus(noteId)}`, {
      statusProof: status.statusProof,
    });
    expect(await asked.json()).toMatchObject({ state: 'ended', reason: 'read' });
    const late = await postJson(`${t.url}${apiPaths.noteDestroy(noteId)}`, {
      statusProof: status.statusProof,
    });
    expect(await late.json()).toMatchObject({ state: 'ended', reason: 'read' });
    await expect.poll(async () => (await dumpDatabase(t)).includes(noteId + '"')).toBe(true);
    expectNoSecrets(await dumpDatabase(t));
    expect(await dumpDatabase(t)).toContain(statusVerifierHex);
    expectNoSecrets(t.logs.join('\n'));
    // The mail names the note by the sender's reference, which only the mail may carry.
    const mails = smtp.mails.map((mail) => mail.raw.replace(ADDRESS, '')).join('\n');
    expect(mails).toContain(REFERENCE);
    expectNoSecrets(mails.replaceAll(REFERENCE, ''));
  });
});
