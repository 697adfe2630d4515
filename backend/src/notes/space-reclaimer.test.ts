import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { spaceReclaimer } from './space-reclaimer.ts';

/** A reclaimer whose reclaims wait until the test lets them finish (or fail). */
function subject(options: { intervalMs?: number; afterDestroyed?: number } = {}) {
  const finish: ((error?: Error) => void)[] = [];
  const warnings: string[] = [];
  const reclaimer = spaceReclaimer({
    reclaim: () =>
      new Promise<void>((resolve, reject) => {
        finish.push((error) => (error ? reject(error) : resolve()));
      }),
    intervalMs: options.intervalMs ?? 0,
    afterDestroyed: options.afterDestroyed ?? 3,
    logger: createLogger('warn', (line) => warnings.push(line)),
  });
  const destroy = (count: number) => {
    for (let i = 0; i < count; i++) reclaimer.noteDestroyed();
  };
  /** Lets the oldest unfinished reclaim end, and its callers hear of it. */
  const settle = async (error?: Error) => {
    finish.shift()!(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { reclaimer, destroy, settle, started: () => finish.length, warnings };
}

describe('spaceReclaimer', () => {
  it('reclaims in the background once enough notes are destroyed, not before', async () => {
    const { destroy, settle, started } = subject({ afterDestroyed: 3 });
    destroy(2);
    expect(started()).toBe(0);
    destroy(1);
    expect(started()).toBe(1);
    await settle();
    // The count starts over.
    destroy(2);
    expect(started()).toBe(0);
    destroy(1);
    expect(started()).toBe(1);
  });

  it('never runs two at once', async () => {
    const { reclaimer, destroy, settle, started } = subject({ afterDestroyed: 3 });
    destroy(3);
    destroy(10);
    await reclaimer.swept(true);
    expect(started()).toBe(1);
    await settle();
    // Destroyed while it ran: counted toward the next.
    destroy(3);
    expect(started()).toBe(1);
  });

  it('reclaims after a sweep only when something was deleted and the interval has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const options = { intervalMs: 60_000, afterDestroyed: 100 };
      const justStarted = subject(options);
      await justStarted.reclaimer.swept(true);
      expect(justStarted.started()).toBe(0); // the interval counts from start
      const { reclaimer, destroy, settle, started } = subject(options);
      vi.advanceTimersByTime(60_000);
      void justStarted.reclaimer.swept(false); // that sweep's deletions are still due
      expect(justStarted.started()).toBe(1);

      await reclaimer.swept(false);
      expect(started()).toBe(0); // nothing deleted
      const first = reclaimer.swept(true);
      expect(started()).toBe(1);
      await settle();
      await first;
      destroy(1);
      await reclaimer.swept(true);
      expect(started()).toBe(0); // within the interval
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a sweep, reclaims what reads destroyed too', async () => {
    const { reclaimer, destroy, started } = subject({ afterDestroyed: 100 });
    destroy(1);
    void reclaimer.swept(false);
    expect(started()).toBe(1);
  });

  it('logs a failed background reclaim as a warning, and tries again later', async () => {
    const { destroy, settle, started, warnings } = subject({ afterDestroyed: 2 });
    destroy(2);
    await settle(new Error('database went away'));
    expect(warnings.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: 'warn', message: 'reclaiming space failed', error: 'database went away' },
    ]);
    destroy(2);
    expect(started()).toBe(1);
  });

  it('stop waits for a reclaim under way and starts no more', async () => {
    const { reclaimer, destroy, settle, started } = subject({ afterDestroyed: 2 });
    destroy(2);
    let stopped = false;
    const stopping = reclaimer.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    await settle();
    await stopping;
    expect(stopped).toBe(true);
    destroy(5);
    expect(started()).toBe(0);
  });
});
