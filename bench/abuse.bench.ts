import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { WS_PATH, apiPaths } from '../shared/api/paths.ts';
import { MAX_WS_FRAME_BYTES, NOTE_MAX_IMAGES, NOTE_MAX_IMAGE_BYTES } from '../shared/limits.ts';
import { fakeEnvelope, noteVerifiers } from '../backend/src/testing/notes-client.ts';
import { createTestStore } from '../backend/src/testing/test-server.ts';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { serverLaunch } from '../scripts/server-launch.ts';
import { ROUNDS, alternatingRounds, formatSpread, spread } from './rounds.ts';
import { rssMb, startHealthPoller } from './server-watch.ts';
import { percentile } from './stats.ts';

/**
 * `npm run bench -- abuse`: what one hostile or careless client can do to everyone else.
 * - the worst pause of an /api/health poller, and the server's memory, while five maximum-size
 *   notes upload (one alone: the control);
 * - /api/health p99 while 64 or 640 sockets send 60 KB frames, or the largest the protocol takes
 *   (idle sockets: the control);
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
const HEALTH_POLL_MS = 10;
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

/** A maximum-size note's body (five 10 MB images). */
function maxNoteBody(): Buffer {
  return Buffer.from(
    JSON.stringify({
      content: fakeEnvelope(200_000),
      ...noteVerifiers(),
      expiration: '1h',
      attachedImages: Array.from({ length: NOTE_MAX_IMAGES }, () =>
        fakeEnvelope(NOTE_MAX_IMAGE_BYTES + 16),
      ),
    }),
  );
}

/**
 * `count` maximum-size notes uploading at once: the worst /api/health latency meanwhile, and the
 * server's RSS before, at its peak and a second after. Five at once took a server from 336 to
 * 1,457 MB before uploads had a memory budget; one alone is the control.
 */
async function largeUploads(server: RunningServer, count: number): Promise<string> {
  const bodies = Array.from({ length: count }, maxNoteBody);
  const poller = startHealthPoller(server.url, HEALTH_POLL_MS);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = rssMb(server.pid);
  let peak = before;
  const sampling = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
  const started = performance.now();
  const statuses = await Promise.all(
    bodies.map((body) => post(`${server.url}${apiPaths.notes}`, body)),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  clearInterval(sampling);
  const after = rssMb(server.pid);
  const latencies = (await poller.stop()).sort((a, b) => a - b);
  return (
    `${count} × ${(bodies[0]!.length / 1e6).toFixed(1)} MB notes in ${seconds.toFixed(1)} s ` +
    `(statuses ${statuses.join(',')}); RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} → ` +
    `${after.toFixed(0)} MB a second after; /api/health worst ${latencies.at(-1)!.toFixed(0)} ms, ` +
    `p99 ${percentile(latencies, 99).toFixed(0)} ms over ${latencies.length} polls`
  );
}

/** A chat socket from `localAddress`, once open (or already closed: a refused one counts too). */
function openSocket(server: RunningServer, localAddress: string): Promise<WebSocket> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${WS_PATH}`, {
      localAddress,
    });
    socket.on('error', () => {});
    socket.on('message', () => {});
    socket.once('open', () => resolve(socket));
    socket.once('close', () => resolve(socket));
  });
}

/**
 * `perAddress` sockets from each of `addresses` (loopback addresses of their own), each sending
 * frames of `frameBytes` as fast as it can for SECONDS (or nothing, the control): /api/health
 * p99 meanwhile, and how many sockets the server still had open at the end. The probe that
 * found it: 64 sockets sending 60 KB frames from one address took /api/health's p99 from 41 ms
 * to 1,969 ms; 640 from 10 addresses, to 5,883 ms, their sockets still open after 10 s.
 */
async function largeFrameFlood(
  server: RunningServer,
  flood: { addresses: number; perAddress: number; frameBytes: number | null },
): Promise<string> {
  const sockets = await Promise.all(
    Array.from({ length: flood.addresses * flood.perAddress }, (_, index) => {
      const localAddress = `127.0.1.${Math.floor(index / flood.perAddress) + 1}`;
      return openSocket(server, localAddress);
    }),
  );
  const frame =
    flood.frameBytes === null
      ? null
      : JSON.stringify({ type: 'no_such_type', padding: 'x'.repeat(flood.frameBytes - 40) });
  const poller = startHealthPoller(server.url, HEALTH_POLL_MS);
  const deadline = performance.now() + SECONDS * 1000;
  while (frame !== null && performance.now() < deadline) {
    for (const socket of sockets) {
      // What the kernel will not take waits in ws's own buffer: no more than a frame or two.
      if (socket.readyState === WebSocket.OPEN && socket.bufferedAmount < 2 * frame.length) {
        socket.send(frame);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (frame === null) await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const latencies = (await poller.stop()).sort((a, b) => a - b);
  const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  for (const socket of sockets) socket.terminate();
  const what = frame === null ? 'idle' : `${(flood.frameBytes! / 1024).toFixed(0)} KB frames`;
  return (
    `${sockets.length} sockets from ${flood.addresses} address(es), ${what}: /api/health p99 ` +
    `${percentile(latencies, 99).toFixed(0)} ms, worst ${latencies.at(-1)!.toFixed(0)} ms; ` +
    `${open} of ${sockets.length} sockets still open after ${SECONDS} s`
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
      Array.from({ length: perAddress }, () => openSocket(server, localAddress)),
    ),
  );
  const poller = startHealthPoller(server.url, HEALTH_POLL_MS);
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
      for (const count of [1, 5]) {
        const server = await startServer(env);
        console.log(`[${kind}] large uploads:      ${await largeUploads(server, count)}`);
        await server.stop();
      }
      let server = await startServer(env);
      console.log(`[${kind}] join flood:         ${await joinFlood(server)}`);
      await server.stop();
      if (kind === 'embedded') {
        for (const flood of [
          { addresses: 1, perAddress: 64, frameBytes: null },
          { addresses: 1, perAddress: 64, frameBytes: 60 * 1024 },
          { addresses: 1, perAddress: 64, frameBytes: MAX_WS_FRAME_BYTES },
          { addresses: 10, perAddress: 64, frameBytes: 60 * 1024 },
          { addresses: 10, perAddress: 64, frameBytes: MAX_WS_FRAME_BYTES },
        ]) {
          server = await startServer(env);
          console.log(`[${kind}] frame flood:        ${await largeFrameFlood(server, flood)}`);
          await server.stop();
        }
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
