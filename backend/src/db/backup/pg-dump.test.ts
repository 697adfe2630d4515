import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api/paths.ts';
import type { VerifyNoteResponse } from '../../../../shared/api/notes.ts';
import { createFakeNote, fakeEnvelope, postJson } from '../../testing/notes-client.ts';
import { createTestStore, startServer, type TestStore } from '../../testing/test-server.ts';

/**
 * PostgreSQL's backup and restore as docs/operations.md tells operators to do it: `pg_dump -Fc`
 * of the running server's database, `pg_restore` into a new one, the server started on that.
 * Runs when TEST_DATABASE_URL names a PostgreSQL (CI's); pg_dump and pg_restore must be installed.
 */

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;

type Note = Awaited<ReturnType<typeof createFakeNote>> & { images: string[] };

const read = (url: string, note: Note) =>
  postJson(`${url}${apiPaths.noteVerify(note.noteId)}`, {
    proof: note.proof,
    linkProof: note.linkProof,
  });

async function withAdmin(use: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(adminUrl === undefined)('PostgreSQL backup with pg_dump and pg_restore', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-pg-dump-'));
  const dumpFile = path.join(scratch, 'ashnote.dump');
  const restoredName = `ashnote_restored_${process.pid}_${Date.now().toString(36)}`;
  let store: TestStore;
  let readBefore: Note[];
  let unread: Note[];

  beforeAll(async () => {
    store = await createTestStore('postgres');
    const t = await startServer(store.env);
    try {
      const notes: Note[] = [];
      for (const imageCount of [0, 1, 2, 0, 1]) {
        const images = Array.from({ length: imageCount }, () => fakeEnvelope(300));
        notes.push({ ...(await createFakeNote(t.url, { attachedImages: images })), images });
      }
      readBefore = notes.slice(0, 2);
      unread = notes.slice(2);
      for (const note of readBefore) expect((await read(t.url, note)).status).toBe(200);
      // While the server runs, as an operator's nightly job would.
      await run('pg_dump', ['-Fc', '--no-owner', '-f', dumpFile, store.env.DATABASE_URL!]);
    } finally {
      await t.stop();
    }
  }, 60_000);

  afterAll(async () => {
    await withAdmin(async (client) => {
      await client.query(`drop database if exists ${restoredName} with (force)`);
    });
    await store.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('restores into a new database: unread notes read exactly once, read ones stay destroyed', async () => {
    await withAdmin(async (client) => {
      await client.query(`create database ${restoredName}`);
    });
    const restoredUrl = new URL(adminUrl!);
    restoredUrl.pathname = `/${restoredName}`;
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '-d',
      restoredUrl.toString(),
      dumpFile,
    ]);

    const again = await startServer({ DATABASE_URL: restoredUrl.toString() });
    try {
      for (const note of unread) {
        const first = await read(again.url, note);
        expect(first.status).toBe(200);
        const body = (await first.json()) as VerifyNoteResponse;
        expect([body.content, body.attachedImages]).toEqual([note.content, note.images]);
        expect((await read(again.url, note)).status).toBe(410);
      }
      for (const note of readBefore) expect((await read(again.url, note)).status).toBe(410);
    } finally {
      await again.stop();
    }
  }, 60_000);
});
