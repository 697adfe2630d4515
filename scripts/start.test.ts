import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_MAIN, serverLaunch } from './server-launch.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm start` without npm: the launcher, on a fresh data directory, until the server says it is
 * running; then what that process is (its PID's command line and environment) and what the
 * launcher printed before.
 */
async function startOnce(dataDir: string) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ashnote is running at')) resolve();
      });
    });
    // The PID spawn returned is the server's: the launcher put it in its own place (execve).
    const read = (file: string) =>
      fs.readFileSync(`/proc/${child.pid}/${file}`, 'utf8').split('\0').filter(Boolean);
    return { output, args: read('cmdline'), environ: read('environ') };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

describe('npm start', () => {
  it.runIf(process.platform === 'linux')(
    'runs the built server in its own place, with the memory settings, building nothing twice',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-start-'));
      try {
        // The first start builds whatever changed since the last build (nothing, after npm test's).
        await startOnce(dataDir);
        const { output, args, environ } = await startOnce(dataDir);
        expect(output).not.toMatch(/Building/);
        expect(args).toEqual([process.execPath, '--max-semi-space-size=4', SERVER_MAIN]);
        expect(environ).toContain('MALLOC_ARENA_MAX=2');
        expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  it('leaves every memory setting to whoever chose an arena count, and to other systems', () => {
    const chosen = serverLaunch({ PATH: '/bin', MALLOC_ARENA_MAX: '8' }, 'linux');
    expect(chosen).toEqual({ args: [SERVER_MAIN], env: { PATH: '/bin', MALLOC_ARENA_MAX: '8' } });
    expect(serverLaunch({ PATH: '/bin' }, 'darwin')).toEqual({
      args: [SERVER_MAIN],
      env: { PATH: '/bin' },
    });
    expect(serverLaunch({ MALLOC_MMAP_THRESHOLD_: '65536' }, 'linux').env).toEqual({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '65536',
    });
  });
});
