import { describe, expect, it } from 'vitest';
import { concurrencyGate } from './concurrency-gate.ts';

const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('concurrencyGate', () => {
  it('lets `running` in, queues `waiting` in order, and refuses past that', async () => {
    const gate = concurrencyGate({ running: 2, waiting: 2 });
    const first = await gate.enter()!;
    const second = await gate.enter()!;
    const third = gate.enter()!;
    const fourth = gate.enter()!;
    expect(gate.enter()).toBeNull();
    expect(await settled(third)).toBe(false);

    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    // Leaving twice frees one place, not two.
    first();
    expect(await settled(fourth)).toBe(false);

    second();
    expect(await settled(fourth)).toBe(true);
    (await third)();
    (await fourth)();
    // All places are free again: two enter at once, the third waits.
    const again = [gate.enter()!, gate.enter()!];
    expect(await settled(Promise.all(again))).toBe(true);
    expect(await settled(gate.enter()!)).toBe(false);
  });

  it('hands each place over on a later turn, so holders that leave at once let other work in', async () => {
    const gate = concurrencyGate({ running: 1, waiting: 100 });
    const first = await gate.enter()!;
    let served = 0;
    const holders = Array.from({ length: 100 }, () =>
      gate.enter()!.then((leave) => {
        served++;
        leave();
      }),
    );
    // Other work (a request's I/O) waiting on the event loop meanwhile.
    let servedWhenOtherWorkRan: number | null = null;
    setImmediate(() => (servedWhenOtherWorkRan = served));
    first();
    await Promise.all(holders);
    expect(servedWhenOtherWorkRan).toBeLessThan(2);
  });
});
