/** Latency percentiles and throughput for a closed-loop load run. */
export interface RunStats {
  operations: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `operation` from `concurrency` workers until `seconds` have passed (after a short
 * warm-up), bounded in count so a runaway never loops forever.
 */
export async function closedLoop(
  operation: () => Promise<void>,
  options: {
    concurrency: number;
    seconds: number;
    maxOperations?: number;
    warmupOperations?: number;
  },
): Promise<RunStats> {
  const warmup = options.warmupOperations ?? 50;
  for (let i = 0; i < warmup; i++) await operation();

  const latencies: number[] = [];
  const maxOperations = options.maxOperations ?? 1_000_000;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && latencies.length < maxOperations) {
      const t0 = performance.now();
      await operation();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    operations: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

export function formatStats(label: string, stats: RunStats): string {
  return `${label.padEnd(44)} ${stats.perSecond.toFixed(0).padStart(7)}/s   p50 ${stats.p50Ms.toFixed(2).padStart(7)} ms   p99 ${stats.p99Ms.toFixed(2).padStart(7)} ms   (${stats.operations} ops)`;
}
