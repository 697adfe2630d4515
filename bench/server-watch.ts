import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Polls /api/health every `intervalMs` from its own thread (so the load generator's own pauses
 * don't count) until told to stop; returns every latency in ms.
 */
export function startHealthPoller(url: string, intervalMs: number): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies = [];
    let running = true;
    parentPort.on('message', () => { running = false; });
    (async function poll() {
      while (running) {
        const started = performance.now();
        await new Promise((resolve) => {
          http.get(workerData.url + '/api/health', { agent }, (response) => {
            response.resume();
            response.on('end', resolve);
          }).on('error', resolve);
        });
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
      }
      parentPort.postMessage(latencies);
    })();
    `,
    { eval: true, workerData: { url, intervalMs } },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (latencies: number[]) => {
          void worker.terminate();
          resolve(latencies);
        });
        worker.postMessage('stop');
      }),
  };
}
