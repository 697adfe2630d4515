import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop, cpuMicros, type RunStats, type StepTimer } from './stats.ts';

/**
 * What the load thread tells the server's thread: when the timed run begins, and at its end the
 * results with the load thread's own CPU time over the timed run (null where Node cannot tell),
 * so the server's can be told apart from it.
 */
export type LoadMessage =
  { kind: 'timed' } | { kind: 'done'; stats: RunStats; loadCpuMicros: number | null };

/**
 * Runs a benchmark's client side on its own thread, so the server under test does not share
 * its event loop with the load generator. `workerData.scenario` names a module exporting
 * `operation(baseUrl)`.
 */
const { scenario, baseUrl, concurrency, seconds } = workerData as {
  scenario: string;
  baseUrl: string;
  concurrency: number;
  seconds: number;
};
const { makeOperation } = (await import(scenario)) as {
  makeOperation: (baseUrl: string) => (timeStep: StepTimer) => Promise<void>;
};
const report = (message: LoadMessage) => parentPort!.postMessage(message);
// Not in every Node 22 (npm run uses the pinned one, which has it); without it, no CPU figure.
const threadCpuMicros = (): number | null =>
  'threadCpuUsage' in process ? cpuMicros(process.threadCpuUsage()) : null;
let timedFrom: number | null = null;
const stats = await closedLoop(makeOperation(baseUrl), {
  concurrency,
  seconds,
  onTimedStart: () => {
    timedFrom = threadCpuMicros();
    report({ kind: 'timed' });
  },
});
const timedTo = threadCpuMicros();
const loadCpuMicros = timedFrom === null || timedTo === null ? null : timedTo - timedFrom;
report({ kind: 'done', stats, loadCpuMicros });
