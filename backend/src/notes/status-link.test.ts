import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteInfoResponse, NoteStatusResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { ErrorBody } from '../../../shared/errors.ts';
import { createFakeNote, postJson, UNLIMITED_NOTES } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

/** A status key's stand-in: a random proof and its verifier, SHA-256(proof), as the browser makes. */
function statusProofs() {
  const proof = crypto.randomBytes(32);
  return {
    statusProof: proof.toString('base64url'),
    statusVerifier: crypto.createHash('sha256').update(proof).digest('base64url'),
  };
}

async function noteWithStatus(t: TestServer, extra: Record<string, unknown> = {}) {
  const status = statusProofs();
  const note = await createFakeNote(t.url, { statusVerifier: status.statusVerifier, ...extra });
  return { ...note, ...status };
}

const statusOf = (t: TestServer, id: string, statusProof: string) =>
  postJson(`${t.url}${apiPaths.noteStatus(id)}`, { statusProof });
const destroy = (t: TestServer, id: string, statusProof: string) =>
  postJson(`${t.url}${apiPaths.noteDestroy(id)}`, { statusProof });
const read = (t: TestServer, note: { noteId: string; proof: string; linkProof: string }) =>
  postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
    proof: note.proof,
    linkProof: note.linkProof,
  });
const json = async <T>(response: Response) => (await response.json()) as T;
const info = async (t: TestServer, id: string) =>
  json<NoteInfoResponse>(await fetch(`${t.url}${apiPaths.note(id)}`));

describe.each(TEST_DATABASES)('the sender’s status link on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {}, { notes: UNLIMITED_NOTES });
  });
  afterAll(() => t.stop());

  it('shows a live note as waiting, with its creation and expiry, and never its content', async () => {
    const before = Date.now();
    const note = await noteWithStatus(t);
    const response = await statusOf(t, note.noteId, note.statusProof);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(note.content);
    const status = JSON.parse(text) as NoteStatusResponse;
    expect(status).toEqual({
      state: 'waiting',
      createdAt: expect.any(String),
      expiresAt: note.expiresAt,
    });
    if (status.state !== 'waiting') throw new Error('unreachable');
    expect(Date.parse(status.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('says "read", and when, after the note was read', async () => {
    const note = await noteWithStatus(t);
    expect((await read(t, note)).status).toBe(200);
    const status = await json<NoteStatusResponse>(await statusOf(t, note.noteId, note.statusProof));
    expect(status).toEqual({ state: 'ended', reason: 'read', endedAt: expect.any(String) });
  });

  it('refuses a wrong status key and changes nothing', async () => {
    const note = await noteWithStatus(t);
    const wrong = statusProofs().statusProof;
    for (const call of [statusOf, destroy]) {
      const response = await call(t, note.noteId, wrong);
      expect(response.status).toBe(403);
      const body = await response.text();
      // Someone who knows only the id learns nothing of the note's state or times.
      expect(body).not.toMatch(/waiting|expiresAt|createdAt/);
    }
    // A note proof is no status proof either: the reader's link cannot destroy the note.
    expect((await destroy(t, note.noteId, note.proof)).status).toBe(403);
    expect((await info(t, note.noteId)).isDestroyed).toBe(false);
    expect((await read(t, note)).status).toBe(200);
  });

  it('refuses malformed proofs with 400, and notes made without a status link with 403', async () => {
    const note = await noteWithStatus(t);
    const malformed = await postJson(`${t.url}${apiPaths.noteStatus(note.noteId)}`, {
      statusProof: 'short',
    });
    expect(malformed.status).toBe(400);
    const withoutLink = await createFakeNote(t.url);
    expect((await destroy(t, withoutLink.noteId, note.statusProof)).status).toBe(403);
    expect((await info(t, withoutLink.noteId)).isDestroyed).toBe(false);
  });

  it('"Destroy now" destroys the note for good, and the reader is told its sender did it', async () => {
    const note = await noteWithStatus(t);
    const destroyed = await destroy(t, note.noteId, note.statusProof);
    expect(destroyed.status).toBe(200);
    expect(await json<NoteStatusResponse>(destroyed)).toEqual({
      state: 'ended',
      reason: 'destroyed_by_sender',
      endedAt: expect.any(String),
    });
    const attempt = await read(t, note);
    expect(attempt.status).toBe(410);
    expect((await json<ErrorBody<'GONE'>>(attempt)).error.details).toEqual({
      reason: 'destroyed_by_sender',
    });
    expect(await info(t, note.noteId)).toMatchObject({
      isDestroyed: true,
      reason: 'destroyed_by_sender',
    });
    const again = await json<NoteStatusResponse>(await destroy(t, note.noteId, note.statusProof));
    expect(again).toMatchObject({ state: 'ended', reason: 'destroyed_by_sender' });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from note_part where note_id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('cannot destroy a note already read: it stays "read"', async () => {
    const note = await noteWithStatus(t);
    await read(t, note);
    const answer = await json<NoteStatusResponse>(await destroy(t, note.noteId, note.statusProof));
    expect(answer).toMatchObject({ state: 'ended', reason: 'read' });
  });

  it('a note is either read or destroyed by its sender, never both, when both come at once', async () => {
    const notes = await Promise.all(Array.from({ length: 12 }, () => noteWithStatus(t)));
    const outcomes = await Promise.all(
      notes.map(async (note) => {
        const [reading, destroying] = await Promise.all([
          read(t, note),
          destroy(t, note.noteId, note.statusProof),
        ]);
        const status = await json<NoteStatusResponse>(destroying);
        return { readStatus: reading.status, status };
      }),
    );
    for (const { readStatus, status } of outcomes) {
      if (readStatus === 200) expect(status).toMatchObject({ state: 'ended', reason: 'read' });
      else {
        expect(readStatus).toBe(410);
        expect(status).toMatchObject({ state: 'ended', reason: 'destroyed_by_sender' });
      }
    }
  });

  it('says "expired" for an expired note, and answers 404 once its tombstone is gone', async () => {
    const note = await noteWithStatus(t);
    await sql`update note set expires_at = now() - interval '1 second' where id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    const expired = await json<NoteStatusResponse>(
      await statusOf(t, note.noteId, note.statusProof),
    );
    expect(expired).toMatchObject({ state: 'ended', reason: 'expired' });
    expect((await destroy(t, note.noteId, note.statusProof)).status).toBe(200);
    expect(await info(t, note.noteId)).toMatchObject({ reason: 'expired' });

    const readNote = await noteWithStatus(t);
    await read(t, readNote);
    await sql`delete from note_tombstone where id = ${readNote.noteId}`.execute(
      t.server.database.sql,
    );
    expect((await statusOf(t, readNote.noteId, readNote.statusProof)).status).toBe(404);
  });
});

describe.each(TEST_DATABASES)('status-link limits on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(
      kind,
      {},
      { notes: { rateRules: { status: { limit: 3, windowSeconds: 600 } } } },
    );
  });
  afterAll(() => t.stop());

  it('limits status calls per client, destroy included', async () => {
    const note = await noteWithStatus(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        (i % 2 === 0 ? statusOf : destroy)(t, note.noteId, statusProofs().statusProof),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
    expect((await info(t, note.noteId)).isDestroyed).toBe(false);
  });
});
