import { Worker } from 'node:worker_threads';
import { createApp } from '../backend/src/app.ts';
import { loadConfig } from '../backend/src/config.ts';
import { createLogger } from '../backend/src/logger.ts';
import { createTestStore } from '../backend/src/testing/test-server.ts';
const unlimited = { limit: 1_000_000_000, windowSeconds: 60 };
const store = await createTestStore((process.env.KIND ?? 'postgres') as 'postgres');
const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', ...store.env });
const app = await createApp(config, {
  logger: createLogger('info', () => {}),
  notes: { rateRules: { create: unlimited, proof: unlimited }, sweepIntervalMs: 3_600_000 },
});
const server = await app.listen();
for (const seconds of [3, 10]) {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
    workerData: {
      scenario: new URL('./notes-cycle.ts', import.meta.url).href,
      baseUrl: server.url,
      concurrency: 16,
      seconds,
    },
  });
  const stats = await new Promise((resolve) => worker.once('message', resolve));
  console.log(JSON.stringify(stats).slice(0, 200));
}
await app.close();
await store.drop();
