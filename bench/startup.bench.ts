import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALLOC_SETTINGS, V8_MEMORY_FLAGS } from '../backend/src/memory-settings.ts';
import { createTestStore } from '../backend/src/testing/test-server.ts';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { prepareDataDir, startBundledServer, type ServerCommand } from './bundled-server.ts';
import { ROUNDS, alternatingRounds, formatSpread, spread } from './rounds.ts';
import { rssMb } from './server-watch.ts';

/** The target: a release on an existing data directory answers within 1 s. */
const TARGET_MS = 1000;
/** How long a started server is left alone before its resident memory is read. */
const IDLE_SECONDS = 10;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const NODE = path.join(repoRoot, 'node_modules/.bin/node');

/** A release folder made by `npm run release` and installed with `npm ci --omit=dev`. */
function installRelease(out: string): string {
  execFileSync(NODE, ['scripts/release.ts', '--out', out, '--install'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const folder = fs.readdirSync(out, { withFileTypes: true }).find((entry) => entry.isDirectory());
  return path.join(out, folder!.name);
}

/**
 * `npm run bench -- startup`: spawn → first 200 from /api/health (polled every 10 ms), on an
 * existing data directory (made and migrated by a first start, with a few notes in it), over
 * ROUNDS alternating starts of:
 * - `npm start` as it runs after a build, npm aside: its launcher (scripts/start.mjs) finds
 *   nothing to build (hashing the sources) and puts the built server in its place;
 * - the release (`npm run release`, installed with `npm ci --omit=dev`), started as the
 *   systemd unit starts it: `node --max-semi-space-size=4 dist/server/main.js` with glibc's
 *   memory settings.
 * Then the release's installed size and its resident memory after IDLE_SECONDS idle, on the
 * embedded database and, given a PostgreSQL, on a fresh database there.
 */
export async function runStartupBench(postgresUrl: string | null): Promise<void> {
  console.log(
    `\nStartup: npm start and the release on an existing data directory (embedded database), ${ROUNDS} rounds; spawn → first 200 from /api/health\n`,
  );
  await ensureBuilt(['web', 'server']);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-release-'));
  const commands: Record<'npm start' | 'release', ServerCommand> = {
    'npm start': { args: ['scripts/start.mjs'], env: { PATH: process.env.PATH }, cwd: repoRoot },
    release: {
      args: [...V8_MEMORY_FLAGS, 'dist/server/main.js'],
      env: { PATH: process.env.PATH, ...MALLOC_SETTINGS },
      cwd: installRelease(out),
    },
  };
  const installed = execFileSync('du', ['-sh', 'node_modules'], {
    cwd: commands.release.cwd,
    encoding: 'utf8',
  }).split('\t')[0];
  console.log(`Release installed with npm ci --omit=dev: node_modules ${installed}`);

  const { dataDir, firstStartMs } = await prepareDataDir(commands.release);
  try {
    console.log(`Release's first start (new data directory): ${firstStartMs.toFixed(0)} ms`);
    const startOnce = (command: ServerCommand) => async () => {
      const server = await startBundledServer(dataDir, { command });
      await server.stop();
      return server;
    };
    const results = await alternatingRounds({
      'npm start': startOnce(commands['npm start']),
      release: startOnce(commands.release),
    });
    for (const [name, starts] of Object.entries(results)) {
      const healthy = starts.map((start) => start.healthyMs);
      const cpu = starts.flatMap((start) => start.cpuMsWhenHealthy ?? []);
      const verdict = spread(healthy).median <= TARGET_MS ? 'within' : 'OVER';
      console.log(
        `${name.padEnd(10)} /api/health 200 after ${formatSpread(healthy, 0, ' ms')}: ${verdict} the ${TARGET_MS} ms target` +
          (cpu.length > 0 ? `; server CPU by then ${formatSpread(cpu, 0, ' ms')}` : ''),
      );
    }
    console.log(
      `(machine load average over the rounds' last minute: ${os.loadavg()[0]!.toFixed(1)})`,
    );

    const idle = async (label: string, env: Record<string, string> = {}) => {
      const server = await startBundledServer(dataDir, { command: commands.release, env });
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const rss = rssMb(server.pid);
      await server.stop();
      console.log(
        `Release on ${label}: ready after ${server.healthyMs.toFixed(0)} ms (CPU ${server.cpuMsWhenHealthy?.toFixed(0) ?? '?'} ms), RSS ${rss.toFixed(0)} MB after ${IDLE_SECONDS} s idle`,
      );
    };
    await idle('the embedded database');
    if (postgresUrl !== null) {
      const store = await createTestStore('postgres');
      try {
        await idle('PostgreSQL (first start: migrations)', store.env);
        await idle('PostgreSQL (migrated)', store.env);
      } finally {
        await store.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
}
