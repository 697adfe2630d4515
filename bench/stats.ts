/** Latency percentiles and throughput for a closed-loop load run. */
export interface RunStats {
  operations: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * The server's CPU time (user + system) per operation in the timed run, where the server
   * shares the benchmark's process: all of its threads but the load generator's.
   */
  serverCpuMicros?: number;
  /** Latency of each step the operation timed (each request of a notes cycle, say). */
  steps?: Record<string, StepStats>;
}

export interface StepStats {
  p50Ms: number;
  p99Ms: number;
}

/** Given to an operation, to time its steps: a step's name and how long it took. */
export type StepTimer = (step: string, ms: number) => void;

/** A CPU reading (`process.cpuUsage()`, `process.threadCpuUsage()`) as one figure, user + system. */
export const cpuMicros = ({ user, system }: NodeJS.CpuUsage): number => user + system;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `operation` from `concurrency` workers until `seconds` have passed, after a warm-up at
 * the same concurrency (JIT, connection pools, the database's caches), bounded in count so a
 * runaway never loops forever.
 */
export async function closedLoop(
  operation: (timeStep: StepTimer) => Promise<void>,
  options: {
    concurrency: number;
    seconds: number;
    warmupSeconds?: number;
    /** Called when the warm-up is over and the timed run begins. */
    onTimedStart?: () => void;
  },
): Promise<RunStats> {
  const runWorkers = async (
    seconds: number,
    latencies: number[],
    stepLatencies: Map<string, number[]>,
  ) => {
    const deadline = performance.now() + seconds * 1000;
    const timeStep: StepTimer = (step, ms) => {
      const list = stepLatencies.get(step) ?? [];
      list.push(ms);
      stepLatencies.set(step, list);
    };
    const worker = async () => {
      while (performance.now() < deadline && latencies.length < MAX_OPERATIONS) {
        const t0 = performance.now();
        await operation(timeStep);
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  };
  await runWorkers(options.warmupSeconds ?? 2, [], new Map());

  options.onTimedStart?.();
  const latencies: number[] = [];
  const stepLatencies = new Map<string, number[]>();
  const started = performance.now();
  await runWorkers(options.seconds, latencies, stepLatencies);
  const seconds = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(
    [...stepLatencies].map(([step, list]) => [step, latencyStats(list)]),
  );
  return {
    operations: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    ...latencyStats(latencies),
    ...(stepLatencies.size > 0 ? { steps } : {}),
  };
}

function latencyStats(latencies: number[]): StepStats {
  latencies.sort((a, b) => a - b);
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

const MAX_OPERATIONS = 1_000_000;
