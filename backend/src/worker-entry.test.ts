import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const WORKER_ENTRY_MODULE = new URL('./worker-entry.ts', import.meta.url).href;

describe('workerEnv', () => {
  it("hands a worker thread the process's compile cache, which it would not use otherwise", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-worker-env-'));
    try {
      const cacheDir = path.join(folder, 'cache');
      // The process enables its cache as main.js does; each worker reports the cache it uses.
      const script = `
        import module from 'node:module';
        import { Worker } from 'node:worker_threads';
        const { workerEnv } = await import(${JSON.stringify(WORKER_ENTRY_MODULE)});
        module.enableCompileCache(${JSON.stringify(cacheDir)});
        const report = "import module from 'node:module'; import { parentPort } from 'node:worker_threads'; parentPort.postMessage(module.getCompileCacheDir() ?? null);";
        const cacheOf = (options) => new Promise((resolve, reject) => {
          const worker = new Worker(new URL('data:text/javascript,' + encodeURIComponent(report)), options);
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        console.log(JSON.stringify({ plain: await cacheOf({}), withEnv: await cacheOf({ env: workerEnv() }) }));
      `;
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--input-type=module',
        '--eval',
        script,
      ]);
      const { plain, withEnv } = JSON.parse(stdout) as { plain: unknown; withEnv: unknown };
      expect(plain).toBeNull();
      expect(withEnv).toMatch(new RegExp(`^${cacheDir}`));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
