import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { fakeEnvelope, noteProofs, postJson, type NoteProofs } from '../testing/notes-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  type TestDatabaseKind,
  type TestStore,
} from '../testing/test-server.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations/index.ts';

/**
 * Upgrades: a database made by an earlier version's schema, with notes in it, is taken over by
 * this version's server (its migrations run at start), which then reads every note exactly once.
 *
 * There is no release tag yet, so an earlier schema is the migrations up to a named one:
 * - 0.1.0, the previous release (CHANGELOG.md): every migration up to and including
 *   Migration20261123100003Analytics. Its case runs every migration added since
 *   (Migration20261128000001NoteStatus first), with notes in the shape 0.1.0 stored them: they
 *   have no status link, and read as before.
 * - Before note parts (Migration20261122000002Chat, never released): images inside the note's
 *   row, which Migration20261123000003NoteParts moves into parts. A migration that moves notes.
 * The notes are written with SQL in the shape of that schema, as its server stored them.
 */

type Note = NoteProofs & { noteId: string; content: string; images: string[] };

interface EarlierSchema {
  name: string;
  lastMigration: string;
  /** Stores `note` as a server of that schema did. */
  store(db: Kysely<unknown>, note: Note): Promise<void>;
}

/** A note read under the earlier schema: only its tombstone is left. */
const READ_BEFORE_UPGRADE = crypto.randomBytes(16).toString('base64url');

const verifierBytes = (base64url: string) => Buffer.from(base64url, 'base64url');

const EARLIER_SCHEMAS: EarlierSchema[] = [
  {
    name: '0.1.0 (the previous release)',
    lastMigration: 'Migration20261123100003Analytics',
    async store(db, note) {
      await sql`insert into note (id, content, verifier, link_verifier, expires_at, image_parts)
        values (${note.noteId}, ${note.content}, ${verifierBytes(note.verifier)},
          ${verifierBytes(note.linkVerifier)}, now() + interval '1 day',
          ${note.images.map(() => 1)}::int[])`.execute(db);
      for (const [image, data] of note.images.entries()) {
        await sql`insert into note_part (note_id, image, seq, data)
          values (${note.noteId}, ${image}, 0, ${data})`.execute(db);
      }
    },
  },
  {
    name: 'before note parts (images in the note row)',
    lastMigration: 'Migration20261122000002Chat',
    async store(db, note) {
      await sql`insert into note (id, content, verifier, expires_at, images)
        values (${note.noteId}, ${note.content}, ${verifierBytes(note.verifier)},
          now() + interval '1 day', ${note.images}::text[])`.execute(db);
    },
  },
];

function makeNote(imageCount: number): Note {
  return {
    ...noteProofs(),
    noteId: crypto.randomBytes(16).toString('base64url'),
    content: fakeEnvelope(),
    images: Array.from({ length: imageCount }, () => fakeEnvelope(300)),
  };
}

/** A store whose schema is `schema`'s, holding `notes` and one note read under it. */
async function earlierDatabase(kind: TestDatabaseKind, schema: EarlierSchema, notes: Note[]) {
  const store = await createTestStore(kind, { empty: true });
  const config = loadConfig(store.env);
  const database = await openDatabase(config, createLogger('silent'), undefined, undefined, {
    migrate: false,
  });
  try {
    const applied = await migrate(database.orm, kind, { to: schema.lastMigration });
    expect(applied.at(-1)).toBe(schema.lastMigration);
    for (const note of notes) await schema.store(database.sql as Kysely<unknown>, note);
    await sql`insert into note_tombstone (id, reason)
      values (${READ_BEFORE_UPGRADE}, 'read')`.execute(database.sql);
  } finally {
    await database.close();
  }
  return store;
}

const read = (url: string, note: Pick<Note, 'noteId' | 'proof' | 'linkProof'>) =>
  postJson(`${url}${apiPaths.noteVerify(note.noteId)}`, {
    proof: note.proof,
    linkProof: note.linkProof,
  });

async function expectEveryNoteReadOnce(url: string, notes: Note[]) {
  for (const note of notes) {
    const first = await read(url, note);
    expect(first.status).toBe(200);
    const body = (await first.json()) as VerifyNoteResponse;
    expect([body.content, body.attachedImages]).toEqual([note.content, note.images]);
    expect((await read(url, note)).status).toBe(410);
  }
  const gone = await read(url, { ...noteProofs(), noteId: READ_BEFORE_UPGRADE });
  expect(gone.status).toBe(410);
  expect(await gone.json()).toMatchObject({ error: { details: { reason: 'read' } } });
}

describe.each(TEST_DATABASES)('upgrading a database on %s', (kind) => {
  let store: TestStore | null = null;
  afterEach(async () => {
    await store?.drop();
    store = null;
  });

  it.each(EARLIER_SCHEMAS)(
    'from $name: the server migrates it and reads every note once',
    async (schema) => {
      const notes = [makeNote(0), makeNote(1), makeNote(3)];
      store = await earlierDatabase(kind, schema, notes);
      const t = await startServer(store.env);
      try {
        expect(await pendingMigrations(t.server.database.sql as Kysely<unknown>)).toEqual([]);
        await expectEveryNoteReadOnce(t.url, notes);
      } finally {
        await t.stop();
      }
    },
    60_000,
  );
});

async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from mikro_orm_migrations`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}

describe('restoring an earlier version’s embedded backup', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-upgrade-'));
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('rebuilds the backup’s schema, loads it, migrates it, and reads every note once', async () => {
    const schema = EARLIER_SCHEMAS.at(-1)!;
    const notes = [makeNote(2), makeNote(0)];
    const earlier = await earlierDatabase('embedded', schema, notes);
    const file = path.join(scratch, 'earlier.backup');
    const restored = path.join(scratch, 'restored');
    const command = (name: string) =>
      fileURLToPath(new URL(`./backup/${name}-main.ts`, import.meta.url));
    const env = { PATH: process.env.PATH ?? '' };
    try {
      // db:backup copies the folder as it is: no server has migrated it.
      await promisify(execFile)(process.execPath, [command('backup'), file], {
        env: { ...env, ...earlier.env },
      });
    } finally {
      await earlier.drop();
    }
    const { stdout } = await promisify(execFile)(process.execPath, [command('restore'), file], {
      env: { ...env, DATA_DIR: restored },
    });
    expect(stdout).toMatch(/then applied \d+ newer migrations\.\n$/);
    const t = await startServer({ DATA_DIR: restored });
    try {
      await expectEveryNoteReadOnce(t.url, notes);
    } finally {
      await t.stop();
    }
  }, 60_000);
});
