import { describe, expect, it } from 'vitest';
import { GroupScheduler, LARGE_STATEMENT_BYTES, MAX_GROUP } from './group-commit.ts';
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

  it('lets large and small statements take turns, so neither waits behind a run of the other', () => {
    const [a, b, c] = [large(), large(), small()];
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
