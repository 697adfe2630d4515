import fs from 'node:fs';

/**
 * A checkpoint is due once this many WAL files (16 MB each) were written since the last.
 *
 * PGlite runs PostgreSQL as a single backend, without the checkpointer that would otherwise take
 * one as the WAL grows. Left alone, the WAL grew by everything written until the sweeper's next
 * checkpoint (after something was deleted): one after 400 MB of images stopped the database
 * thread for ~270 ms, and a start after a crash replayed all of it (~3.7 s against ~0.5 s).
 */
export const CHECKPOINT_WAL_FILES = 4;

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
  #flushingAhead = false;
  #flushedAhead = false;

  constructor(options: {
    /** How many WAL files PostgreSQL wrote since its last checkpoint. */
    walFilesSinceCheckpoint: () => number;
    /** The data files PostgreSQL wrote since this was last called, by path. */
    takeWrittenDataFiles: () => string[];
    checkpoint: () => Promise<void>;
  }) {
    this.#walFilesSinceCheckpoint = options.walFilesSinceCheckpoint;
    this.#takeWrittenDataFiles = options.takeWrittenDataFiles;
    this.#checkpoint = options.checkpoint;
  }

  /**
   * Call between statements, outside any transaction: starts flushing ahead once a checkpoint
   * is due, and takes the checkpoint once that flush is done.
   */
  async afterStatement(): Promise<void> {
    const due = this.#walFilesSinceCheckpoint() >= CHECKPOINT_WAL_FILES;
    if (this.#flushedAhead) {
      this.#flushedAhead = false;
      // Unless one was taken meanwhile (the sweeper takes one after reclaiming space).
      if (due) await this.#checkpoint();
      return;
    }
    if (this.#flushingAhead || !due) return;
    this.#flushingAhead = true;
    Promise.all(this.#takeWrittenDataFiles().map(flushFile)).then(
      () => {
        this.#flushingAhead = false;
        this.#flushedAhead = true;
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
