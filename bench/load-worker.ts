import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop } from './stats.ts';

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
const stats = await closedLoop(makeOperation(baseUrl), { concurrency, seconds });
parentPort!.postMessage(stats);
