import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { WS_PATH, apiPaths } from '../shared/api/paths.ts';
import { NOTE_MAX_IMAGES, NOTE_MAX_IMAGE_BYTES } from '../shared/limits.ts';
import { fakeEnvelope, noteVerifiers } from '../backend/src/testing/notes-client.ts';
import { createTestStore } from '../backend/src/testing/test-server.ts';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { serverLaunch } from '../scripts/server-launch.ts';
import { ROUNDS, alternatingRounds, formatSpread, spread } from './rounds.ts';
import { percentile } from './stats.ts';

/**
 * `npm run bench -- abuse`: what one hostile or careless client can do to everyone else.
 * - the worst pause of an /api/health poller while five maximum-size notes upload;
 * - the server's memory growth while one client floods frames and reads nothing back;
 * - /api/health p99 during a flood of 1,000 joins per second for rooms that don't exist;
 * - requests let through past a rate limit by a forged X-Forwarded-For.
 *
 * The server runs as `npm start` runs it (the built dist/server/main.js with the memory
 * settings) in its own process, from BENCH_SERVER_ROOT when set, so the same measurements can be
 * taken of an earlier tree (check one out with `git worktree add`, `npm install` and
 * `npm run build` there) for a before/after comparison.
 */
const OWN_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(process.env.BENCH_SERVER_ROOT ?? OWN_ROOT);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * `npm start`'s server in ROOT: the build, or in trees from before it backend/src/main.js (or,
 * older still, main.ts), which gave themselves the memory settings given here.
 */
const serverMain = () =>
  ['dist/server/main.js', 'backend/src/main.js', 'backend/src/main.ts']
    .map((file) => path.join(ROOT, file))
    .find((file) => fs.existsSync(file))!;

interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const launch = serverLaunch({ PATH: process.env.PATH }, process.platform, serverMain());
  const child: ChildProcess = spawn(process.execPath, launch.args, {
    cwd: ROOT,
    env: { ...launch.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Polls /api/health every 10 ms from its own thread (so the load generator's own pauses don't
 * count) until told to stop; returns every latency in ms.
 */
function startHealthPoller(url: string): { stop(): Promise<number[]> } {
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
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      parentPort.postMessage(latencies);
    })();
    `,
    { eval: true, workerData: { url } },
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

function post(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** Five maximum-size notes uploading at once; the worst /api/health latency meanwhile. */
async function largeUploads(server: RunningServer): Promise<string> {
  const bodies = Array.from({ length: 5 }, () =>
    Buffer.from(
      JSON.stringify({
        content: fakeEnvelope(200_000),
        ...noteVerifiers(),
        expiration: '1h',
        attachedImages: Array.from({ length: NOTE_MAX_IMAGES }, () =>
          fakeEnvelope(NOTE_MAX_IMAGE_BYTES + 16),
        ),
      }),
    ),
  );
  const poller = startHealthPoller(server.url);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const statuses = await Promise.all(
    bodies.map((body) => post(`${server.url}${apiPaths.notes}`, body)),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies = (await poller.stop()).sort((a, b) => a - b);
  return (
    `5 × ${(bodies[0]!.length / 1e6).toFixed(1)} MB notes in ${seconds.toFixed(1)} s ` +
    `(statuses ${statuses.join(',')}); /api/health worst ${latencies.at(-1)!.toFixed(0)} ms, ` +
    `p99 ${percentile(latencies, 99).toFixed(0)} ms over ${latencies.length} polls`
  );
}

/**
 * One client sending frames as fast as it can for up to SECONDS, reading the replies or not;
 * the server's peak RSS meanwhile.
 */
async function frameFlood(
  server: RunningServer,
  reads: boolean,
): Promise<{ sent: number; closedByServer: boolean; peak: number }> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${WS_PATH}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  if (!reads) (socket as unknown as { _socket: { pause(): void } })._socket.pause();
  socket.on('error', () => {});
  let closed = false;
  socket.once('close', () => (closed = true));
  let peak = rssMb(server.pid);
  const frame = JSON.stringify({ type: 'no_such_type', padding: 'x'.repeat(4000) });
  const deadline = performance.now() + SECONDS * 1000;
  let sent = 0;
  while (performance.now() < deadline && !closed && socket.readyState === WebSocket.OPEN) {
    for (let i = 0; i < 200; i++) socket.send(frame);
    sent += 200;
    await new Promise((resolve) => setTimeout(resolve, 1));
    peak = Math.max(peak, rssMb(server.pid));
  }
  socket.terminate();
  return { sent, closedByServer: closed, peak };
}

/**
 * A client that floods frames and never reads a reply, against one that reads them (the
 * control), in alternating rounds on one server: the growth of the server's RSS during each
 * flood, as the median over the rounds with its spread. A reading client floods first, so the
 * rounds don't count the server's first use of its WebSocket path. RSS is the whole process:
 * a round also takes in whatever else the server does meanwhile (seen here: a thread's malloc
 * arena growing by 4 MB in the first 40 ms of a flood, before the socket was cut off), and the
 * control shows how much of that there is.
 */
async function nonReadingClient(server: RunningServer): Promise<string> {
  await frameFlood(server, true);
  const flood = (reads: boolean) => async () => {
    const before = rssMb(server.pid);
    const result = await frameFlood(server, reads);
    return { ...result, growth: result.peak - before };
  };
  const { reading, nonReading } = await alternatingRounds({
    reading: flood(true),
    nonReading: flood(false),
  });
  const growth = (floods: { growth: number }[]) =>
    `+${formatSpread(
      floods.map((each) => each.growth),
      1,
      ' MB',
    )}`;
  const closed = nonReading.filter((each) => each.closedByServer).length;
  const sent = spread(nonReading.map((each) => each.sent)).median;
  return (
    `server RSS growth during a flood from a client that never reads ${growth(nonReading)}, ` +
    `from one that reads ${growth(reading)} (${ROUNDS} rounds; the one that never reads sent a ` +
    `median ${sent} frames, its socket closed by the server in ${closed} of ${ROUNDS})`
  );
}

/** 1,000 joins per second for rooms that don't exist, from four addresses, for SECONDS. */
async function joinFlood(server: RunningServer): Promise<string> {
  const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
  const perAddress = 25;
  const sockets = await Promise.all(
    addresses.flatMap((localAddress) =>
      Array.from(
        { length: perAddress },
        () =>
          new Promise<WebSocket>((resolve) => {
            const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${WS_PATH}`, {
              localAddress,
            });
            socket.on('error', () => {});
            socket.on('message', () => {});
            socket.once('open', () => resolve(socket));
            socket.once('close', () => resolve(socket));
          }),
      ),
    ),
  );
  const poller = startHealthPoller(server.url);
  const deadline = performance.now() + SECONDS * 1000;
  let sent = 0;
  // 100 sockets × 10 joins per second each.
  while (performance.now() < deadline) {
    const tick = performance.now();
    for (const socket of sockets) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(
        JSON.stringify({
          type: 'join_session',
          sessionId: crypto.randomBytes(16).toString('base64url'),
          participantId: crypto.randomBytes(16).toString('hex'),
        }),
      );
      sent++;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, 100 - (performance.now() - tick))),
    );
  }
  const latencies = (await poller.stop()).sort((a, b) => a - b);
  for (const socket of sockets) socket.terminate();
  return (
    `${sent} joins in ${SECONDS} s (${(sent / SECONDS).toFixed(0)}/s); /api/health p99 ` +
    `${percentile(latencies, 99).toFixed(0)} ms, worst ${latencies.at(-1)!.toFixed(0)} ms ` +
    `over ${latencies.length} polls`
  );
}

/** Behind a trusted proxy, a client forging the left end of X-Forwarded-For for each request. */
async function forgedForwardedFor(server: RunningServer): Promise<string> {
  const attempts = 200;
  const limit = 30; // note creations per address per 10 minutes (the default rule)
  let admitted = 0;
  for (let i = 0; i < attempts; i++) {
    const body = Buffer.from(
      JSON.stringify({ content: fakeEnvelope(), ...noteVerifiers(), expiration: '1h' }),
    );
    const status = await post(`${server.url}${apiPaths.notes}`, body, {
      'x-forwarded-for': `10.${i >> 8}.${i & 255}.1, 203.0.113.9`,
    });
    if (status === 201) admitted++;
  }
  return `${admitted} of ${attempts} admitted with a limit of ${limit}: ${Math.max(0, admitted - limit)} past the limit`;
}

export async function runAbuseBench(postgresUrl: string | null): Promise<void> {
  if (ROOT === path.resolve(OWN_ROOT)) await ensureBuilt(['web', 'server']);
  console.log(`\n== abuse (server from ${ROOT}) ==`);
  const kinds = postgresUrl === null ? ['embedded'] : ['embedded', 'postgres'];
  for (const kind of kinds) {
    const store = await createTestStore(kind as 'embedded' | 'postgres');
    const env = store.env;
    try {
      let server = await startServer(env);
      console.log(`[${kind}] large uploads:      ${await largeUploads(server)}`);
      await server.stop();
      server = await startServer(env);
      console.log(`[${kind}] join flood:         ${await joinFlood(server)}`);
      await server.stop();
      if (kind === 'embedded') {
        server = await startServer(env);
        console.log(`[${kind}] non-reading client: ${await nonReadingClient(server)}`);
        await server.stop();
        server = await startServer({ ...env, TRUST_PROXY: 'true' });
        console.log(`[${kind}] forged X-Forwarded-For: ${await forgedForwardedFor(server)}`);
        await server.stop();
      }
    } finally {
      await store.drop();
    }
  }
}
