import fs from 'node:fs';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { prepareDataDir, startBundledServer } from './bundled-server.ts';
import { ROUNDS, formatSpread, spread } from './rounds.ts';

/** The target: `npm start` on an existing data directory serves within 2 s. */
const TARGET_MS = 2000;

/**
 * `npm start` after the build, on an existing data directory: from spawn to the first 200
 * from /api/health (polled every 10 ms), and to the "running at" line, over ROUNDS starts.
 */
export async function runStartupBench(): Promise<void> {
  console.log(
    `\nStartup: \`npm start\`'s server (node dist/server/main.js, embedded database) on an existing data directory, ${ROUNDS} starts; spawn → first 200 from /api/health\n`,
  );
  await ensureBuilt(['web', 'server']);
  const { dataDir, firstStartMs } = await prepareDataDir();
  try {
    console.log(`First start (new data directory): ${firstStartMs.toFixed(0)} ms`);
    const healthy: number[] = [];
    const runningLine: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startBundledServer(dataDir);
      healthy.push(server.healthyMs);
      runningLine.push(server.runningLineMs);
      await server.stop();
    }
    const verdict = spread(healthy).median <= TARGET_MS ? 'within' : 'OVER';
    console.log(
      `Existing data directory: /api/health 200 after ${formatSpread(healthy, 0, ' ms')}` +
        ` ("running at" line after ${formatSpread(runningLine, 0, ' ms')}): ${verdict} the ${TARGET_MS} ms target` +
        ` (slowest start ${spread(healthy).max <= TARGET_MS ? 'within' : 'over'} it)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
