import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import os from 'node:os';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ServerFrame } from '../shared/api/chat.ts';
import { WS_PATH, apiPaths } from '../shared/api/paths.ts';
import { createApp } from '../backend/src/app.ts';
import { loadConfig } from '../backend/src/config.ts';
import { createLogger } from '../backend/src/logger.ts';
import { fakeEnvelope } from '../backend/src/testing/notes-client.ts';
import { createTestStore } from '../backend/src/testing/test-server.ts';
import { ROUNDS, alternatingRounds, formatSpread } from './rounds.ts';
import { cpuMicros, percentile } from './stats.ts';

/**
 * Chat relay under load: N rooms × 2 WebSocket clients (N from BENCH_CHAT_ROOMS), each client
 * sending BENCH_CHAT_RATE messages per second for BENCH_SECONDS. Latency is send → receipt at the other
 * client, both ends in this process (one clock). Each server instance runs in its own child
 * process, so its memory per socket is measured without the clients in it.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 1);
/** Comma-separated, e.g. BENCH_CHAT_ROOMS=100,1000 for two sizes. */
const ROOM_COUNTS = (process.env.BENCH_CHAT_ROOMS ?? '1000').split(',').map(Number);
/** About a 150-character chat message once encrypted. */
const CONTENT_BYTES = 200;
/** Joining 2,000 sockets takes seconds on an idle machine, minutes on a busy shared one. */
const SETUP_TIMEOUT_MS = 600_000;
const SERVER_FLAG = '--chat-bench-server';
type Contender = 'embedded' | 'postgres' | 'postgres-2' | 'postgres-4';
const CONTENDER_LABELS: Record<Contender, string> = {
  embedded: 'Embedded (PGlite), 1 instance',
  postgres: 'PostgreSQL, 1 instance',
  'postgres-2': 'PostgreSQL, 2 instances (1 per side)',
  'postgres-4': 'PostgreSQL, 4 instances (the sides on 2 of them, every pairing)',
};
/** Comma-separated subset for a quick run, e.g. BENCH_CHAT_CONTENDERS=postgres-2. */
const CONTENDERS = (process.env.BENCH_CHAT_CONTENDERS?.split(',') ??
  Object.keys(CONTENDER_LABELS)) as Contender[];
for (const name of CONTENDERS) {
  if (!(name in CONTENDER_LABELS)) throw new Error(`BENCH_CHAT_CONTENDERS: unknown ${name}`);
}
/** A directory: each server instance writes a V8 CPU profile of each timed run there. */
const CPU_PROFILE_DIR = process.env.BENCH_CHAT_CPU_PROF;

const unlimited = { limit: 1_000_000_000, windowSeconds: 60 };

interface ServerStats {
  heapUsed: number;
  rss: number;
  cpuMicros: number;
  /** Time its threads have spent ready to run but waiting for a CPU (Linux; 0 elsewhere). */
  runQueueMicros: number;
  /** Longest event-loop stall since the previous reading. */
  loopMaxMs: number;
  /** Longest garbage-collection pause since the previous reading. */
  gcMaxMs: number;
}

type FromServer = { type: 'ready'; url: string } | ({ type: 'stats' } & ServerStats);

// Child mode: one server instance, answering stats requests from the parent over IPC.
if (process.argv[2] === SERVER_FLAG) {
  const env = JSON.parse(process.argv[3]!) as Record<string, string>;
  // Behind a proxy as far as the server knows: each room's pair of clients comes from its own
  // address (X-Forwarded-For), as real ones would, so the per-address caps on sockets and joins
  // apply per room rather than to the whole bench at once.
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    ...env,
  });
  const server = await createApp(config, {
    logger: createLogger('silent'),
    chat: { rateRules: { create: unlimited } },
  });
  const { url } = await server.listen();
  const gc = (globalThis as { gc?: () => void }).gc;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
  }).observe({ entryTypes: ['gc'] });
  const profiler = CPU_PROFILE_DIR ? timedRunProfiler(CPU_PROFILE_DIR) : null;
  process.on('message', (message: { type: string }) => {
    // The parent reads the CPU time just before and just after the timed run.
    if (message.type === 'cpu') void profiler?.toggle();
    if (message.type === 'stats' || message.type === 'cpu') {
      // A full collection pauses the server; only memory readings (outside the timed run) need it.
      if (message.type === 'stats') {
        gc?.();
        gc?.();
      }
      const { heapUsed, rss } = process.memoryUsage();
      process.send!({
        type: 'stats',
        heapUsed,
        rss,
        cpuMicros: cpuMicros(process.cpuUsage()),
        runQueueMicros: runQueueMicros(),
        loopMaxMs: loop.max / 1e6,
        gcMaxMs,
      });
      loop.reset();
      gcMaxMs = 0;
    } else if (message.type === 'stop') {
      void server.close().then(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', url });
}

/**
 * Profiles the timed runs only (not the start-up or joining, which a whole-process profile
 * is mostly made of): started by one call, stopped and written by the next.
 */
function timedRunProfiler(directory: string) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let runs = 0;
  return {
    async toggle() {
      running = !running;
      if (running) {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        return;
      }
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(directory, `chat-${process.pid}-${++runs}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/**
 * How long this process's threads have waited on a run queue, from the kernel's per-thread
 * scheduler statistics (`/proc/self/task/<id>/schedstat`: time run, time waited, in ns). On a
 * machine as busy as the bench makes it, the servers wait for a CPU about as long as they run,
 * which CPU profiles show only as gaps between their samples.
 */
function runQueueMicros(): number {
  let waitedNs = 0;
  try {
    for (const thread of fs.readdirSync('/proc/self/task')) {
      const fields = fs.readFileSync(`/proc/self/task/${thread}/schedstat`, 'utf8').split(' ');
      waitedNs += Number(fields[1]);
    }
  } catch {
    return 0;
  }
  return waitedNs / 1000;
}

interface Instance {
  url: string;
  /** Memory after a full collection, and CPU time so far. */
  stats(): Promise<ServerStats>;
  /** The same without a collection, so it does not disturb a timed run. */
  cpu(): Promise<ServerStats>;
  stop(): Promise<void>;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    [SERVER_FLAG, JSON.stringify(env)],
    {
      execArgv: [...process.execArgv, '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const nextMessage = <Type extends FromServer['type']>(type: Type) =>
    withTimeout(
      new Promise<Extract<FromServer, { type: Type }>>((resolve, reject) => {
        const onMessage = (message: FromServer) => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          resolve(message as Extract<FromServer, { type: Type }>);
        };
        child.on('message', onMessage);
        child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
      }),
      SETUP_TIMEOUT_MS,
      `bench server ${type}`,
    );
  const { url } = await nextMessage('ready');
  return {
    url,
    async stats() {
      const reply = nextMessage('stats');
      child.send({ type: 'stats' });
      return reply;
    },
    async cpu() {
      const reply = nextMessage('stats');
      child.send({ type: 'cpu' });
      return reply;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await withTimeout(exited, 30_000, 'bench server stop').catch(() => child.kill());
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function pooled<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface Participant {
  socket: WebSocket;
  sessionId: string;
  participantId: string;
  /** Settles once this client knows its partner is in the room too. */
  paired: Promise<void>;
}

/**
 * Connects and sends the join; `paired` tells when the room is complete from this side.
 * `headers` go with the upgrade (e.g. the X-Forwarded-For of a visitor behind a proxy).
 */
export async function joinAs(
  baseUrl: string,
  sessionId: string,
  onMessage: (frame: ServerFrame) => void,
  headers: Record<string, string> = {},
): Promise<Participant> {
  const participantId = crypto.randomBytes(16).toString('hex');
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${WS_PATH}`, { headers });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

  const paired = new Promise<void>((resolve, reject) => {
    // Refused by the server (e.g. a per-address cap): fail the run instead of waiting forever.
    socket.once('close', (code, reason) => {
      reject(new Error(`closed before pairing: ${code} ${String(reason)}`));
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'session_joined' && frame.others.length > 0) resolve();
      else if (frame.type === 'participant_joined') resolve();
      else if (frame.type === 'session_full' || frame.type === 'error') {
        reject(new Error(`join failed: ${JSON.stringify(frame)}`));
      }
      onMessage(frame);
    });
  });
  socket.send(JSON.stringify({ type: 'join_session', sessionId, participantId }));
  return { socket, sessionId, participantId, paired };
}

/**
 * Sends one chat message (by default a fresh envelope of typical size); returns its content, to
 * recognise it on arrival.
 */
export function sendMessage(
  participant: Participant,
  content = fakeEnvelope(CONTENT_BYTES),
): string {
  participant.socket.send(
    JSON.stringify({
      type: 'send_message',
      sessionId: participant.sessionId,
      participantId: participant.participantId,
      content,
    }),
  );
  return content;
}

export async function createRoom(
  baseUrl: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${baseUrl}${apiPaths.chatCreate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ duration: '60' }),
  });
  if (response.status !== 201) throw new Error(`create-session: ${response.status}`);
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
}

interface Room {
  sessionId: string;
  /** Where its two clients come from (a documentation-only range, one address per room). */
  address: string;
}

/** The bench's rooms each come from their own address, as visitors do, through a trusted proxy. */
async function createBenchRoom(baseUrl: string, index: number): Promise<Room> {
  const address = `198.18.${index >> 8}.${index & 255}`;
  return { sessionId: await createRoom(baseUrl, { 'x-forwarded-for': address }), address };
}

interface Result {
  sockets: number;
  sent: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  heapPerSocket: number;
  rssPerSocket: number;
  serverCpuPercent: number;
  /** The servers' threads' time waiting for a CPU, as a share of the run (like CPU). */
  serverRunQueuePercent: number;
  /**
   * Server CPU time (all instances) per message sent: what the work costs, which a busy shared
   * machine inflates far less than it does latency.
   */
  serverCpuPerMessageUs: number;
  clientLoopP99Ms: number;
  serverLoopMaxMs: number;
  serverGcMaxMs: number;
  /** How long connecting and joining every client took. */
  joinSeconds: number;
  /** The machine's 1-minute load average at the end of the run (it is shared). */
  load: number;
}

/**
 * The instances of a room's two sides: the same one when there is one; else always two
 * different ones, the rooms going round every ordered pair (with 4 instances, each of the 12
 * comes every 12 rooms), so that each instance has as many first as second participants.
 */
function sidesOf(index: number, instanceCount: number): [number, number] {
  const first = index % instanceCount;
  if (instanceCount === 1) return [first, first];
  const offset = 1 + (Math.floor(index / instanceCount) % (instanceCount - 1));
  return [first, (first + offset) % instanceCount];
}

/** One scenario: `rooms` rooms, the two participants of each on the instances sidesOf gives. */
async function runScenario(instances: Instance[], rooms: number): Promise<Result> {
  const created = await pooled(
    Array.from({ length: rooms }, (_, index) => index),
    20,
    async (index) => {
      const [first, second] = sidesOf(index, instances.length);
      const room = await createBenchRoom(instances[first]!.url, index);
      return { ...room, first: instances[first]!, second: instances[second]! };
    },
  );

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const onMessage = (frame: ServerFrame) => {
    if (frame.type !== 'new_message') return;
    const t0 = sentAt.get(frame.content);
    if (t0 === undefined) return;
    latencies.push(performance.now() - t0);
    sentAt.delete(frame.content);
  };

  const before = await Promise.all(instances.map((instance) => instance.stats()));
  const joinStarted = performance.now();
  const participants = await withTimeout(
    pooled(created, 50, async (room) => {
      const from = { 'x-forwarded-for': room.address };
      const a = await joinAs(room.first.url, room.sessionId, onMessage, from);
      const b = await joinAs(room.second.url, room.sessionId, onMessage, from);
      await Promise.all([a.paired, b.paired]);
      return [a, b];
    }),
    SETUP_TIMEOUT_MS,
    'joining',
  );
  const everyone = participants.flat();
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  const after = await Promise.all(instances.map((instance) => instance.stats()));
  const heapDelta = after.reduce((sum, s, i) => sum + s.heapUsed - before[i]!.heapUsed, 0);
  const rssDelta = after.reduce((sum, s, i) => sum + s.rss - before[i]!.rss, 0);

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // Random-looking content of a real message's size, unique through its nonce; made cheaply,
  // so that the clients' own work (all in this process) disturbs the latencies less.
  const ciphertext = crypto.randomBytes(CONTENT_BYTES).toString('base64url');
  const noncePrefix = crypto.randomBytes(6).toString('base64url');
  const nonce = () => `${noncePrefix}${String(sent).padStart(8, '0')}`;
  let sent = 0;
  const timers: NodeJS.Timeout[] = [];
  const periodMs = 1000 / RATE;
  for (const participant of everyone) {
    const sendOne = () => {
      sentAt.set(sendMessage(participant, `v1.${nonce()}.${ciphertext}`), performance.now());
      sent++;
    };
    // Spread the clients' sends evenly over each period instead of in lockstep.
    const start = setTimeout(() => {
      sendOne();
      timers.push(setInterval(sendOne, periodMs));
    }, Math.random() * periodMs);
    timers.push(start);
  }
  const cpuBefore = await Promise.all(instances.map((instance) => instance.cpu()));
  const sentBefore = sent;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  for (const timer of timers) clearInterval(timer);
  const elapsedMs = performance.now() - started;
  const sentInWindow = sent - sentBefore;
  const cpuAfter = await Promise.all(instances.map((instance) => instance.cpu()));
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last messages land
  loop.disable();

  for (const participant of everyone) participant.socket.terminate();
  latencies.sort((x, y) => x - y);
  const cpuMicros = cpuAfter.reduce((sum, s, i) => sum + s.cpuMicros - cpuBefore[i]!.cpuMicros, 0);
  const waitedMicros = cpuAfter.reduce(
    (sum, s, i) => sum + s.runQueueMicros - cpuBefore[i]!.runQueueMicros,
    0,
  );
  return {
    sockets: everyone.length,
    sent,
    received: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    heapPerSocket: heapDelta / everyone.length,
    rssPerSocket: rssDelta / everyone.length,
    serverCpuPercent: (cpuMicros / 1000 / elapsedMs) * 100,
    serverRunQueuePercent: (waitedMicros / 1000 / elapsedMs) * 100,
    serverCpuPerMessageUs: cpuMicros / sentInWindow,
    clientLoopP99Ms: loop.percentile(99) / 1e6,
    serverLoopMaxMs: Math.max(...cpuAfter.map((s) => s.loopMaxMs)),
    serverGcMaxMs: Math.max(...cpuAfter.map((s) => s.gcMaxMs)),
    joinSeconds,
    load: os.loadavg()[0]!,
  };
}

/** Each figure of a contender as median [min–max] over its rounds. */
function report(label: string, runs: Result[]): void {
  const figure = (pick: (result: Result) => number, decimals = 1, unit = ' ms') =>
    formatSpread(runs.map(pick), decimals, unit);
  const kb = (bytes: number) => bytes / 1024;
  console.log(
    `${label}\n` +
      `  received ${figure((r) => r.received / r.sent, 4, '')} of sent` +
      `  | p50 ${figure((r) => r.p50Ms, 2)}  p99 ${figure((r) => r.p99Ms, 2)}  max ${figure((r) => r.maxMs)}\n` +
      `  server stall max ${figure((r) => r.serverLoopMaxMs)}  GC max ${figure((r) => r.serverGcMaxMs)}` +
      `  CPU ${figure((r) => r.serverCpuPercent, 0, '%')} (${figure((r) => r.serverCpuPerMessageUs, 0, ' µs')} per message), waiting for a CPU ${figure((r) => r.serverRunQueuePercent, 0, '%')}  | client loop p99 ${figure((r) => r.clientLoopP99Ms)}\n` +
      `  per socket: heap ${figure((r) => kb(r.heapPerSocket), 1, ' KB')}, rss ${figure((r) => kb(r.rssPerSocket), 1, ' KB')}` +
      `  | joining took ${figure((r) => r.joinSeconds, 1, ' s')}  | load (1 min) ${figure((r) => r.load, 2, '')}`,
  );
}

/** One run of one contender, on a fresh store, its instances started and stopped around it. */
async function run(kind: 'embedded' | 'postgres', instanceCount: number, rooms: number) {
  const store = await createTestStore(kind);
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < instanceCount; i++) instances.push(await startInstance(store.env));
    const result = await runScenario(instances, rooms);
    // Progress, so that a long run shows how it goes (the summary comes after the last round).
    console.log(
      `  ${kind}×${instanceCount}: p99 ${result.p99Ms.toFixed(2)} ms, max ${result.maxMs.toFixed(1)} ms,` +
        ` stall ${result.serverLoopMaxMs.toFixed(0)} ms, waiting for a CPU ${result.serverRunQueuePercent.toFixed(0)}%,` +
        ` load ${result.load.toFixed(2)}`,
    );
    return result;
  } finally {
    for (const instance of instances) await instance.stop();
    await store.drop();
  }
}

export async function runChatBench(postgresUrl: string | null): Promise<void> {
  console.log(
    `\nChat relay: N rooms × 2 WebSocket clients, ${RATE} msg/s per client, ${SECONDS} s per run,` +
      `\n${ROUNDS} alternating rounds; figures are medians [min–max] over the rounds.` +
      '\nLatency = send → receipt at the other client; each server instance in a child process;' +
      '\nstall = longest event-loop delay of a server during the timed run (max over instances);' +
      "\nwaiting for a CPU = the servers' threads' time ready to run but not running (Linux), as CPU is: a share of the timed run;" +
      "\nmemory = a server's heap/rss growth from connecting and joining, per socket\n",
  );
  if (postgresUrl === null) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  for (const rooms of ROOM_COUNTS) {
    const all: Record<Contender, () => Promise<Result>> = {
      embedded: () => run('embedded', 1, rooms),
      postgres: () => run('postgres', 1, rooms),
      'postgres-2': () => run('postgres', 2, rooms),
      'postgres-4': () => run('postgres', 4, rooms),
    };
    const contenders = Object.fromEntries(
      CONTENDERS.filter((name) => postgresUrl !== null || name === 'embedded').map((name) => [
        CONTENDER_LABELS[name],
        all[name],
      ]),
    );
    const results = await alternatingRounds(contenders);
    for (const [label, runs] of Object.entries(results)) report(`${label}, ${rooms} rooms`, runs);
  }
}
