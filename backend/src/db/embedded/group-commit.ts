import type { WorkerRequest } from './protocol.ts';

export type Statement = Extract<WorkerRequest, { op: 'query' }>;

/** Enough to turn a burst into one flush; small enough that no answer waits on a long queue. */
export const MAX_GROUP = 64;

/**
 * A statement whose parameters are at least this large (a part of an image) runs alone:
 * it keeps the one backend busy for tens of milliseconds, and every statement grouped with it
 * would be answered only after it.
 */
export const LARGE_STATEMENT_BYTES = 64 * 1024;

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

function isLarge(request: WorkerRequest): boolean {
  if (request.op !== 'query') return false;
  let bytes = 0;
  for (const param of request.params) {
    if (typeof param === 'string') bytes += param.length;
    else if (param instanceof Uint8Array) bytes += param.byteLength;
    else bytes += 8;
  }
  return bytes >= LARGE_STATEMENT_BYTES;
}

/**
 * Chooses what the database thread runs next.
 *
 * Small statements run ahead of a large one, the free ones together as one group, so a health
 * check or a note's read doesn't wait behind a whole image upload; while both kinds wait, they
 * take turns, so a steady stream of small statements cannot hold a large one back for ever, and
 * no small one waits behind more than one large one.
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
      return queue.splice(firstLarge, 1);
    }
    this.#largeNext = firstLarge >= 0;
    if (waiting[firstSmall]!.op === 'exec') return queue.splice(firstSmall, 1);
    const picked: number[] = [];
    for (let index = firstSmall; index < free && picked.length < MAX_GROUP; index++) {
      if (waiting[index]!.op === 'query' && !isLarge(waiting[index]!)) picked.push(index);
    }
    const group = picked.map((index) => waiting[index]!);
    for (const index of picked.reverse()) queue.splice(index, 1);
    return group;
  }
}
