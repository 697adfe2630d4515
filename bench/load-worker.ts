import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop, type RunStats } from './stats.ts';

/** What the load thread tells the server's thread: its own CPU time, so that can be left out. */
export type LoadMessage =
  | { kind: 'timed'; threadCpu: NodeJS.CpuUsage }
  | { kind: 'done'; stats: RunStats; threadCpu: NodeJS.CpuUsage };

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
  makeOperation: (baseUrl: string) => () => Promise<void>;
};
const report = (message: LoadMessage) => parentPort!.postMessage(message);
const stats = await closedLoop(makeOperation(baseUrl), {
  concurrency,
  seconds,
  onTimedStart: () => report({ kind: 'timed', threadCpu: process.threadCpuUsage() }),
});
report({ kind: 'done', stats, threadCpu: process.threadCpuUsage() });
