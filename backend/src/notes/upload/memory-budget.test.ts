import { describe, expect, it } from 'vitest';
import { memoryBudget } from './memory-budget.ts';

describe('memoryBudget', () => {
  it('grants what fits at once, lines up the rest first come first served, and lets them in as memory is released', async () => {
    const budget = memoryBudget(100, { maxWaiting: 2, maxWaitMs: 5000 });
    const first = await budget.reserve(60);
    expect(first).not.toBeNull();
    const granted: string[] = [];
    const second = budget.reserve(60).then((release) => (granted.push('second'), release));
    const third = budget.reserve(30).then((release) => (granted.push('third'), release));
    // The line is full: the next is told to come back, at once.
    expect(await budget.reserve(1)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The third would fit beside the first, but the second came before it.
    expect(granted).toEqual([]);
    first!();
    first!(); // releasing twice frees nothing more
    expect(await second).not.toBeNull();
    expect(await third).not.toBeNull();
    expect(granted).toEqual(['second', 'third']);
    const fourth = budget.reserve(20);
    expect(await Promise.race([fourth, Promise.resolve('waiting')])).toBe('waiting');
    (await third)!();
    expect(await fourth).not.toBeNull();
  });

  it('gives up on a wait after maxWaitMs', async () => {
    const budget = memoryBudget(10, { maxWaiting: 4, maxWaitMs: 50 });
    const held = await budget.reserve(10);
    expect(await budget.reserve(5)).toBeNull();
    held!();
    expect(await budget.reserve(10)).not.toBeNull();
  });
});
