import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api/paths.ts';
import type { VerifyNoteResponse } from '../../../../shared/api/notes.ts';
import { createFakeNote, fakeEnvelope, postJson } from '../../testing/notes-client.ts';
import {
  createTestStore,
  startServer,
  type TestServer,
  type TestStore,
} from '../../testing/test-server.ts';
import { readBackup } from './backup-file.ts';

/**
 * `npm run db:backup` and `npm run db:restore` on the embedded database, run as an operator runs
 * them (their entries, in a process of their own) against a real server: a backup taken while
 * notes are created and read restores every note that was unread when it began, exactly once,
 * and none read before it.
 */

type Note = Awaited<ReturnType<typeof createFakeNote>> & { images: string[] };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const entry = fileURLToPath(new URL(`./${command}-main.ts`, import.meta.url));
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

async function makeNote(url: string, imageCount: number): Promise<Note> {
  const images = Array.from({ length: imageCount }, () => fakeEnvelope(300));
  return { ...(await createFakeNote(url, { attachedImages: images })), images };
}

const read = (url: string, note: Note) =>
  postJson(`${url}${apiPaths.noteVerify(note.noteId)}`, {
    proof: note.proof,
    linkProof: note.linkProof,
  });

/** Reads the note and checks it is whole: its content and every image, as created. */
async function readWhole(url: string, note: Note): Promise<void> {
  const response = await read(url, note);
  expect(response.status).toBe(200);
  const body = (await response.json()) as VerifyNoteResponse;
  expect(body.content).toBe(note.content);
  expect(body.attachedImages).toEqual(note.images);
}

async function readOnce(url: string, note: Note): Promise<void> {
  await readWhole(url, note);
  expect((await read(url, note)).status).toBe(410);
}

const generous = { limit: 10_000, windowSeconds: 60 };
const serverOptions = { notes: { rateRules: { create: generous, proof: generous } } };

/** One line, no stack trace. */
function expectOneLine(text: string) {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
}

describe('embedded database backup and restore', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-backup-'));
  const backupFile = path.join(scratch, 'ashnote.backup');
  let store: TestStore;
  let t: TestServer;
  let readBefore: Note[];
  let unreadBefore: Note[];
  /** Created or read while the backup ran: either side of the snapshot, whole. */
  const createdDuring: Note[] = [];
  const readDuring: Note[] = [];
  let backup: Run;

  beforeAll(async () => {
    store = await createTestStore('embedded');
    t = await startServer(store.env, serverOptions);
    const before = await Promise.all(
      [0, 1, 2, 0, 2, 1, 0].map((images) => makeNote(t.url, images)),
    );
    readBefore = before.slice(0, 3);
    unreadBefore = before.slice(3);
    for (const note of readBefore) await readWhole(t.url, note);
    const victims = await Promise.all([1, 2, 0, 1, 2, 0].map((images) => makeNote(t.url, images)));

    // Traffic from before the backup starts until after it ends: notes made and read while
    // the snapshot is read.
    let backupDone = false;
    const traffic = (async () => {
      const pending: Promise<unknown>[] = [];
      // Bounded, so a slow machine's backup does not make it create notes without end.
      while ((!backupDone || pending.length < 4) && pending.length < 400) {
        const victim = victims.shift();
        if (victim !== undefined) {
          readDuring.push(victim);
          pending.push(read(t.url, victim));
        }
        pending.push(makeNote(t.url, 2).then((note) => createdDuring.push(note)));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(pending);
    })();
    backup = await run('backup', [backupFile], store.env);
    backupDone = true;
    await traffic;
    await t.stop();
  }, 60_000);

  afterAll(async () => {
    await store.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up the running server to a file only its owner can read', () => {
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up the running server's embedded database .* rows in \d+ tables\.\n$/,
    );
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    // Nothing of the snapshot is left in the data folder, nor any partial file beside the backup.
    expect(
      fs.readdirSync(store.env.DATA_DIR!).filter((name) => name.startsWith('backup-')),
    ).toEqual([]);
    expect(fs.readdirSync(scratch)).toEqual(['ashnote.backup']);
  });

  it('restores into a new DATA_DIR: unread notes read exactly once, read ones stay destroyed', async () => {
    const restored = path.join(scratch, 'restored');
    const restore = await run('restore', [backupFile], { DATA_DIR: restored });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Restored .* into .*restored: \d+ rows in \d+ tables\.\n$/);
    const again = await startServer({ DATA_DIR: restored }, serverOptions);
    try {
      for (const note of unreadBefore) await readOnce(again.url, note);
      for (const note of readBefore) {
        const response = await read(again.url, note);
        expect(response.status).toBe(410);
        expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual({
          reason: 'read',
        });
      }
      // Whatever the traffic did during the backup is wholly in the snapshot or wholly not:
      // a note is there whole (content and every image) and reads once, or it is not there.
      for (const note of createdDuring) {
        const status = (await fetch(`${again.url}${apiPaths.note(note.noteId)}`)).status;
        if (status === 404) continue;
        await readOnce(again.url, note);
      }
      for (const note of readDuring) {
        const response = await read(again.url, note);
        if (response.status === 410) continue;
        expect(response.status).toBe(200);
        const body = (await response.json()) as VerifyNoteResponse;
        expect([body.content, body.attachedImages]).toEqual([note.content, note.images]);
      }
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('backs up a data folder no server is running on', async () => {
    const file = path.join(scratch, 'offline.backup');
    const result = await run('backup', [file], store.env);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Backed up the embedded database in /);
    const noteIds = new Set<string>();
    const rows: string[] = [];
    for await (const record of readBackup(file)) {
      if (record.kind !== 'row') continue;
      rows.push(record.json);
      if (record.table === 'note') noteIds.add((JSON.parse(record.json) as { id: string }).id);
    }
    // An unread note's ciphertext is in it as stored; a note read before, not even that.
    const everything = rows.join('\n');
    for (const note of unreadBefore) {
      expect(noteIds.has(note.noteId)).toBe(true);
      for (const ciphertext of [note.content, ...note.images]) {
        expect(everything.includes(ciphertext.slice(3))).toBe(true);
      }
    }
    for (const note of readBefore) {
      expect(noteIds.has(note.noteId)).toBe(false);
      for (const ciphertext of [note.content, ...note.images]) {
        expect(everything.includes(ciphertext.slice(3))).toBe(false);
      }
    }
    fs.rmSync(file);
  }, 30_000);

  it('answers only a request that carries the token the server wrote for its user', async () => {
    const server = await startServer(store.env, serverOptions);
    try {
      const tokenFile = path.join(store.env.DATA_DIR!, 'ashnote.backup.token');
      expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(store.env.DATA_DIR!, 'ashnote.backup.sock')).mode & 0o777).toBe(
        0o600,
      );
      // Someone who can reach the socket but not read the token (here: a wrong one).
      fs.writeFileSync(tokenFile, 'f'.repeat(64));
      const file = path.join(scratch, 'refused.backup');
      const refused = await run('backup', [file], store.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe('The backup token does not match.\n');
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('refuses a non-empty DATA_DIR with one line, and changes nothing there', async () => {
    const occupied = path.join(scratch, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'keep.txt'), 'mine');
    const result = await run('restore', [backupFile], { DATA_DIR: occupied });
    expect(result.code).toBe(1);
    expectOneLine(result.stderr);
    expect(result.stderr).toMatch(/is not empty: restore only into a new, empty folder/);
    expect(fs.readdirSync(occupied)).toEqual(['keep.txt']);
  });

  it('refuses a cut or damaged backup with one line, creating nothing', async () => {
    const whole = fs.readFileSync(backupFile);
    const cut = path.join(scratch, 'cut.backup');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const damaged = path.join(scratch, 'damaged.backup');
    const flipped = Buffer.from(whole);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, flipped);
    const notGzip = path.join(scratch, 'notes.txt');
    fs.writeFileSync(notGzip, 'hello\n');
    const files = [cut, damaged, notGzip, path.join(scratch, 'missing.backup')];
    const target = path.join(scratch, 'never');
    const results = await Promise.all(
      files.map((file) => run('restore', [file], { DATA_DIR: target })),
    );
    for (const [index, result] of results.entries()) {
      expect(result.code).toBe(1);
      expectOneLine(result.stderr);
      expect(result.stderr).toContain(files[index]);
    }
    expect(fs.existsSync(target)).toBe(false);
  }, 30_000);

  it('says how to use it, and points PostgreSQL to pg_dump and pg_restore', async () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    const [usage, backupPg, restorePg, none] = await Promise.all([
      run('backup', [], store.env),
      run('backup', [path.join(scratch, 'pg.backup')], postgres),
      run('restore', [backupFile], postgres),
      run('backup', [path.join(scratch, 'none.backup')], {
        DATA_DIR: path.join(scratch, 'nothing-here'),
      }),
    ]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toBe(
      'Usage: npm run db:backup -- FILE (backs up the embedded database in DATA_DIR to FILE)\n',
    );
    expect(backupPg.stderr).toMatch(/^DATABASE_URL is set: back up PostgreSQL with pg_dump/);
    expect(restorePg.stderr).toMatch(/^DATABASE_URL is set: restore PostgreSQL with pg_restore/);
    expect(none.stderr).toMatch(/^There is no embedded database in .*nothing-here/);
    expect(fs.existsSync(path.join(scratch, 'nothing-here'))).toBe(false);
  }, 30_000);
});
