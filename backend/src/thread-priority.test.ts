import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startWorkerBelowServer } from './thread-priority.ts';

/** A thread's nice value, from its /proc stat line (field 19). */
const niceIn = (stat: string) => Number(stat.split(') ')[1]!.split(' ')[16]);
const niceOf = (statPath: string) => niceIn(fs.readFileSync(statPath, 'utf8'));

describe('startWorkerBelowServer', () => {
  it.runIf(fs.existsSync('/proc/thread-self'))(
    "starts the worker below the server's priority before its first line runs, and leaves the server's thread as it was",
    async () => {
      const before = niceOf('/proc/thread-self/stat');
      // The worker's first line reads its own priority: it does nothing to lower it.
      const source = `
        import fs from 'node:fs';
        import { parentPort } from 'node:worker_threads';
        parentPort.postMessage(fs.readFileSync('/proc/thread-self/stat', 'utf8'));
      `;
      const worker = startWorkerBelowServer(
        new URL(`data:text/javascript,${encodeURIComponent(source)}`),
      );
      const stat = await new Promise<string>((resolve, reject) =>
        worker.once('message', resolve).once('error', reject),
      );
      await worker.terminate();
      expect(niceIn(stat)).toBe(19);
      expect(niceOf('/proc/thread-self/stat')).toBe(before);
    },
  );
});
