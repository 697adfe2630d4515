import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '../shared/api/paths.ts';
import { createFakeNote } from '../backend/src/testing/notes-client.ts';
import { SERVER_MAIN, serverLaunch } from '../scripts/server-launch.ts';

/**
 * The built server as `npm start` runs it (scripts/server-launch.ts: dist/server/main.js with the
 * memory settings, the same build a release and the desktop app's built-in server run), on the
 * embedded database in DATA_DIR, serving dist/web; or started another way (`command`: a release
 * folder's, in startup.bench.ts).
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const NODE = path.join(repoRoot, 'node_modules/.bin/node');
const HEALTH_POLL_MS = 10;
/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every architecture Node runs on). */
const CLOCK_TICKS = 100;
const START_TIMEOUT_MS = 60_000;

/** How to start a server: Node's arguments (the script and its flags), environment, folder. */
export interface ServerCommand {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** `npm start`'s server, without npm and the build check in front of it (see startup.bench.ts). */
export function npmStartServer(): ServerCommand {
  return { ...serverLaunch({ PATH: process.env.PATH }, process.platform), cwd: repoRoot };
}

export interface BundledServer {
  pid: number;
  url: string;
  /** From spawn to the first 200 from /api/health. */
  healthyMs: number;
  /**
   * The server's CPU time (all its threads) by then, in ms, on Linux (null elsewhere): what a
   * start costs, which other work on a shared machine stretches far less than its duration.
   */
  cpuMsWhenHealthy: number | null;
  /** From spawn to the server's "Ashnote is running at" line. */
  runningLineMs: number;
  /** The server's process.memoryUsage(); only when started with `memoryProbe`. */
  memoryUsage(): Promise<NodeJS.MemoryUsage>;
  /** SIGTERM, as Ctrl-C or a service manager would, and waits for the exit. */
  stop(): Promise<void>;
}

/** A port nobody listens on now, so the health poll can start at spawn. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A process's CPU time so far (user and system, all threads) in ms; null where /proc is not. */
function cpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

function healthStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(`${url}${apiPaths.health}`, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });
}

export async function startBundledServer(
  dataDir: string,
  options: {
    /** More environment, on top of the embedded database on loopback. */
    env?: Record<string, string>;
    /** Preloads memory-probe.ts, which writes memory readings to a file every second. */
    memoryProbe?: boolean;
    /** How to start it; `npm start`'s way by default. */
    command?: ServerCommand;
  } = {},
): Promise<BundledServer> {
  const command = options.command ?? npmStartServer();
  if (options.command === undefined && !fs.existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const probe = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));
  const probeFile = path.join(dataDir, 'memory-probe.json');
  const started = performance.now();
  const child = spawn(
    NODE,
    [...(options.memoryProbe ? ['--import', probe] : []), ...command.args],
    {
      cwd: command.cwd,
      env: {
        ...command.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        ...(options.memoryProbe ? { MEMORY_PROBE_FILE: probeFile } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  let runningLineMs: number | null = null;
  let output = '';
  const runningLine = new Promise<void>((resolve) => {
    // Read all of stdout (the request log), or the server would block once the pipe is full.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (runningLineMs !== null) return;
      output += chunk.toString();
      if (!output.includes('Ashnote is running at')) return;
      runningLineMs = performance.now() - started;
      resolve();
    });
  });

  let healthyMs: number | null = null;
  let cpuMsWhenHealthy: number | null = null;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (healthyMs === null) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) before serving`);
    if (performance.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health in time');
    }
    if ((await healthStatus(url)) === 200) {
      healthyMs = performance.now() - started;
      cpuMsWhenHealthy = cpuMs(child.pid!);
    } else await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  await runningLine;

  return {
    pid: child.pid!,
    url,
    healthyMs,
    cpuMsWhenHealthy,
    runningLineMs: runningLineMs!,
    async memoryUsage() {
      // The probe's last reading, at most a second old.
      return JSON.parse(await fs.promises.readFile(probeFile, 'utf8')) as NodeJS.MemoryUsage;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
    },
  };
}

/**
 * A data directory as a user's is after the first start: created and migrated by one start of
 * the server, with a few notes in it. Returns it with how long that first start took.
 */
export async function prepareDataDir(
  command?: ServerCommand,
): Promise<{ dataDir: string; firstStartMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-'));
  const first = await startBundledServer(dataDir, { command });
  for (let i = 0; i < 5; i++) await createFakeNote(first.url);
  await first.stop();
  return { dataDir, firstStartMs: first.healthyMs };
}
