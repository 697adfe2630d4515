import fs from 'node:fs';
import path from 'node:path';

/**
 * Durable commits without holding the database thread while the disk flushes.
 *
 * PostgreSQL makes a commit durable by fsyncing its write-ahead log (WAL) before COMMIT
 * returns. Done there, the flush (often a millisecond or more) stops the one PGlite backend, and
 * no other statement runs meanwhile. Instead, a WAL file PostgreSQL asks to sync is only noted;
 * the flush runs on libuv's pool while the thread goes on, and every answer waits for
 * `durable()`: a flush that began after its statement ran. So nothing is acknowledged before it
 * is on disk, as before, but the next statements run during the previous flush, and one flush
 * covers all that ran while it waited.
 *
 * The WAL still reaches the disk before anything that depends on it: when PostgreSQL syncs any
 * other file (a checkpoint's data files, pg_control), every noted or flushing WAL file is synced
 * first, on the spot. A file gone by the time it is synced was recycled after a checkpoint, which
 * had synced it.
 */
export class DeferredWalSync {
  readonly #syncNow: (file: string) => void;
  readonly #syncLater: (file: string) => Promise<void>;
  /** WAL files written since their last flush began. */
  #noted = new Set<string>();
  /** WAL files whose flush is running on the pool. */
  #flushing = new Set<string>();
  #lastFlush: Promise<void> = Promise.resolve();

  /** The two ways to flush a file are replaceable so tests can watch the order they happen in. */
  constructor({ now = syncNow, later = syncLater } = {}) {
    this.#syncNow = now;
    this.#syncLater = later;
  }

  /** Called for every fsync PostgreSQL asks for; `sync` does it now for non-WAL files. */
  fsync(file: string, sync: () => void): void {
    if (isWal(file)) {
      this.#noted.add(file);
      return;
    }
    for (const wal of new Set([...this.#flushing, ...this.#noted])) this.#syncNow(wal);
    this.#noted.clear();
    sync();
  }

  /** Resolves once everything written so far is on disk; rejects if the disk failed. */
  durable(): Promise<void> {
    if (this.#noted.size > 0) {
      const files = [...this.#noted];
      this.#noted.clear();
      this.#lastFlush = this.#lastFlush.then(async () => {
        for (const file of files) this.#flushing.add(file);
        await Promise.all(files.map(this.#syncLater));
        for (const file of files) this.#flushing.delete(file);
      });
    }
    return this.#lastFlush;
  }
}

function isWal(file: string): boolean {
  return path.basename(path.dirname(file)) === 'pg_wal';
}

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function syncNow(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  try {
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function syncLater(file: string): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
