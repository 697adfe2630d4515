import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../testing/test-server.ts';
import { openDurablePGlite, type DurablePGlite } from './durable-pglite.ts';
import { clusterFolder } from './embedded-store.ts';
import { DeferredWalSync, OpenWalFiles } from './wal-sync.ts';

/** A DeferredWalSync whose flushes are recorded, the deferred ones finishing when told to. */
function watched() {
  const events: string[] = [];
  const pending: (() => void)[] = [];
  const walSync = new DeferredWalSync({
    now: (file) => events.push(`now ${path.basename(file)}`),
    later: (file) =>
      new Promise<void>((resolve) => {
        events.push(`start ${path.basename(file)}`);
        pending.push(() => {
          events.push(`done ${path.basename(file)}`);
          resolve();
        });
      }),
  });
  /** Lets every flush finish, including those that start only once earlier ones have. */
  const finishFlushes = async () => {
    for (let quietTurns = 0; quietTurns < 10; quietTurns++) {
      if (pending.length > 0) {
        pending.shift()!();
        quietTurns = 0;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Lets the flush at `index` among those running finish. */
  const finishFlush = (index: number) => pending.splice(index, 1)[0]!();
  return { walSync, events, finishFlushes, finishFlush };
}

const WAL = '/data/pgdata/pg_wal/000000010000000000000001';
const NEXT_WAL = '/data/pgdata/pg_wal/000000010000000000000002';
const CONTROL = '/data/pgdata/global/pg_control';

describe('deferred WAL sync', () => {
  it('answers only after a flush that began once the WAL was written', async () => {
    const { walSync, events, finishFlushes } = watched();
    walSync.fsync(WAL, () => events.push('sync WAL right away'));
    let durable = false;
    const waiting = walSync.durable().then(() => (durable = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['start 000000010000000000000001']);
    expect(durable).toBe(false);
    await finishFlushes();
    await waiting;
    expect(durable).toBe(true);
  });

  it('makes later answers wait for earlier flushes, and one flush serve all written meanwhile', async () => {
    const { walSync, events, finishFlushes } = watched();
    walSync.fsync(WAL, () => {});
    const first = walSync.durable();
    walSync.fsync(WAL, () => {});
    walSync.fsync(NEXT_WAL, () => {});
    const second = walSync.durable();
    const third = walSync.durable();
    const order: string[] = [];
    void first.then(() => order.push('first'));
    void second.then(() => order.push('second'));
    void third.then(() => order.push('third'));
    await finishFlushes();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(events.filter((event) => event.startsWith('start'))).toHaveLength(3);
  });

  it('begins each flush at once, while an earlier one runs, and answers after both', async () => {
    const { walSync, events, finishFlushes, finishFlush } = watched();
    walSync.fsync(WAL, () => {});
    let firstDurable = false;
    const first = walSync.durable().then(() => (firstDurable = true));
    walSync.fsync(NEXT_WAL, () => {});
    let secondDurable = false;
    const second = walSync.durable().then(() => (secondDurable = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['start 000000010000000000000001', 'start 000000010000000000000002']);
    // The second flush ends first: its WAL follows the first's, not yet on disk.
    finishFlush(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.slice(2)).toEqual(['done 000000010000000000000002']);
    expect(secondDurable).toBe(false);
    await finishFlushes();
    await Promise.all([first, second]);
    expect([firstDurable, secondDurable]).toEqual([true, true]);
  });

  it('puts every written or flushing WAL file on disk before syncing anything else', async () => {
    const { walSync, events, finishFlushes } = watched();
    walSync.fsync(WAL, () => {});
    void walSync.durable();
    await new Promise((resolve) => setImmediate(resolve));
    walSync.fsync(NEXT_WAL, () => {});
    walSync.fsync(CONTROL, () => events.push('sync pg_control'));
    expect(events).toEqual([
      'start 000000010000000000000001',
      'now 000000010000000000000001',
      'now 000000010000000000000002',
      'sync pg_control',
    ]);
    await finishFlushes();
  });
});

describe('WAL files kept open between flushes', () => {
  const openFiles = () => fs.readdirSync('/proc/self/fd').length;

  /**
   * Runs `use` on `count` written files in a new folder and an OpenWalFiles, with the count of
   * this process's open descriptors before; afterwards, every descriptor must be closed again.
   */
  async function withWalFiles(
    count: number,
    use: (files: string[], walFiles: OpenWalFiles, before: number, folder: string) => Promise<void>,
  ) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-wal-files-'));
    const files = Array.from({ length: count }, (_, index) => path.join(folder, `wal-${index}`));
    for (const file of files) fs.writeFileSync(file, 'written');
    const walFiles = new OpenWalFiles();
    const before = openFiles();
    try {
      await use(files, walFiles, before, folder);
    } finally {
      walFiles.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
    expect(openFiles()).toBe(before);
  }

  it.runIf(fs.existsSync('/proc/self/fd'))(
    'opens a file once however often it is flushed, keeps only a few open, and closes them all',
    () =>
      withWalFiles(10, async (files, walFiles, before, folder) => {
        for (let round = 0; round < 5; round++) await walFiles.datasync(files[0]!);
        expect(openFiles()).toBe(before + 1);
        for (const file of files) await walFiles.datasync(file);
        expect(openFiles()).toBeLessThanOrEqual(before + 4);
        // Recycled by a checkpoint: the descriptor still names the file, the name is gone.
        fs.renameSync(files.at(-1)!, `${files.at(-1)!}-recycled`);
        await walFiles.datasync(files.at(-1)!);
        await walFiles.datasync(path.join(folder, 'never-written'));
      }),
  );

  it.runIf(fs.existsSync('/proc/self/fd'))(
    'flushes many files at once, closing none while a flush uses it',
    () =>
      withWalFiles(12, async (files, walFiles, before) => {
        await Promise.all([...files, ...files].map((file) => walFiles.datasync(file)));
        expect(openFiles()).toBeLessThanOrEqual(before + 4);
      }),
  );
});

describe('deferred WAL sync on PGlite', () => {
  let store: TestStore;
  let pglite: DurablePGlite;
  let events: string[];
  let finishFlushes: () => Promise<void>;

  beforeAll(async () => {
    store = await createTestStore('embedded', { empty: true });
    const watching = watched();
    ({ events, finishFlushes } = watching);
    pglite = await openDurablePGlite(clusterFolder(store.env.DATA_DIR!), {
      walSync: watching.walSync,
    });
    await pglite.db.exec('create table probe (id int primary key)');
    const created = pglite.durable();
    await finishFlushes();
    await created;
  });
  afterAll(async () => {
    const closing = pglite.close();
    await finishFlushes();
    await closing;
    await store.drop();
  });

  it('defers the commit’s WAL flush to durable(), and a checkpoint syncs the WAL first', async () => {
    await finishFlushes();
    events.length = 0;
    await pglite.db.query('insert into probe values (1)');
    expect(events).toEqual([]);
    const durable = pglite.durable();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([expect.stringMatching(/^start [0-9A-F]{24}$/)]);
    await finishFlushes();
    await durable;

    events.length = 0;
    await pglite.db.query('insert into probe values (2)');
    await pglite.db.exec('checkpoint');
    expect(events[0]).toMatch(/^now [0-9A-F]{24}$/);
  });
});
