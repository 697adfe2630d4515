import { describe, expect, it } from 'vitest';
import { statementBatch } from './statement-batch.ts';

/** A batcher that records how each item ran: alone, or with which others. */
function recorded(options: { failMany?: boolean; failOne?: (item: string) => boolean } = {}) {
  const runs: string[][] = [];
  const run = statementBatch<string, string>({
    runOne: async (item) => {
      runs.push([item]);
      if (options.failOne?.(item)) throw new Error(`${item} refused`);
      return `one:${item}`;
    },
    runMany: async (items) => {
      runs.push([...items]);
      if (options.failMany) throw new Error('batch refused');
      return items.map((item) => `many:${item}`);
    },
    keyOf: (item) => item.split('#')[0]!,
  });
  return { run, runs };
}

describe('statementBatch', () => {
  it('sends what is asked for in one turn as one statement, each caller its own answer', async () => {
    const { run, runs } = recorded();
    expect(await Promise.all(['a', 'b', 'c'].map(run))).toEqual(['many:a', 'many:b', 'many:c']);
    expect(runs).toEqual([['a', 'b', 'c']]);
  });

  it('runs an item asked for alone with the statement for one', async () => {
    const { run, runs } = recorded();
    expect(await run('a')).toBe('one:a');
    expect(await run('b')).toBe('one:b');
    expect(runs).toEqual([['a'], ['b']]);
  });

  it('never puts two items with the same key in one statement', async () => {
    const { run, runs } = recorded();
    const answers = await Promise.all(['a#1', 'b', 'a#2', 'a#3'].map(run));
    expect(answers).toEqual(['many:a#1', 'many:b', 'one:a#2', 'one:a#3']);
    expect(runs).toEqual([['a#1', 'b'], ['a#2'], ['a#3']]);
  });

  it('runs a failed batch again item by item, so only the item that fails alone fails', async () => {
    const { run, runs } = recorded({ failMany: true, failOne: (item) => item === 'b' });
    const settled = await Promise.allSettled(['a', 'b', 'c'].map(run));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'one:a' },
      { status: 'rejected', reason: new Error('b refused') },
      { status: 'fulfilled', value: 'one:c' },
    ]);
    expect(runs).toEqual([['a', 'b', 'c'], ['a'], ['b'], ['c']]);
  });

  it('splits a turn of more than 64 items', async () => {
    const { run, runs } = recorded();
    const items = Array.from({ length: 130 }, (_, index) => `item${index}`);
    expect(await Promise.all(items.map(run))).toEqual(items.map((item) => `many:${item}`));
    expect(runs.map((batch) => batch.length)).toEqual([64, 64, 2]);
  });
});
