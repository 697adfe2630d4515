import type { WorkerRequest } from './protocol.ts';

export type Statement = Extract<WorkerRequest, { op: 'query' }>;

/** Enough to turn a burst into one flush; small enough that no answer waits on a long queue. */
export const MAX_GROUP = 64;

/**
 * A statement whose parameters are at least this large (a part of an image, a file's chunk)
 * never joins the small ones: it keeps the one backend busy for a millisecond or more, and every
 * statement grouped with it would be answered only after it.
 */
export const LARGE_STATEMENT_BYTES = 64 * 1024;

/**
 * Large statements waiting together are committed together up to this many bytes (~10 ms of the
 * database thread): each commit waits for a flush of the WAL, and a flush takes about as long
 * for 256 KiB as for 64 KiB (3.3 ms per synced write either way, measured with dd here). A
 * file's chunks, uploaded four at a time, then share their flushes: under
 * `npm run bench -- files` on the embedded database, 2.5 chunks per group on average, and each
 * chunk's wait for its flush went from ~5 ms to ~2 ms.
 */
export const MAX_LARGE_GROUP_BYTES = 512 * 1024;

/**
 * Sent outside any transaction: it waits on nothing else that is waiting, so it may run in any
 * order among the others like it (their callers sent them concurrently; any order is one they
 * could have seen). A statement of a transaction, its BEGIN or COMMIT, or the close, runs where
 * it stands, and nothing moves across it.
 */
const isFree = (
  request: WorkerRequest,
): request is Statement | Extract<WorkerRequest, { op: 'exec' }> =>
  request.op !== 'close' && !request.inTransaction;

/** The bytes of a statement's parameters (0 for anything else). */
function sizeOf(request: WorkerRequest): number {
  if (request.op !== 'query') return 0;
  let bytes = 0;
  for (const param of request.params) {
    if (typeof param === 'string') bytes += param.length;
    else if (param instanceof Uint8Array) bytes += param.byteLength;
    else bytes += 8;
  }
  return bytes;
}

const isLarge = (request: WorkerRequest) => sizeOf(request) >= LARGE_STATEMENT_BYTES;

/**
 * Chooses what the database thread runs next.
 *
 * Grouping is what earns the embedded database its rate: prepared statements committed 16
 * cycles at a time ran 6,600 [5,978–8,796] note cycles/s against 1,190 committed one by one,
 * each durable (`npm run bench -- embedded`, 2026-12-05), one WAL flush serving the group.
 *
 * Small statements run ahead of a large one, the free ones together as one group, so a health
 * check or a note's read doesn't wait behind a whole image upload; large ones waiting together
 * run as one group too, up to MAX_LARGE_GROUP_BYTES. While both kinds wait, they take turns, so
 * a steady stream of small statements cannot hold a large one back for ever, and no small one
 * waits behind more than one group of large ones.
 */
export class GroupScheduler {
  #largeNext = false;

  /**
   * Takes what runs next off the queue: one request to run alone, or several statements
   * (queries outside any transaction) to commit together.
   */
  take(queue: WorkerRequest[]): WorkerRequest[] {
    let free = 0;
    while (free < queue.length && isFree(queue[free]!)) free++;
    if (free === 0) return queue.splice(0, 1);
    const waiting = queue.slice(0, free);
    const firstLarge = waiting.findIndex(isLarge);
    const firstSmall = waiting.findIndex((request) => !isLarge(request));
    if (firstLarge >= 0 && (this.#largeNext || firstSmall < 0)) {
      this.#largeNext = false;
      return this.#takeLarge(queue, free);
    }
    this.#largeNext = firstLarge >= 0;
    if (waiting[firstSmall]!.op === 'exec') return queue.splice(firstSmall, 1);
    const picked: number[] = [];
    for (let index = firstSmall; index < free && picked.length < MAX_GROUP; index++) {
      if (waiting[index]!.op === 'query' && !isLarge(waiting[index]!)) picked.push(index);
    }
    return takeAt(queue, picked);
  }

  /** The first large statement among the `free` first, and those after it within the budget. */
  #takeLarge(queue: WorkerRequest[], free: number): WorkerRequest[] {
    const picked: number[] = [];
    let bytes = 0;
    for (let index = 0; index < free && picked.length < MAX_GROUP; index++) {
      const size = sizeOf(queue[index]!);
      if (size < LARGE_STATEMENT_BYTES) continue;
      if (picked.length > 0 && bytes + size > MAX_LARGE_GROUP_BYTES) break;
      picked.push(index);
      bytes += size;
    }
    return takeAt(queue, picked);
  }
}

/** Removes the requests at `indexes` (ascending) from the queue, and returns them in order. */
function takeAt(queue: WorkerRequest[], indexes: readonly number[]): WorkerRequest[] {
  const taken = indexes.map((index) => queue[index]!);
  for (const index of [...indexes].reverse()) queue.splice(index, 1);
  return taken;
}
