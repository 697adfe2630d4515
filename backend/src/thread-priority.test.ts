import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** A thread's nice value, from its /proc stat line (field 19). */
const niceIn = (stat: string) => Number(stat.split(') ')[1]!.split(' ')[16]);
const niceOf = (statPath: string) => niceIn(fs.readFileSync(statPath, 'utf8'));

describe('yieldToServerThread', () => {
  it.runIf(fs.existsSync('/proc/thread-self'))(
    "lowers the calling worker's priority and leaves the server's thread as it was",
    async () => {
      const before = niceOf('/proc/thread-self/stat');
      const worker = new Worker(
        `
        const { parentPort, workerData } = require('node:worker_threads');
        import(workerData.module).then(({ yieldToServerThread }) => {
          yieldToServerThread();
          parentPort.postMessage(require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8'));
        });
        `,
        {
          eval: true,
          workerData: { module: new URL('./thread-priority.ts', import.meta.url).href },
        },
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
