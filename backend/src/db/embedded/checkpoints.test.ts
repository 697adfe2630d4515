import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_WAL_FILES, Checkpoints } from './checkpoints.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './pglite-thread.ts';

const WAL_FILE_BYTES = 16 * 1024 * 1024;

describe('taking a checkpoint', () => {
  it('flushes the data files written ahead, off the thread, and checkpoints once that is done', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-flush-ahead-'));
    const dataFile = path.join(folder, 'base', '16384');
    fs.mkdirSync(path.dirname(dataFile));
    fs.writeFileSync(dataFile, 'page');
    let walFiles = CHECKPOINT_WAL_FILES - 1;
    const asked: string[][] = [];
    const written = [dataFile];
    let checkpoints = 0;
    const subject = new Checkpoints({
      walFilesSinceCheckpoint: () => walFiles,
      takeWrittenDataFiles: () => {
        asked.push(written);
        // A file deleted since it was written (a dropped table's) needs no flush.
        return [...written, path.join(folder, 'base', 'gone')];
      },
      checkpoint: async () => {
        checkpoints++;
      },
    });
    try {
      await subject.afterStatement();
      expect([asked.length, checkpoints]).toEqual([0, 0]);

      walFiles++;
      await subject.afterStatement();
      expect([asked.length, checkpoints]).toEqual([1, 0]);
      // The flush runs on the pool; statements go on meanwhile, and no second flush starts.
      await subject.afterStatement();
      expect(asked.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await subject.afterStatement();
      expect([asked.length, checkpoints]).toEqual([1, 1]);

      // One taken by someone else while the files were flushed ahead is not taken again.
      await subject.afterStatement();
      expect(asked.length).toBe(2);
      walFiles = 0;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await subject.afterStatement();
      expect([asked.length, checkpoints]).toEqual([2, 1]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('checkpoints on the embedded database', () => {
  let folder: string;
  let embedded: EmbeddedDatabase;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-checkpoints-'));
    embedded = await startEmbeddedDatabase(path.join(folder, 'pgdata'));
    await embedded.exec(
      'create table images (id int primary key, data text); ' +
        'alter table images alter column data set storage external',
      { inTransaction: false },
    );
  });
  afterAll(async () => {
    await embedded.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Where the WAL is now and where the last checkpoint began (what a crash would replay). */
  const walPositions = async () => {
    const { rows } = await embedded.query<{ now: string; redo: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint::text as now,
              pg_wal_lsn_diff(redo_lsn, '0/0')::bigint::text as redo
       from pg_control_checkpoint()`,
      [],
    );
    return { now: Number(rows[0]!.now), redo: Number(rows[0]!.redo) };
  };

  it('takes one every CHECKPOINT_WAL_FILES of WAL, so a crash never has much more to replay', async () => {
    // 150 MB of incompressible 256 KiB parts, as images are stored.
    const part = crypto.randomBytes(192 * 1024).toString('base64');
    let most = 0;
    const checkpointsAt = new Set<number>();
    for (let id = 0; id < 600; id++) {
      await embedded.query('insert into images values ($1, $2)', [id, part]);
      const { now, redo } = await walPositions();
      most = Math.max(most, now - redo);
      checkpointsAt.add(redo);
    }
    expect(most).toBeGreaterThan((CHECKPOINT_WAL_FILES - 2) * WAL_FILE_BYTES);
    expect(most).toBeLessThan((CHECKPOINT_WAL_FILES + 1) * WAL_FILE_BYTES);
    // Each one most of CHECKPOINT_WAL_FILES after the one before (the first and last files are
    // partly written), never one on the heels of another.
    const starts = [...checkpointsAt].sort((a, b) => a - b);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (let index = 2; index < starts.length; index++) {
      expect(starts[index]! - starts[index - 1]!).toBeGreaterThan(
        (CHECKPOINT_WAL_FILES - 2) * WAL_FILE_BYTES,
      );
    }
    const { rows } = await embedded.query<{ count: number }>(
      'select count(*)::int as count from images',
      [],
    );
    expect(rows[0]!.count).toBe(600);
  });
});
