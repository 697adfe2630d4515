import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FILE_CONTENT_TYPE } from '../../../shared/api/note-files.ts';
import type { NoteInfoResponse, VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import type {
  AnswerRequestResponse,
  CreateRequestResponse,
  RequestInfoResponse,
} from '../../../shared/api/requests.ts';
import { base64UrlEncode } from '../../../shared/crypto/encoding.ts';
import {
  createRequestKeys,
  decryptRequestLabel,
  deriveRequestKeys,
  deriveRequestLabelKey,
  encryptRequestLabel,
  openRequestAnswer,
  sealRequestAnswer,
  type RequestKeys,
} from '../../../shared/crypto/request.ts';
import {
  createFileMeta,
  decryptFileStream,
  encryptFileStream,
  type FileMeta,
} from '../../../shared/crypto/note-files.ts';
import { DEFAULT_NOTE_MAX_FILE_BYTES, FILE_CHUNK_BYTES } from '../../../shared/limits.ts';
import { dumpDatabase } from '../testing/database-dump.ts';
import { requestsRepository } from './requests.repository.ts';
import { postJson } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

const LABEL = 'ZK-LABEL VPN password for Lea';
const ANSWER = 'ZK-ANSWER the VPN password is 8812-kappa';

describe.each(TEST_DATABASES)('requests on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // Generous limits: the concurrency test fires many answers from one address.
    t = await startTestServer(
      kind,
      {},
      { requests: { rateRules: { answer: { limit: 500, windowSeconds: 600 } } } },
    );
  });
  afterAll(() => t.stop());

  async function createRequest(label = LABEL): Promise<{ id: string; keys: RequestKeys }> {
    const keys = await createRequestKeys();
    const response = await postJson(`${t.url}${apiPaths.requests}`, {
      label: await encryptRequestLabel(keys.labelKey, label),
      claimVerifier: keys.claimVerifier,
      expiration: '1h',
    });
    expect(response.status).toBe(201);
    const { requestId } = (await response.json()) as CreateRequestResponse;
    return { id: requestId, keys };
  }

  const info = (id: string) => fetch(`${t.url}${apiPaths.request(id)}`);
  const answer = async (id: string, publicKey: string, text = ANSWER) =>
    postJson(
      `${t.url}${apiPaths.requestAnswer(id)}`,
      await sealRequestAnswer({ requestId: id, publicKey, text }),
    );
  const claim = (id: string, proof: string) =>
    postJson(`${t.url}${apiPaths.noteVerify(id)}`, { proof, linkProof: proof });

  it('request → answer → claim → destroyed, with nothing secret on the server', async () => {
    const { id, keys } = await createRequest();

    // The responder sees the label through the request link's public key alone.
    const open = (await (await info(id)).json()) as RequestInfoResponse;
    expect(open).toMatchObject({ answered: false, ephemeralKey: null });
    const labelKey = await deriveRequestLabelKey(keys.publicKey);
    expect(await decryptRequestLabel(labelKey, open.label)).toBe(LABEL);

    const answered = await answer(id, keys.publicKey);
    expect(answered.status).toBe(201);
    const after = (await (await info(id)).json()) as RequestInfoResponse;
    expect(after.answered).toBe(true);
    expect(after.ephemeralKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The requester: the claim link's private key gives the label, the proof and the answer.
    const claimer = await deriveRequestKeys(keys.privateKey);
    expect(await decryptRequestLabel(claimer.labelKey, after.label)).toBe(LABEL);
    const note = (await (await fetch(`${t.url}${apiPaths.note(id)}`)).json()) as NoteInfoResponse;
    expect(note).toMatchObject({ isDestroyed: false, hasPassword: false, attachmentCount: 0 });

    const secrets = [
      LABEL,
      ANSWER,
      keys.privateKey,
      keys.publicKey,
      keys.claimProof,
      base64UrlEncode(keys.labelKey),
      Buffer.from(keys.labelKey).toString('hex'),
      Buffer.from(keys.privateKey, 'base64url').toString('hex'),
      Buffer.from(keys.publicKey, 'base64url').toString('hex'),
    ];
    const expectNoSecrets = (text: string) => {
      for (const secret of secrets) expect(text).not.toContain(secret);
    };
    expectNoSecrets(await dumpDatabase(t));

    const read = await claim(id, claimer.claimProof);
    expect(read.status).toBe(200);
    const body = (await read.json()) as VerifyNoteResponse;
    expect(body.attachedImages).toEqual([]);
    const answerText = await openRequestAnswer({
      requestId: id,
      privateKey: keys.privateKey,
      answer: { ephemeralKey: after.ephemeralKey!, content: body.content },
    });
    expect(answerText).toEqual({ text: ANSWER, files: [] });

    // Read once: the answer is gone, and says so.
    expect((await claim(id, claimer.claimProof)).status).toBe(410);
    const gone = (await (await fetch(`${t.url}${apiPaths.note(id)}`)).json()) as NoteInfoResponse;
    expect(gone).toMatchObject({ isDestroyed: true, reason: 'read' });
    expectNoSecrets(await dumpDatabase(t));
    expectNoSecrets(t.logs.join('\n'));
  });

  it('an answer carries files, claimable once they are uploaded, and they decrypt to what was sent', async () => {
    const { id, keys } = await createRequest();
    const contents = [crypto.randomBytes(FILE_CHUNK_BYTES + 1000), Buffer.alloc(0)];
    const metas = [
      await createFileMeta({
        name: 'ZK-FILE contract.pdf',
        type: 'application/pdf',
        size: contents[0]!.length,
      }),
      await createFileMeta({ name: 'empty.txt', type: 'text/plain', size: 0 }),
    ];
    const sealed = await sealRequestAnswer({
      requestId: id,
      publicKey: keys.publicKey,
      text: ANSWER,
      files: metas,
    });
    const answered = await postJson(`${t.url}${apiPaths.requestAnswer(id)}`, sealed);
    expect(answered.status).toBe(201);
    const { uploadToken } = (await answered.json()) as AnswerRequestResponse;
    const auth = { Authorization: `Bearer ${uploadToken!}` };

    // Not claimable while its files are on their way: nothing there to burn yet, and the
    // request says so (rather than the claim page calling the answer not found).
    expect((await claim(id, keys.claimProof)).status).toBe(404);
    expect(await (await info(id)).json()).toMatchObject({ answered: true, answerUploading: true });
    for (const [file, meta] of metas.entries()) {
      const source = (async function* () {
        yield contents[file]!;
      })();
      for await (const chunk of encryptFileStream(meta, source)) {
        const put = await fetch(`${t.url}${apiPaths.noteFileChunk(id, file, chunk.index)}`, {
          method: 'PUT',
          headers: { 'Content-Type': FILE_CONTENT_TYPE, ...auth },
          body: chunk.bytes,
        });
        expect(put.status).toBe(204);
      }
    }
    const complete = await fetch(`${t.url}${apiPaths.noteComplete(id)}`, {
      method: 'POST',
      headers: auth,
    });
    expect(complete.status).toBe(200);
    expect(await (await info(id)).json()).toMatchObject({ answered: true, answerUploading: false });

    const read = await claim(id, keys.claimProof);
    expect(read.status).toBe(200);
    const body = (await read.json()) as VerifyNoteResponse;
    const ephemeralKey = sealed.ephemeralKey;
    const opened = await openRequestAnswer({
      requestId: id,
      privateKey: keys.privateKey,
      answer: { ephemeralKey, content: body.content, files: body.files },
    });
    expect(opened.text).toBe(ANSWER);
    expect(opened.files).toEqual(metas);
    for (const [file, meta] of opened.files.entries()) {
      const download = await fetch(`${t.url}${apiPaths.noteFile(id, file)}`, {
        headers: { Authorization: `Bearer ${body.downloadToken!}` },
      });
      expect(download.status).toBe(200);
      const source = download.body as unknown as AsyncIterable<Uint8Array>;
      const plain: Uint8Array[] = [];
      for await (const piece of decryptFileStream(meta, source)) plain.push(piece);
      expect(Buffer.concat(plain).equals(contents[file]!)).toBe(true);
    }
    // Without the files, the answer does not open: a server cannot drop them unnoticed.
    const withoutFiles = { ephemeralKey, content: body.content };
    await expect(
      openRequestAnswer({ requestId: id, privateKey: keys.privateKey, answer: withoutFiles }),
    ).rejects.toMatchObject({ code: 'DECRYPT_FAILED' });
    expect(await dumpDatabase(t)).not.toContain('ZK-FILE');
  });

  it('opens a request again once its answer is abandoned unfinished, and only then', async () => {
    // A server of its own whose notes' sweep runs often: the reopening follows it.
    const swept = await startTestServer(kind, {}, { notes: { sweepIntervalMs: 100 } });
    try {
      const infoOn = async (id: string) =>
        (await (await fetch(`${swept.url}${apiPaths.request(id)}`)).json()) as RequestInfoResponse;
      const answerOn = async (id: string, publicKey: string, files: FileMeta[] = []) =>
        postJson(
          `${swept.url}${apiPaths.requestAnswer(id)}`,
          await sealRequestAnswer({ requestId: id, publicKey, text: ANSWER, files }),
        );
      const createOn = async () => {
        const keys = await createRequestKeys();
        const response = await postJson(`${swept.url}${apiPaths.requests}`, {
          label: await encryptRequestLabel(keys.labelKey, LABEL),
          claimVerifier: keys.claimVerifier,
          expiration: '1h',
        });
        const { requestId } = (await response.json()) as CreateRequestResponse;
        return { id: requestId, keys };
      };
      const { id, keys } = await createOn();
      const file = await createFileMeta({ name: 'never-sent.pdf', type: '', size: 10 });
      expect((await answerOn(id, keys.publicKey, [file])).status).toBe(201);
      expect(await infoOn(id)).toMatchObject({ answered: true, answerUploading: true });
      expect((await answerOn(id, keys.publicKey)).status).toBe(409);

      // Its file never comes: past the upload window, the sweep deletes the answer unread.
      await sql`update note set created_at = now() - interval '61 minutes' where id = ${id}`.execute(
        swept.server.database.sql,
      );
      await expect.poll(async () => (await infoOn(id)).answered, { timeout: 10_000 }).toBe(false);
      expect(await infoOn(id)).toMatchObject({ ephemeralKey: null, answerUploading: false });
      expect(swept.logs.join('\n')).toContain('requests with an abandoned answer reopened');

      // Answered again, claimed as any answer.
      expect((await answerOn(id, keys.publicKey)).status).toBe(201);
      const claimed = await postJson(`${swept.url}${apiPaths.noteVerify(id)}`, {
        proof: keys.claimProof,
        linkProof: keys.claimProof,
      });
      expect(claimed.status).toBe(200);
      const body = (await claimed.json()) as VerifyNoteResponse;
      const { ephemeralKey } = await infoOn(id);
      expect(
        await openRequestAnswer({
          requestId: id,
          privateKey: keys.privateKey,
          answer: { ephemeralKey: ephemeralKey!, content: body.content },
        }),
      ).toEqual({ text: ANSWER, files: [] });

      // A read answer stays answered (its tombstone says why it is gone): the requests' own
      // sweep, which catches an abandonment a crash kept from reopening, leaves it so.
      const repo = requestsRepository(swept.server.database);
      expect(await repo.reopenAbandoned()).toBe(0);
      expect(await infoOn(id)).toMatchObject({ answered: true });

      // An abandoned answer whose reopening never ran (the note gone, nothing told).
      const crashed = await createOn();
      expect((await answerOn(crashed.id, crashed.keys.publicKey)).status).toBe(201);
      await sql`delete from note where id = ${crashed.id}`.execute(swept.server.database.sql);
      expect(await repo.reopenAbandoned()).toBe(1);
      expect(await infoOn(crashed.id)).toMatchObject({ answered: false });
    } finally {
      await swept.stop();
    }
  });

  it('refuses an answer whose files are larger than the server takes, answering nothing', async () => {
    const { id, keys } = await createRequest();
    const size = DEFAULT_NOTE_MAX_FILE_BYTES + 1;
    const meta = await createFileMeta({ name: 'big.iso', type: '', size });
    const sealed = await sealRequestAnswer({
      requestId: id,
      publicKey: keys.publicKey,
      text: '',
      files: [meta],
    });
    const refused = await postJson(`${t.url}${apiPaths.requestAnswer(id)}`, sealed);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      error: { code: 'FILES_TOO_LARGE', details: { maxFileBytes: DEFAULT_NOTE_MAX_FILE_BYTES } },
    });
    const state = (await (await info(id)).json()) as RequestInfoResponse;
    expect(state.answered).toBe(false);
  });

  it('a second answer is refused with 409 and changes nothing', async () => {
    const { id, keys } = await createRequest();
    expect((await answer(id, keys.publicKey, 'first')).status).toBe(201);
    const before = (await (await info(id)).json()) as RequestInfoResponse;
    const second = await answer(id, keys.publicKey, 'second');
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    expect(await (await info(id)).json()).toEqual(before);

    const read = (await (await claim(id, keys.claimProof)).json()) as VerifyNoteResponse;
    const opened = await openRequestAnswer({
      requestId: id,
      privateKey: keys.privateKey,
      answer: { ephemeralKey: before.ephemeralKey!, content: read.content },
    });
    expect(opened.text).toBe('first');
  });

  it('of concurrent answers exactly one wins, and it is the one stored', async () => {
    const { id, keys } = await createRequest();
    const sealed = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sealRequestAnswer({ requestId: id, publicKey: keys.publicKey, text: `answer ${i}` }),
      ),
    );
    const responses = await Promise.all(
      sealed.map((body) => postJson(`${t.url}${apiPaths.requestAnswer(id)}`, body)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);

    const winner = sealed[statuses.indexOf(201)]!;
    const state = (await (await info(id)).json()) as RequestInfoResponse;
    expect(state.ephemeralKey).toBe(winner.ephemeralKey);
    const read = (await (await claim(id, keys.claimProof)).json()) as VerifyNoteResponse;
    expect(read.content).toBe(winner.content);
  });

  it('a claim with a wrong key is refused and burns nothing', async () => {
    const { id, keys } = await createRequest();
    expect((await answer(id, keys.publicKey)).status).toBe(201);
    const wrong = await createRequestKeys();
    for (let i = 0; i < 12; i++) expect((await claim(id, wrong.claimProof)).status).toBe(403);
    const note = (await (await fetch(`${t.url}${apiPaths.note(id)}`)).json()) as NoteInfoResponse;
    expect(note.isDestroyed).toBe(false);
    expect((await claim(id, keys.claimProof)).status).toBe(200);
  });

  it('an unanswered request has nothing to claim; an unknown one is 404 everywhere', async () => {
    const { id, keys } = await createRequest();
    expect((await claim(id, keys.claimProof)).status).toBe(404);
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect((await info(unknown)).status).toBe(404);
    expect((await answer(unknown, keys.publicKey)).status).toBe(404);
    expect((await info('not-an-id')).status).toBe(400);
  });

  it('an expired request can no longer be answered or read', async () => {
    const { id, keys } = await createRequest();
    expect((await answer(id, keys.publicKey)).status).toBe(201);
    const { id: unanswered, keys: unansweredKeys } = await createRequest();
    const db = t.server.database.sql;
    await db
      .updateTable('secret_request')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', 'in', [id, unanswered])
      .execute();
    await db
      .updateTable('note')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await info(id)).status).toBe(404);
    expect((await answer(unanswered, unansweredKeys.publicKey)).status).toBe(404);
    expect((await claim(id, keys.claimProof)).status).toBe(410);
  });

  it('refuses malformed bodies', async () => {
    const keys = await createRequestKeys();
    const label = await encryptRequestLabel(keys.labelKey, 'x'.repeat(900));
    const tooLong = await postJson(`${t.url}${apiPaths.requests}`, {
      label,
      claimVerifier: keys.claimVerifier,
      expiration: '1h',
    });
    expect(tooLong.status).toBe(400);
    const noVerifier = await postJson(`${t.url}${apiPaths.requests}`, { label, expiration: '1h' });
    expect(noVerifier.status).toBe(400);
  });
});

describe.each(TEST_DATABASES)('request lives an operator chose on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { NOTE_EXPIRATIONS: '15m,1h' });
  });
  afterAll(() => t.stop());

  it('refuses a life the server does not offer notes (the answer is one), keeping nothing', async () => {
    const keys = await createRequestKeys();
    const label = await encryptRequestLabel(keys.labelKey, '');
    const make = (expiration: string) =>
      postJson(`${t.url}${apiPaths.requests}`, {
        label,
        claimVerifier: keys.claimVerifier,
        expiration,
      });
    const refused = await make('1d');
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('This server does not offer that expiry. Choose one of: 15m, 1h.');
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from secret_request`.execute(t.server.database.sql);
    expect(rows.rows[0]!.n).toBe(0);
    expect((await make('15m')).status).toBe(201);
  });
});
