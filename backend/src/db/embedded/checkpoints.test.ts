import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Checkpoints, type CheckpointPolicy } from './checkpoints.ts';
import { createTestStore } from '../../testing/test-server.ts';
import { clusterFolder } from './embedded-store.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './pglite-thread.ts';

const WAL_FILE_BYTES = 16 * 1024 * 1024;

describe('taking a checkpoint', () => {
  const policy: CheckpointPolicy = { dueWalFiles: 2, forcedWalFiles: 4, idleMs: 100 };
  let folder: string;
  let dataFile: string;
  let walFiles: number;
  let flushesAsked: number;
  let checkpoints: number;
  let flushedAhead: number;
  let subject: Checkpoints;
  const flushDone = () => new Promise((resolve) => setTimeout(resolve, 200));

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-flush-ahead-'));
    dataFile = path.join(folder, 'base', '16384');
    fs.mkdirSync(path.dirname(dataFile));
    fs.writeFileSync(dataFile, 'page');
    [walFiles, flushesAsked, checkpoints, flushedAhead] = [0, 0, 0, 0];
    subject = new Checkpoints({
      walFilesSinceCheckpoint: () => walFiles,
      takeWrittenDataFiles: () => {
        flushesAsked++;
        // A file deleted since it was written (a dropped table's) needs no flush.
        return [dataFile, path.join(folder, 'base', 'gone')];
      },
      checkpoint: async () => {
        checkpoints++;
        walFiles = 0;
      },
      policy,
      onFlushedAhead: () => flushedAhead++,
    });
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('waits for an idle moment once due, flushing the data files ahead off the thread first', async () => {
    walFiles = policy.dueWalFiles - 1;
    await subject.betweenStatements({ idle: true });
    expect([subject.due, flushesAsked, checkpoints]).toEqual([false, 0, 0]);

    walFiles = policy.forcedWalFiles - 1;
    expect(subject.due).toBe(true);
    // Busy: nothing yet, however long it goes on below the forced amount.
    await subject.betweenStatements({ idle: false });
    await flushDone();
    expect([flushesAsked, checkpoints]).toEqual([0, 0]);

    await subject.betweenStatements({ idle: true });
    expect([flushesAsked, checkpoints]).toEqual([1, 0]);
    // The flush runs on the pool; statements go on meanwhile, and no second flush starts.
    await subject.betweenStatements({ idle: true });
    expect(flushesAsked).toBe(1);
    await flushDone();
    // The thread hears that the checkpoint can follow, and it does at the next idle moment.
    expect(flushedAhead).toBe(1);
    await subject.betweenStatements({ idle: false });
    expect(checkpoints).toBe(0);
    await subject.betweenStatements({ idle: true });
    expect([flushesAsked, checkpoints, subject.due]).toEqual([1, 1, false]);
  });

  it('takes one while busy past the forced amount of WAL', async () => {
    walFiles = policy.forcedWalFiles;
    await subject.betweenStatements({ idle: false });
    expect([flushesAsked, checkpoints]).toEqual([1, 0]);
    await flushDone();
    await subject.betweenStatements({ idle: false });
    expect([flushesAsked, checkpoints]).toEqual([1, 1]);
  });

  it('does not take one again that was taken meanwhile by someone else', async () => {
    walFiles = policy.dueWalFiles;
    await subject.betweenStatements({ idle: true });
    await flushDone();
    walFiles = 0; // the sweeper's checkpoint, after reclaiming space
    await subject.betweenStatements({ idle: true });
    walFiles = policy.dueWalFiles;
    await subject.betweenStatements({ idle: true });
    // Flushed ahead anew, not checkpointed on the strength of the earlier flush.
    expect([flushesAsked, checkpoints]).toEqual([2, 0]);
  });
});

describe('checkpoints on the embedded database', () => {
  /** A database of its own, taking checkpoints by `policy`, with a table stored as images are. */
  async function openDatabase(policy: CheckpointPolicy) {
    const store = await createTestStore('embedded');
    const embedded = await startEmbeddedDatabase(clusterFolder(store.env.DATA_DIR!), {
      checkpointPolicy: policy,
    });
    await embedded.exec(
      'create table images (id int primary key, data text); ' +
        'alter table images alter column data set storage external',
      { inTransaction: false },
    );
    return {
      embedded,
      close: async () => {
        await embedded.close();
        await store.drop();
      },
    };
  }

  /** Where the WAL is now and where the last checkpoint began (what a crash would replay). */
  async function walPositions(embedded: EmbeddedDatabase) {
    const { rows } = await embedded.query<{ now: string; redo: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint::text as now,
              pg_wal_lsn_diff(redo_lsn, '0/0')::bigint::text as redo
       from pg_control_checkpoint()`,
      [],
    );
    return { now: Number(rows[0]!.now), redo: Number(rows[0]!.redo) };
  }

  // Incompressible 256 KiB parts, as images are stored.
  const part = crypto.randomBytes(192 * 1024).toString('base64');

  it('takes one while busy every forcedWalFiles of WAL, so a crash never has much more to replay', async () => {
    // Never idle here: only the forced checkpoints are taken.
    const policy = { dueWalFiles: 2, forcedWalFiles: 5, idleMs: 60_000 };
    const { embedded, close } = await openDatabase(policy);
    try {
      let most = 0;
      const checkpointsAt = new Set<number>();
      // 200 MB.
      for (let id = 0; id < 800; id++) {
        await embedded.query('insert into images values ($1, $2)', [id, part]);
        const { now, redo } = await walPositions(embedded);
        most = Math.max(most, now - redo);
        checkpointsAt.add(redo);
      }
      // Past what is due, since the database was busy throughout, and never far past forced.
      expect(most).toBeGreaterThan((policy.forcedWalFiles - 2) * WAL_FILE_BYTES);
      expect(most).toBeLessThan((policy.forcedWalFiles + 1) * WAL_FILE_BYTES);
      // Each one most of forcedWalFiles after the one before (the first and last files are
      // partly written), never one on the heels of another.
      const starts = [...checkpointsAt].sort((a, b) => a - b);
      expect(starts.length).toBeGreaterThanOrEqual(3);
      for (let index = 2; index < starts.length; index++) {
        expect(starts[index]! - starts[index - 1]!).toBeGreaterThan(
          (policy.forcedWalFiles - 2) * WAL_FILE_BYTES,
        );
      }
      const { rows } = await embedded.query<{ count: number }>(
        'select count(*)::int as count from images',
        [],
      );
      expect(rows[0]!.count).toBe(800);
    } finally {
      await close();
    }
  });

  it('takes a due one once nothing has been asked of the database for idleMs', async () => {
    // Never forced here: only an idle moment can take it.
    const policy = { dueWalFiles: 2, forcedWalFiles: 1000, idleMs: 100 };
    const { embedded, close } = await openDatabase(policy);
    try {
      // 50 MB: three WAL files.
      for (let id = 0; id < 200; id++) {
        await embedded.query('insert into images values ($1, $2)', [id, part]);
      }
      let positions = await walPositions(embedded);
      for (
        let waited = 0;
        positions.now - positions.redo > WAL_FILE_BYTES && waited < 20;
        waited++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        positions = await walPositions(embedded);
      }
      expect(positions.now - positions.redo).toBeLessThan(WAL_FILE_BYTES);
    } finally {
      await close();
    }
  });
});
