import fs from 'node:fs';

/**
 * When the embedded database takes its checkpoints, by how many WAL files (16 MB each) were
 * written since the last.
 *
 * PGlite runs PostgreSQL as a single backend, without the checkpointer that would otherwise take
 * one as the WAL grows. Left alone, the WAL grew by everything written until the sweeper's next
 * checkpoint (after something was deleted): one after 400 MB of images stopped the database
 * thread for ~270 ms, and a start after a crash replayed all of it (~3.7 s against ~0.5 s).
 */
export interface CheckpointPolicy {
  /** Due: taken once nothing has been asked of the database for `idleMs`. */
  dueWalFiles: number;
  /**
   * Taken between statements even while the database is busy: half PostgreSQL's own default
   * (max_wal_size, 1 GB), so a crash in the middle of a long burst of writes replays at most
   * about 512 MB (436 MB took 3.7 s here).
   */
  forcedWalFiles: number;
  /**
   * How long the database must have had nothing to do before a due checkpoint is taken. One
   * taken during a burst of uploads (its data files flushed, then its own pause of 50-90 ms)
   * made every commit meanwhile wait on a busy disk: `/api/health` p99 went from 33 ms to
   * 100-140 ms while five maximum-size notes uploaded.
   */
  idleMs: number;
}

export const CHECKPOINT_POLICY: CheckpointPolicy = {
  dueWalFiles: 4,
  forcedWalFiles: 32,
  idleMs: 100,
};

/**
 * PostgreSQL's checkpoints for the embedded database, taken between statements on its thread.
 *
 * Up to half of a checkpoint's pause here was the disk flushing the data files written since the
 * last one (after 64 MB of images: 55-91 ms, against 34-42 ms with them already flushed). So
 * when one is due, those files are flushed first on libuv's pool while statements go on running,
 * and the checkpoint itself follows once that is done, finding little left to flush.
 * A failed flush stops the thread: after fsync fails, Linux may report the same pages clean, and
 * the checkpoint would then vouch for data that never reached the disk.
 */
export class Checkpoints {
  readonly #walFilesSinceCheckpoint: () => number;
  readonly #takeWrittenDataFiles: () => string[];
  readonly #checkpoint: () => Promise<void>;
  readonly #policy: CheckpointPolicy;
  readonly #onFlushedAhead: () => void;
  #flushingAhead = false;
  #flushedAhead = false;

  constructor(options: {
    /** How many WAL files PostgreSQL wrote since its last checkpoint. */
    walFilesSinceCheckpoint: () => number;
    /** The data files PostgreSQL wrote since this was last called, by path. */
    takeWrittenDataFiles: () => string[];
    checkpoint: () => Promise<void>;
    policy?: CheckpointPolicy;
    /** Called when a flush ahead is done: the checkpoint can be taken at the next chance. */
    onFlushedAhead?: () => void;
  }) {
    this.#walFilesSinceCheckpoint = options.walFilesSinceCheckpoint;
    this.#takeWrittenDataFiles = options.takeWrittenDataFiles;
    this.#checkpoint = options.checkpoint;
    this.#policy = options.policy ?? CHECKPOINT_POLICY;
    this.#onFlushedAhead = options.onFlushedAhead ?? (() => {});
  }

  get policy(): CheckpointPolicy {
    return this.#policy;
  }

  /** Whether one should be taken at the next idle moment. */
  get due(): boolean {
    return this.#walFilesSinceCheckpoint() >= this.#policy.dueWalFiles;
  }

  /**
   * Call between statements, outside any transaction, saying whether the database is idle:
   * starts flushing ahead once a checkpoint is due (or forced), and takes the checkpoint on a
   * later call once that flush is done.
   */
  async betweenStatements({ idle }: { idle: boolean }): Promise<void> {
    const walFiles = this.#walFilesSinceCheckpoint();
    if (walFiles < this.#policy.dueWalFiles) {
      // None is due, or one was taken meanwhile (the sweeper takes one after reclaiming space).
      this.#flushedAhead = false;
      return;
    }
    if (!idle && walFiles < this.#policy.forcedWalFiles) return;
    if (this.#flushedAhead) {
      this.#flushedAhead = false;
      await this.#checkpoint();
      return;
    }
    if (this.#flushingAhead) return;
    this.#flushingAhead = true;
    Promise.all(this.#takeWrittenDataFiles().map(flushFile)).then(
      () => {
        this.#flushingAhead = false;
        this.#flushedAhead = true;
        this.#onFlushedAhead();
      },
      (error: unknown) =>
        setImmediate(() => {
          throw error;
        }),
    );
  }
}

/** Flushes a file's written data to disk; a file deleted since it was written needs none. */
async function flushFile(file: string): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
