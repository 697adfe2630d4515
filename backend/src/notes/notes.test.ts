import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteInfoResponse, VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { ErrorBody, ErrorCode } from '../../../shared/errors.ts';
import { publicConfigSchema } from '../../../shared/api/config.ts';
import { NOTE_EXPIRATION_SECONDS } from '../../../shared/limits.ts';
import { DEFAULT_SWEEP_INTERVAL_MS, type NotesOptions } from './index.ts';
import { notesRepository } from './notes.repository.ts';
import {
  createFakeNote,
  fakeEnvelope,
  noteProofs,
  noteVerifiers,
  postJson,
} from '../testing/notes-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  startTestServer,
  type TestServer,
} from '../testing/test-server.ts';

const info = async (t: TestServer, id: string) =>
  (await (await fetch(`${t.url}${apiPaths.note(id)}`)).json()) as NoteInfoResponse;
const verify = (t: TestServer, id: string, proof: string, linkProof: string) =>
  postJson(`${t.url}${apiPaths.noteVerify(id)}`, { proof, linkProof });
const errorOf = async <Code extends ErrorCode = ErrorCode>(response: Response) =>
  ((await response.json()) as ErrorBody<Code>).error;

describe.each(TEST_DATABASES)('notes API on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    const generous = { limit: 10_000, windowSeconds: 60 };
    t = await startTestServer(
      kind,
      {},
      {
        notes: { sweepIntervalMs: 3_600_000, rateRules: { create: generous, proof: generous } },
      },
    );
  });
  afterAll(() => t.stop());

  it('creates a note with a 128-bit id and the chosen expiry', async () => {
    const before = Date.now();
    const note = await createFakeNote(t.url, { expiration: '1h' });
    expect(note.noteId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const expires = Date.parse(note.expiresAt);
    expect(expires - before).toBeGreaterThan(3590_000);
    expect(expires - before).toBeLessThan(3610_000);
    expect(await info(t, note.noteId)).toEqual({
      success: true,
      isDestroyed: false,
      hasPassword: false,
      kdf: null,
      expiresAt: note.expiresAt,
      attachmentCount: 0,
      fileCount: 0,
    });
  });

  it('reports password notes with their KDF parameters', async () => {
    const kdf = { salt: 'AAAAAAAAAAAAAAAAAAAAAA', iterations: 600_000 };
    const note = await createFakeNote(t.url, {
      kdf,
      attachedImages: [fakeEnvelope(), fakeEnvelope()],
    });
    expect(await info(t, note.noteId)).toMatchObject({
      hasPassword: true,
      kdf,
      attachmentCount: 2,
    });
  });

  it('keeps the unauthenticated content path closed without burning the note', async () => {
    const note = await createFakeNote(t.url);
    const response = await fetch(`${t.url}${apiPaths.noteContent(note.noteId)}`);
    expect(response.status).toBe(428);
    expect((await errorOf(response)).code).toBe('PROOF_REQUIRED');
    expect((await info(t, note.noteId)).isDestroyed).toBe(false);
  });

  it('reads once with the proof, then shows a tombstone', async () => {
    const note = await createFakeNote(t.url, { attachedImages: [fakeEnvelope(200)] });
    const wrong = await verify(t, note.noteId, noteProofs().proof, note.linkProof);
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toMatchObject({
      code: 'WRONG_PROOF',
      message: 'Incorrect password. Please try again.',
      details: { attemptsLeft: 9 },
    });
    expect((await info(t, note.noteId)).isDestroyed).toBe(false);

    const read = await verify(t, note.noteId, note.proof, note.linkProof);
    expect(read.status).toBe(200);
    const body = (await read.json()) as VerifyNoteResponse;
    expect(body.content).toBe(note.content);
    expect(body.attachedImages).toHaveLength(1);

    const again = await verify(t, note.noteId, note.proof, note.linkProof);
    expect(again.status).toBe(410);
    expect(await errorOf(again)).toMatchObject({ code: 'GONE', details: { reason: 'read' } });
    const tombstone = await info(t, note.noteId);
    expect(tombstone).toMatchObject({ isDestroyed: true, reason: 'read' });
    if (tombstone.isDestroyed) expect(tombstone.timeAgo.hours).toBe(0);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from note where id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('destroys a note after ten wrong proofs and never serves it afterwards', async () => {
    const note = await createFakeNote(t.url);
    for (let attempt = 1; attempt < 10; attempt++) {
      const response = await verify(t, note.noteId, noteProofs().proof, note.linkProof);
      expect((await errorOf<'WRONG_PROOF'>(response)).details?.attemptsLeft).toBe(10 - attempt);
    }
    const tenth = await verify(t, note.noteId, noteProofs().proof, note.linkProof);
    expect(tenth.status).toBe(410);
    expect((await errorOf<'GONE'>(tenth)).details?.reason).toBe('too_many_attempts');
    expect((await verify(t, note.noteId, note.proof, note.linkProof)).status).toBe(410);
    expect(await info(t, note.noteId)).toMatchObject({
      isDestroyed: true,
      reason: 'too_many_attempts',
    });
  });

  it('cannot be destroyed by someone who knows only its id', async () => {
    const note = await createFakeNote(t.url, {
      kdf: { salt: 'AAAAAAAAAAAAAAAAAAAAAA', iterations: 600_000 },
    });
    // Far more guesses than the attempt limit, none of them with the link.
    for (let guess = 0; guess < 25; guess++) {
      const { proof, linkProof } = noteProofs();
      const response = await verify(t, note.noteId, proof, linkProof);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('FORBIDDEN');
    }
    expect(await info(t, note.noteId)).toMatchObject({ isDestroyed: false });
    // Wrong passwords from the link's holder still count, from the first one.
    const wrong = await verify(t, note.noteId, noteProofs().proof, note.linkProof);
    expect((await errorOf<'WRONG_PROOF'>(wrong)).details?.attemptsLeft).toBe(9);
    expect((await verify(t, note.noteId, note.proof, note.linkProof)).status).toBe(200);
  });

  it('never serves an expired note, even before the sweeper runs', async () => {
    const note = await createFakeNote(t.url);
    await sql`update note set expires_at = now() - interval '5 minutes' where id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    expect(await info(t, note.noteId)).toMatchObject({ isDestroyed: true, reason: 'expired' });
    const read = await verify(t, note.noteId, note.proof, note.linkProof);
    expect(read.status).toBe(410);
    expect((await errorOf<'GONE'>(read)).details?.reason).toBe('expired');
  });

  it('gives a 5-minute note five minutes, then refuses it and sweeps it at the next sweep', async () => {
    const before = Date.now();
    const note = await createFakeNote(t.url, { expiration: '5m' });
    const lifeMs = Date.parse(note.expiresAt) - before;
    expect(lifeMs).toBeGreaterThan(295_000);
    expect(lifeMs).toBeLessThan(305_000);
    // Five minutes pass (the database's clock decides, so its expiry moves instead).
    const db = t.server.database.sql;
    await sql`update note set expires_at = expires_at - interval '5 minutes' where id = ${note.noteId}`.execute(
      db,
    );
    expect((await verify(t, note.noteId, note.proof, note.linkProof)).status).toBe(410);
    await notesRepository(t.server.database).sweep(30);
    const left = await sql<{ n: number }>`
      select count(*)::int as n from note where id = ${note.noteId}`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    // So its ciphertext outlives it by at most one sweep interval, a fifth of its life.
    expect(DEFAULT_SWEEP_INTERVAL_MS).toBeLessThanOrEqual(
      (NOTE_EXPIRATION_SECONDS['5m'] * 1000) / 5,
    );
  });

  it('answers unknown and malformed ids distinctly', async () => {
    const unknown = await fetch(`${t.url}${apiPaths.note('AAAAAAAAAAAAAAAAAAAAAA')}`);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('Note not found or has already been read.');
    const malformed = await fetch(`${t.url}${apiPaths.note('not-an-id')}`);
    expect(malformed.status).toBe(400);
    expect(
      (await verify(t, 'AAAAAAAAAAAAAAAAAAAAAA', noteProofs().proof, noteProofs().linkProof))
        .status,
    ).toBe(404);
  });

  it('validates bodies with field errors and enforces size limits with 413', async () => {
    const { verifier, linkVerifier } = noteVerifiers();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ verifier, expiration: '1d' }, 400, 'content'],
      [{ content: 'plain text', verifier, expiration: '1d' }, 400, 'content'],
      [{ content: fakeEnvelope(), verifier, expiration: '2d' }, 400, 'expiration'],
      [{ content: fakeEnvelope(), verifier: 'short', expiration: '1d' }, 400, 'verifier'],
      [
        { content: fakeEnvelope(), verifier, expiration: '1d', emailNotification: 'x@y.z' },
        400,
        'emailNotification',
      ],
      [
        {
          content: fakeEnvelope(),
          verifier,
          expiration: '1d',
          attachedImages: Array.from({ length: 6 }, () => fakeEnvelope()),
        },
        400,
        'attachedImages',
      ],
      [{ content: fakeEnvelope(300_000), verifier, expiration: '1d' }, 413, ''],
    ];
    for (const [body, status, field] of cases) {
      const response = await postJson(`${t.url}${apiPaths.notes}`, body);
      expect(response.status, JSON.stringify(Object.keys(body))).toBe(status);
      const error = await errorOf(response);
      if (field) expect(error.fields?.map((f) => f.path)).toContain(field);
    }
    // A well-formed address on a server without mail: refused, and said so in data.
    const noMail = await postJson(`${t.url}${apiPaths.notes}`, {
      content: fakeEnvelope(),
      verifier,
      linkVerifier,
      expiration: '1d',
      emailNotification: 'sender@example.org',
    });
    expect(noMail.status).toBe(400);
    expect((await errorOf(noMail)).details).toEqual({ emailAvailable: false });
    const count = await sql<{ n: number }>`select count(*)::int as n from note`.execute(
      t.server.database.sql,
    );
    const before = count.rows[0]?.n;
    await postJson(`${t.url}${apiPaths.notes}`, { content: 'x', verifier, expiration: '1d' });
    const after = await sql<{ n: number }>`select count(*)::int as n from note`.execute(
      t.server.database.sql,
    );
    expect(after.rows[0]?.n).toBe(before);
  });

  it('gives the content to exactly one of 50 concurrent readers', async () => {
    const note = await createFakeNote(t.url);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => verify(t, note.noteId, note.proof, note.linkProof)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(49);
  });

  /** A server of its own with these notes options, and how often its note table was vacuumed. */
  async function withOwnServer(
    options: NotesOptions,
    test: (server: TestServer, vacuums: () => Promise<number>) => Promise<void>,
  ) {
    const server = await startTestServer(kind, {}, { notes: options });
    const vacuums = async () =>
      (
        await sql<{ count: number }>`
          select vacuum_count::int as count
          from pg_stat_user_tables where relname = 'note'`.execute(server.server.database.sql)
      ).rows[0]!.count;
    try {
      await test(server, vacuums);
    } finally {
      await server.stop();
    }
  }

  it('reclaims the space of destroyed notes after the sweep', () =>
    withOwnServer({ sweepIntervalMs: 100, reclaimIntervalMs: 0 }, async (server, vacuums) => {
      const note = await createFakeNote(server.url);
      // Sweeps have run, but with nothing destroyed yet none of them reclaimed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await vacuums()).toBe(0);
      await verify(server, note.noteId, note.proof, note.linkProof);
      await expect.poll(vacuums, { timeout: 10_000 }).toBeGreaterThan(0);
    }));

  it('reclaims the space of destroyed notes as soon as enough are read, without a sweep', () =>
    // No reclaim after a sweep within the hour, so only the count can start one. The first sweep
    // runs as the server starts; on a loaded machine it once ended after the first read, and
    // reclaimed what that read destroyed.
    withOwnServer(
      { sweepIntervalMs: 3_600_000, reclaimIntervalMs: 3_600_000, reclaimAfterDestroyed: 3 },
      async (server, vacuums) => {
        const readOne = async () => {
          const note = await createFakeNote(server.url);
          const read = await verify(server, note.noteId, note.proof, note.linkProof);
          expect(read.status).toBe(200);
        };
        const before = await vacuums();
        await readOne();
        await readOne();
        expect(await vacuums()).toBe(before);
        await readOne();
        await expect.poll(vacuums, { timeout: 10_000 }).toBe(before + 1);
      },
    ));

  it('sweeps expired notes into tombstones and forgets tombstones after 30 days', async () => {
    const expired = await createFakeNote(t.url);
    const old = await createFakeNote(t.url);
    await verify(t, old.noteId, old.proof, old.linkProof);
    const db = t.server.database.sql;
    await sql`update note set expires_at = now() - interval '1 second' where id = ${expired.noteId}`.execute(
      db,
    );
    await sql`update note_tombstone set destroyed_at = now() - interval '31 days' where id = ${old.noteId}`.execute(
      db,
    );
    await notesRepository(t.server.database).sweep(30);
    const notes = await sql<{
      n: number;
    }>`select count(*)::int as n from note where id = ${expired.noteId}`.execute(db);
    expect(notes.rows[0]?.n).toBe(0);
    expect(await info(t, expired.noteId)).toMatchObject({ isDestroyed: true, reason: 'expired' });
    expect((await fetch(`${t.url}${apiPaths.note(old.noteId)}`)).status).toBe(404);
  });
});

describe.each(TEST_DATABASES)('note lives an operator chose on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { NOTE_EXPIRATIONS: '15m,1h,7d' });
  });
  afterAll(() => t.stop());

  it('announces only those, with the safer default when 1 day is not among them', async () => {
    const config = publicConfigSchema.parse(
      await (await fetch(`${t.url}${apiPaths.config}`)).json(),
    );
    expect(config.expirations).toEqual(['15m', '1h', '7d']);
    expect(config.defaultExpiration).toBe('1h');
  });

  it('refuses any other life with a message naming those offered, and keeps nothing', async () => {
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from note`.execute(t.server.database.sql))
        .rows[0]!.n;
    const before = await count();
    for (const expiration of ['5m', '1d', '30d']) {
      const response = await postJson(`${t.url}${apiPaths.notes}`, {
        content: fakeEnvelope(),
        ...noteVerifiers(),
        expiration,
      });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(
        'This server does not offer that expiry. Choose one of: 15m, 1h, 7d.',
      );
      expect(error.fields).toEqual([{ path: 'expiration', message: 'not offered on this server' }]);
    }
    expect(await count()).toBe(before);
    expect((await createFakeNote(t.url, { expiration: '15m' })).noteId).toBeTruthy();
  });
});

describe.each(TEST_DATABASES)('note rate limits on %s', (kind) => {
  it('answers 429 with Retry-After past the limit, and counts proof attempts too', async () => {
    const t = await startTestServer(
      kind,
      {},
      {
        rateLimitSyncMs: 50,
        notes: {
          // Fixed windows start on the clock: with one-minute ones, a test that ran across a
          // minute saw its count start again (once, in CI). Whole hours make that rare.
          rateRules: {
            create: { limit: 3, windowSeconds: 3600 },
            proof: { limit: 2, windowSeconds: 3600 },
          },
        },
      },
    );
    try {
      for (let i = 0; i < 3; i++) await createFakeNote(t.url);
      const limited = await postJson(`${t.url}${apiPaths.notes}`, {
        content: fakeEnvelope(),
        ...noteVerifiers(),
        expiration: '1d',
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await errorOf(limited)).code).toBe('RATE_LIMITED');

      const id = 'AAAAAAAAAAAAAAAAAAAAAA';
      await verify(t, id, noteProofs().proof, noteProofs().linkProof);
      await verify(t, id, noteProofs().proof, noteProofs().linkProof);
      expect((await verify(t, id, noteProofs().proof, noteProofs().linkProof)).status).toBe(429);
      // Shared with other instances as a keyed hash of the client, never its address.
      await expect
        .poll(async () => {
          const stored = await sql<{ bucket: string; hits: number }>`
            select bucket, hits from rate_limit where bucket not like '~%'
            order by bucket`.execute(t.server.database.sql);
          return stored.rows.map(
            ({ bucket, hits }) => `${bucket.replace(/:[\w-]{22}$/, ':#')}=${hits}`,
          );
        })
        .toEqual(['note-create:#=3', 'note-proof:#=2']);
      const stored = await sql<{ bucket: string }>`select bucket from rate_limit`.execute(
        t.server.database.sql,
      );
      expect(stored.rows.map((row) => row.bucket).join()).not.toContain('127.0.0.1');
    } finally {
      await t.stop();
    }
  });
});

describe.runIf(TEST_DATABASES.includes('postgres'))(
  'notes across two instances on one PostgreSQL',
  () => {
    it('shares rate-limit counts between instances', async () => {
      const store = await createTestStore('postgres');
      const options = {
        rateLimitSyncMs: 50,
        notes: {
          rateRules: {
            create: { limit: 4, windowSeconds: 600 },
            proof: { limit: 100, windowSeconds: 600 },
          },
        },
      };
      const a = await startServer(store.env, options);
      const b = await startServer(store.env, options);
      const sharedHits = async () =>
        (
          await sql<{
            hits: number;
          }>`select coalesce(sum(hits), 0)::int as hits from rate_limit where bucket not like '~%'`.execute(
            a.server.database.sql,
          )
        ).rows[0]?.hits;
      try {
        for (let i = 0; i < 3; i++) await createFakeNote(a.url);
        await expect.poll(sharedHits).toBe(3);
        await createFakeNote(b.url);
        await expect.poll(sharedHits).toBe(4);
        const limited = await postJson(`${b.url}${apiPaths.notes}`, {
          content: fakeEnvelope(),
          ...noteVerifiers(),
          expiration: '1d',
        });
        expect(limited.status).toBe(429);
      } finally {
        await a.stop();
        await b.stop();
        await store.drop();
      }
    });

    it('holds a limit within an eighth when a burst is spread over both instances', async () => {
      const store = await createTestStore('postgres');
      const limit = 24;
      const options = {
        rateLimitSyncMs: 50,
        notes: { rateRules: { create: { limit, windowSeconds: 600 } } },
      };
      const a = await startServer(store.env, options);
      const b = await startServer(store.env, options);
      try {
        // Instances announce themselves every few seconds; let each learn of the other.
        await new Promise((resolve) => setTimeout(resolve, 5500));
        const statuses = await Promise.all(
          Array.from({ length: 3 * limit }, async (_, i) => {
            const response = await postJson(`${(i % 2 === 0 ? a : b).url}${apiPaths.notes}`, {
              content: fakeEnvelope(),
              ...noteVerifiers(),
              expiration: '1h',
            });
            return response.status;
          }),
        );
        const admitted = statuses.filter((status) => status === 201).length;
        expect(admitted).toBeGreaterThanOrEqual(limit);
        expect(admitted).toBeLessThanOrEqual(limit + limit / 8);
        expect(statuses.filter((status) => status === 429)).toHaveLength(3 * limit - admitted);
      } finally {
        await a.stop();
        await b.stop();
        await store.drop();
      }
    });

    it('gives the content to exactly one reader when readers hit both instances', async () => {
      const store = await createTestStore('postgres');
      const a = await startServer(store.env);
      const b = await startServer(store.env);
      try {
        const note = await createFakeNote(a.url);
        expect((await info(b, note.noteId)).isDestroyed).toBe(false);
        const responses = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            verify(i % 2 === 0 ? a : b, note.noteId, note.proof, note.linkProof),
          ),
        );
        expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
        expect(await info(a, note.noteId)).toMatchObject({ isDestroyed: true, reason: 'read' });
      } finally {
        await a.stop();
        await b.stop();
        await store.drop();
      }
    });
  },
);
