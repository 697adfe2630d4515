import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_WAL_FILES, Checkpoints } from './checkpoints.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './pglite-thread.ts';
import type { DeferredWalSync } from './wal-sync.ts';

const WAL_FILE_BYTES = 16 * 1024 * 1024;

describe('taking a checkpoint', () => {
  it('flushes the data files written ahead, off the thread, and checkpoints once that is done', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-flush-ahead-'));
    const dataFile = path.join(folder, 'base', '16384');
    fs.mkdirSync(path.dirname(dataFile));
    fs.writeFileSync(dataFile, 'page');
    const walSync = { walFilesSinceCheckpoint: CHECKPOINT_WAL_FILES - 1 } as DeferredWalSync;
    const asked: string[][] = [];
    const written = [dataFile, path.join(folder, 'pg_wal', '000000010000000000000001')];
    let checkpoints = 0;
    const subject = new Checkpoints({
      walSync,
      takeWrittenFiles: () => {
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

      (walSync as { walFilesSinceCheckpoint: number }).walFilesSinceCheckpoint++;
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
      (walSync as { walFilesSinceCheckpoint: number }).walFilesSinceCheckpoint = 0;
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

  /** WAL written since the last checkpoint began: what a start after a crash would replay. */
  const walSinceCheckpoint = async () => {
    const { rows } = await embedded.query<{ bytes: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint::text as bytes
       from pg_control_checkpoint()`,
      [],
    );
    return Number(rows[0]!.bytes);
  };

  it('takes one as the WAL grows, so it never holds much more than CHECKPOINT_WAL_FILES', async () => {
    // 100 MB of incompressible 256 KiB parts, as images are stored.
    const part = crypto.randomBytes(192 * 1024).toString('base64');
    let most = 0;
    for (let id = 0; id < 400; id++) {
      await embedded.query('insert into images values ($1, $2)', [id, part]);
      most = Math.max(most, await walSinceCheckpoint());
    }
    expect(most).toBeGreaterThan((CHECKPOINT_WAL_FILES - 2) * WAL_FILE_BYTES);
    expect(most).toBeLessThan((CHECKPOINT_WAL_FILES + 1) * WAL_FILE_BYTES);
    const { rows } = await embedded.query<{ count: number }>(
      'select count(*)::int as count from images',
      [],
    );
    expect(rows[0]!.count).toBe(400);
  });
});
