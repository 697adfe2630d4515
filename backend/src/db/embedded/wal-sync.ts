import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Durable commits without holding the database thread while the disk flushes.
 *
 * PostgreSQL makes a commit durable by fsyncing its write-ahead log (WAL) before COMMIT
 * returns. Done there, the flush (often a millisecond or more) stops the one PGlite backend, and
 * no other statement runs meanwhile. Instead, a WAL file PostgreSQL asks to sync is only noted;
 * the flush runs on libuv's pool while the thread goes on, and every answer waits for
 * `durable()`: a flush that began after its statement ran, and every flush that began before
 * it. So nothing is acknowledged before it is on disk, as before, but the next statements run
 * during the flush, and one flush covers all that ran while it was asked for.
 *
 * Flushes overlap: each begins as soon as it is asked for, not once the one before has ended.
 * Waiting for the one before (as this did at first) left the answers of statements run during a
 * flush waiting for two: 1.9 ms on average under the notes benchmark's load, when a flush itself
 * took 0.6 ms.
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
  /** WAL files with a flush running on the pool, and how many run on each. */
  readonly #flushing = new Map<string, number>();
  /** Settles once every flush begun so far has. */
  #allFlushed: Promise<void> = Promise.resolve();

  readonly #walFiles = new OpenWalFiles();

  /** The two ways to flush a file are replaceable so tests can watch the order they happen in. */
  constructor({
    now = syncNow,
    later,
  }: { now?: (file: string) => void; later?: (file: string) => Promise<void> } = {}) {
    this.#syncNow = now;
    this.#syncLater = later ?? this.#walFiles.datasync;
  }

  /** Closes the WAL files kept open; call once the database is closed and flushed. */
  close(): void {
    this.#walFiles.close();
  }

  /** Called for every fsync PostgreSQL asks for; `sync` does it now for non-WAL files. */
  fsync(file: string, sync: () => void): void {
    if (isWal(file)) {
      this.#noted.add(file);
      return;
    }
    for (const wal of new Set([...this.#flushing.keys(), ...this.#noted])) this.#syncNow(wal);
    this.#noted.clear();
    sync();
  }

  /** Resolves once everything written so far is on disk; rejects if the disk failed. */
  durable(): Promise<void> {
    if (this.#noted.size > 0) {
      const files = [...this.#noted];
      this.#noted.clear();
      const flushed = this.#flush(files);
      // What this flush covers may follow WAL an earlier, slower flush is still writing out.
      this.#allFlushed = Promise.all([this.#allFlushed, flushed]).then(() => {});
    }
    return this.#allFlushed;
  }

  async #flush(files: readonly string[]): Promise<void> {
    for (const file of files) this.#flushing.set(file, (this.#flushing.get(file) ?? 0) + 1);
    try {
      await Promise.all(files.map(this.#syncLater));
    } finally {
      for (const file of files) {
        const left = this.#flushing.get(file)! - 1;
        if (left === 0) this.#flushing.delete(file);
        else this.#flushing.set(file, left);
      }
    }
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

const openFile = promisify(fs.open);
const fdatasync = promisify(fs.fdatasync);

/** A flush covers one WAL file, two when it crosses into the next; a few more are kept open. */
const MAX_OPEN_WAL_FILES = 4;

interface OpenWalFile {
  fd: number;
  /** Flushes running on it: it is closed only once none is. */
  users: number;
}

/**
 * The WAL files flushed lately, kept open: opening and closing a file on every flush took
 * longer than the flush itself. A file PostgreSQL recycles (renames) after a checkpoint stays
 * the same file behind its descriptor, so a descriptor is never wrong, only idle; the oldest
 * no flush is using is closed once more are open than flushes are likely to use.
 */
export class OpenWalFiles {
  readonly #open = new Map<string, OpenWalFile>();

  /** Flushes `file`'s written data to disk; a file already gone was synced by a checkpoint. */
  readonly datasync = async (file: string): Promise<void> => {
    let open = this.#open.get(file);
    if (open === undefined) {
      let fd: number;
      try {
        fd = await openFile(file, 'r');
      } catch (error) {
        if (isGone(error)) return;
        throw error;
      }
      // Another flush of the same file may have opened it meanwhile.
      open = this.#open.get(file);
      if (open === undefined) {
        open = { fd, users: 0 };
        this.#open.set(file, open);
      } else {
        fs.closeSync(fd);
      }
    }
    open.users++;
    try {
      await fdatasync(open.fd);
    } finally {
      open.users--;
      this.#closeIdleBeyondLimit();
    }
  };

  #closeIdleBeyondLimit(): void {
    for (const [file, { fd, users }] of this.#open) {
      if (this.#open.size <= MAX_OPEN_WAL_FILES) return;
      if (users > 0) continue;
      this.#open.delete(file);
      fs.closeSync(fd);
    }
  }

  close(): void {
    for (const { fd } of this.#open.values()) fs.closeSync(fd);
    this.#open.clear();
  }
}
