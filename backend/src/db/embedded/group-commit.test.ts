import { describe, expect, it } from 'vitest';
import {
  GroupScheduler,
  LARGE_STATEMENT_BYTES,
  MAX_GROUP,
  MAX_LARGE_GROUP_BYTES,
} from './group-commit.ts';
import type { WorkerRequest } from './protocol.ts';

let nextId = 1;
const query = (param: string, inTransaction = false): WorkerRequest => ({
  id: nextId++,
  op: 'query',
  sql: 'select $1',
  params: [param],
  inTransaction,
});
const small = () => query('x');
const large = () => query('x'.repeat(LARGE_STATEMENT_BYTES));
/** So large that no other large one joins it. */
const largest = () => query('x'.repeat(MAX_LARGE_GROUP_BYTES));
const exec = (inTransaction = false): WorkerRequest => ({
  id: nextId++,
  op: 'exec',
  sql: 'select 1',
  inTransaction,
});
const inTransaction = () => query('x', true);
const ids = (requests: WorkerRequest[]) => requests.map((request) => request.id);

describe('choosing what the embedded database runs next', () => {
  it('commits the small statements waiting together as one group, ahead of a large one', () => {
    const [a, b, c, d] = [large(), small(), small(), large()];
    const queue = [a, b, c, d];
    expect(ids(new GroupScheduler().take(queue))).toEqual(ids([b, c]));
    expect(ids(queue)).toEqual(ids([a, d]));
  });

  it('commits the large statements waiting together as one group, up to MAX_LARGE_GROUP_BYTES', () => {
    const perGroup = Math.floor(MAX_LARGE_GROUP_BYTES / LARGE_STATEMENT_BYTES);
    const larges = Array.from({ length: perGroup + 1 }, large);
    const queue = [...larges];
    const scheduler = new GroupScheduler();
    expect(ids(scheduler.take(queue))).toEqual(ids(larges.slice(0, perGroup)));
    expect(ids(scheduler.take(queue))).toEqual(ids(larges.slice(perGroup)));
    // One over the budget runs alone.
    const [a, b] = [largest(), large()];
    queue.push(a, b);
    expect(ids(scheduler.take(queue))).toEqual(ids([a]));
    expect(ids(scheduler.take(queue))).toEqual(ids([b]));
  });

  it('lets large and small statements take turns, so neither waits behind a run of the other', () => {
    const [a, b, c] = [largest(), largest(), small()];
    const queue = [a, b, c];
    const scheduler = new GroupScheduler();
    expect(ids(scheduler.take(queue))).toEqual(ids([c]));
    const d = exec();
    queue.push(d);
    // A large one has been passed: it goes next, even with a small one waiting.
    expect(ids(scheduler.take(queue))).toEqual(ids([a]));
    expect(ids(scheduler.take(queue))).toEqual(ids([d]));
    expect(ids(scheduler.take(queue))).toEqual(ids([b]));
    expect(queue).toEqual([]);
  });

  it('runs parameterless SQL alone, never inside a group', () => {
    const [a, b, c] = [small(), exec(), small()];
    const queue = [a, b, c];
    const scheduler = new GroupScheduler();
    expect(ids(scheduler.take(queue))).toEqual(ids([a, c]));
    expect(ids(scheduler.take(queue))).toEqual(ids([b]));
  });

  it('moves nothing across a transaction, its BEGIN or COMMIT, or the close', () => {
    const scheduler = new GroupScheduler();
    for (const barrier of [inTransaction(), exec(true), { id: nextId++, op: 'close' } as const]) {
      const [a, b, c] = [large(), small(), small()];
      const queue = [a, barrier, b, c];
      expect(ids(scheduler.take(queue))).toEqual(ids([a]));
      expect(ids(scheduler.take(queue))).toEqual(ids([barrier]));
      expect(ids(scheduler.take(queue))).toEqual(ids([b, c]));
    }
  });

  it('keeps a group to MAX_GROUP statements, the rest in their order', () => {
    const queue = Array.from({ length: MAX_GROUP + 3 }, small);
    const all = ids(queue);
    expect(ids(new GroupScheduler().take(queue))).toEqual(all.slice(0, MAX_GROUP));
    expect(ids(queue)).toEqual(all.slice(MAX_GROUP));
  });
});
