/** Sends remembered: enough for a typical time, few enough to follow a mail server's mood. */
const KEPT = 16;
/** Never hold an answer longer than this, whatever the mail server took. */
const MAX_WAIT_MS = 5_000;

/**
 * How long the last few mail sends took, so that an answer given without sending can take as
 * long as one given after a send: otherwise the time alone would tell which of the two it was.
 */
export function recentDurations() {
  const durations: number[] = [];
  return {
    /** Runs `send`, remembering how long it took when it succeeds. */
    async timed<T>(send: () => Promise<T>): Promise<T> {
      const started = performance.now();
      const result = await send();
      durations.push(performance.now() - started);
      if (durations.length > KEPT) durations.shift();
      return result;
    },
    /** Waits about as long as a send takes (the median of the recent ones; none: no wait). */
    waitTypical(): Promise<void> {
      if (durations.length === 0) return Promise.resolve();
      const sorted = [...durations].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      return new Promise((resolve) => setTimeout(resolve, Math.min(median, MAX_WAIT_MS)));
    },
  };
}
