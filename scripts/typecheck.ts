import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * `npm run typecheck`: every part of the project against its own tsconfig (tsconfig.<part>.json;
 * tsconfig.json is the editor's view and tsconfig.base.json their common settings). Two at a
 * time, the slowest first: one tsc keeps one core busy, and in turn the eight took 99 s on our
 * 2-core machines. Each one's output is printed whole once it is done, so two never interleave.
 */
const NOT_PARTS = new Set(['tsconfig.json', 'tsconfig.base.json']);
/** The slowest first (seconds alone, 2026-12-05), so that the last two finish together. */
const SLOWEST_FIRST = ['backend', 'web', 'main', 'e2e', 'renderer-tests', 'preload', 'shared'];
const CONCURRENCY = 2;

const parts = fs
  .readdirSync('.')
  .filter((file) => /^tsconfig\..+\.json$/.test(file) && !NOT_PARTS.has(file))
  .map((file) => file.slice('tsconfig.'.length, -'.json'.length))
  .sort((a, b) => rank(a) - rank(b));

function rank(part: string): number {
  const index = SLOWEST_FIRST.indexOf(part);
  return index === -1 ? SLOWEST_FIRST.length : index;
}

function check(part: string): Promise<boolean> {
  return new Promise((resolve) => {
    const tsc = spawn('tsc', ['-p', `tsconfig.${part}.json`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    tsc.stdout.on('data', (chunk: Buffer) => (output += chunk));
    tsc.stderr.on('data', (chunk: Buffer) => (output += chunk));
    tsc.on('error', (error) => {
      console.error(`tsc -p tsconfig.${part}.json: ${error.message}`);
      resolve(false);
    });
    tsc.on('close', (code) => {
      console.log(`tsc -p tsconfig.${part}.json: ${code === 0 ? 'ok' : 'errors'}`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...parts];
let failed = false;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let part = queue.shift(); part !== undefined; part = queue.shift()) {
      if (!(await check(part))) failed = true;
    }
  }),
);
if (failed) process.exit(1);
