import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_ENVELOPE, type VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { NOTE_MAX_IMAGES, NOTE_MAX_IMAGE_BYTES } from '../../../shared/limits.ts';
import { fakeEnvelope, noteProofs, noteVerifiers, postJson } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { notesRepository } from './notes.repository.ts';
import { MIN_UPLOAD_MEMORY_BUDGET_MB } from './upload/memory-budget.ts';
import { IMAGE_PART_CHARS } from './upload/note-request.ts';

const count = async (t: TestServer, table: 'note' | 'note_part') =>
  (
    await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.server.database.sql,
    )
  ).rows[0]!.n;

/** An envelope whose ciphertext is exactly as large as a 10 MB image's would be. */
function maxImageEnvelope(): string {
  const envelope = fakeEnvelope(NOTE_MAX_IMAGE_BYTES + 16);
  expect(envelope.length).toBeLessThanOrEqual(MAX_IMAGE_ENVELOPE);
  return envelope;
}

describe.each(TEST_DATABASES)('notes of the largest size on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {}, { notes: { sweepIntervalMs: 3_600_000 } });
  });
  afterAll(() => t.stop());

  it('stores five 10 MB images in parts and hands them back whole, once, then keeps none', async () => {
    const proofs = noteProofs();
    const note = {
      content: fakeEnvelope(200_000),
      ...noteVerifiers(proofs),
      expiration: '1h',
      attachedImages: Array.from({ length: NOTE_MAX_IMAGES }, maxImageEnvelope),
    };
    const created = await postJson(`${t.url}${apiPaths.notes}`, note);
    expect(created.status).toBe(201);
    const { noteId } = (await created.json()) as { noteId: string };
    const partsPerImage = Math.ceil(note.attachedImages[0]!.length / IMAGE_PART_CHARS);
    expect(await count(t, 'note_part')).toBe(NOTE_MAX_IMAGES * partsPerImage);

    const read = await postJson(`${t.url}${apiPaths.noteVerify(noteId)}`, {
      proof: proofs.proof,
      linkProof: proofs.linkProof,
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toContain('application/json');
    const body = (await read.json()) as VerifyNoteResponse;
    expect(body.content).toBe(note.content);
    expect(body.attachedImages).toEqual(note.attachedImages);
    expect(await count(t, 'note_part')).toBe(0);
    expect(await count(t, 'note')).toBe(0);

    const again = await postJson(`${t.url}${apiPaths.noteVerify(noteId)}`, {
      proof: proofs.proof,
      linkProof: proofs.linkProof,
    });
    expect(again.status).toBe(410);
  }, 120_000);

  it('sends a large note that turns out invalid back with the schema error, storing nothing', async () => {
    const before = await count(t, 'note_part');
    const response = await postJson(`${t.url}${apiPaths.notes}`, {
      content: fakeEnvelope(),
      ...noteVerifiers(),
      expiration: '2 weeks',
      attachedImages: [maxImageEnvelope()],
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: { path: string }[] } };
    expect(error.fields.map((field) => field.path)).toEqual(['expiration']);
    expect(await count(t, 'note_part')).toBe(before);
  }, 60_000);

  it('lets go of a reader who leaves half-way: the note is gone, and so are its parts', async () => {
    const proofs = noteProofs();
    const created = await postJson(`${t.url}${apiPaths.notes}`, {
      content: fakeEnvelope(),
      ...noteVerifiers(proofs),
      expiration: '1h',
      attachedImages: [maxImageEnvelope(), maxImageEnvelope()],
    });
    const { noteId } = (await created.json()) as { noteId: string };
    const read = await postJson(`${t.url}${apiPaths.noteVerify(noteId)}`, {
      proof: proofs.proof,
      linkProof: proofs.linkProof,
    });
    const reader = read.body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => count(t, 'note_part'), { timeout: 20_000 }).toBe(0);
    expect(await count(t, 'note')).toBe(0);
  }, 60_000);

  it('sweeps parts no note owns once an upload is long abandoned', async () => {
    const repo = notesRepository(t.server.database);
    const orphan = crypto.randomBytes(16).toString('base64url');
    await sql`insert into note_part (note_id, image, seq, data, created_at)
              values (${orphan}, 0, 0, 'v1.abc', now() - interval '1 hour'),
                     (${orphan}, 0, 1, 'def', now() - interval '1 hour')`.execute(
      t.server.database.sql,
    );
    const fresh = crypto.randomBytes(16).toString('base64url');
    await sql`insert into note_part (note_id, image, seq, data)
              values (${fresh}, 0, 0, 'v1.abc')`.execute(t.server.database.sql);
    const { deleted } = await repo.sweep(30);
    expect(deleted).toBe(true);
    const left = await sql<{ note_id: string }>`select note_id from note_part`.execute(
      t.server.database.sql,
    );
    // An upload still under way (its note row not written yet) keeps its parts.
    expect(left.rows).toEqual([{ note_id: fresh }]);
    await repo.discardParts(fresh);
  });
});

describe.each(TEST_DATABASES)('large notes within the upload memory budget on %s', (kind) => {
  it('parses only as many at once as the budget holds; the next waits its turn, the one after is told to come back', async () => {
    // The smallest budget there can be: one of these notes at a time (each ~40 MB of JSON).
    const t = await startTestServer(
      kind,
      { UPLOAD_MEMORY_BUDGET_MB: String(MIN_UPLOAD_MEMORY_BUDGET_MB) },
      { notes: { sweepIntervalMs: 3_600_000, uploadLine: { maxWaiting: 1, maxWaitMs: 60_000 } } },
    );
    try {
      const images = [maxImageEnvelope(), maxImageEnvelope(), maxImageEnvelope()];
      const responses = await Promise.all(
        Array.from({ length: 3 }, () =>
          postJson(`${t.url}${apiPaths.notes}`, {
            content: fakeEnvelope(),
            ...noteVerifiers(),
            expiration: '1h',
            attachedImages: images,
          }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 201, 503]);
      const refused = responses.find((response) => response.status === 503)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'UNAVAILABLE',
      );
      expect(await count(t, 'note')).toBe(2);
    } finally {
      await t.stop();
    }
  }, 120_000);
});
