import fs from 'node:fs';
import type { ServerFrame } from '../shared/api/chat.ts';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { prepareDataDir, startBundledServer, type BundledServer } from './bundled-server.ts';
import { createRoom, joinAs, sendMessage } from './chat.bench.ts';
import { makeOperation, type CycleShape } from './notes-cycle.ts';

/**
 * The bundled server (`npm start`, embedded database) under ten minutes of mixed load: note
 * create + read-with-proof cycles at a steady rate, some of them large, and chat rooms whose two
 * clients send a message a second, each room replaced by a new one after a minute. RSS, heap
 * and external memory are read from the server every 10 s; the target is ≤ 300 MB RSS.
 *
 * The server runs as `npm start` does, with memory-probe.ts preloaded to answer readings over
 * IPC, and TRUST_PROXY on: the load comes from many visitors (each its own X-Forwarded-For
 * address, within the production rate limits), as it would behind a reverse proxy.
 */
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 600);
const SAMPLE_SECONDS = 10;
const TARGET_MB = 300;
const NOTE_CYCLES_PER_SECOND = 10;
/** In-flight cap, so a stalled server is not buried under a growing backlog. */
const MAX_CYCLES_IN_FLIGHT = 32;
/** One cycle in this many is a large note: 50,000 characters of text and a 3 MB image. */
const LARGE_EVERY = 50;
const LARGE_NOTE: CycleShape = { contentBytes: 200_000, imageBytes: [3 * 1024 * 1024] };
/** Each visitor creates this many notes: well within the production limit of 30 per 10 min. */
const CYCLES_PER_VISITOR = 20;
const CHAT_ROOMS = 100;
const ROOM_SECONDS = 60;

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let visitors = 0;
/** A new visitor's address, as the reverse proxy would forward it. */
function newVisitor(): Record<string, string> {
  const n = ++visitors;
  return { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

interface Counts {
  notes: number;
  largeNotes: number;
  noteFailures: number;
  noteSkipped: number;
  rooms: number;
  chatSent: number;
  chatReceived: number;
  chatFailures: number;
  firstFailure: string | null;
}

/** Note cycles at a steady rate until `until` (performance.now()). */
async function noteLoad(url: string, until: number, counts: Counts): Promise<void> {
  let cycle = 0;
  let headers = newVisitor();
  const operation = makeOperation(url, () => {
    if (cycle % CYCLES_PER_VISITOR === 0) headers = newVisitor();
    const large = ++cycle % LARGE_EVERY === 0;
    if (large) counts.largeNotes++;
    return large ? { ...LARGE_NOTE, headers } : { headers };
  });
  let inFlight = 0;
  const running = new Set<Promise<void>>();
  while (performance.now() < until) {
    if (inFlight >= MAX_CYCLES_IN_FLIGHT) counts.noteSkipped++;
    else {
      inFlight++;
      const done = operation().then(
        () => void counts.notes++,
        (error: unknown) => fail(counts, 'note', error),
      );
      running.add(done);
      void done.finally(() => {
        inFlight--;
        running.delete(done);
      });
    }
    await sleep(1000 / NOTE_CYCLES_PER_SECOND);
  }
  await Promise.all(running);
}

function fail(counts: Counts, kind: 'note' | 'chat', error: unknown): void {
  if (kind === 'note') counts.noteFailures++;
  else counts.chatFailures++;
  counts.firstFailure ??= `${kind}: ${error instanceof Error ? error.message : String(error)}`;
}

/** One room slot: a room with two clients for ROOM_SECONDS, then the next one, until `until`. */
async function roomSlot(url: string, until: number, counts: Counts): Promise<void> {
  // Slots start spread over a room's lifetime, so rooms are replaced a few at a time.
  await sleep(Math.random() * ROOM_SECONDS * 1000);
  const onMessage = (frame: ServerFrame) => {
    if (frame.type === 'new_message') counts.chatReceived++;
  };
  while (performance.now() < until) {
    try {
      const creator = newVisitor();
      const sessionId = await createRoom(url, creator);
      const a = await joinAs(url, sessionId, onMessage, creator);
      const b = await joinAs(url, sessionId, onMessage, newVisitor());
      await Promise.all([a.paired, b.paired]);
      counts.rooms++;
      const senders = [a, b].map((participant) =>
        setInterval(() => {
          sendMessage(participant);
          counts.chatSent++;
        }, 1000),
      );
      await sleep(Math.min(ROOM_SECONDS * 1000, until - performance.now()));
      for (const sender of senders) clearInterval(sender);
      // The last messages land before the room's clients leave, so none is counted lost.
      await sleep(1000);
      a.socket.close();
      b.socket.close();
    } catch (error) {
      fail(counts, 'chat', error);
      await sleep(1000);
    }
  }
}

interface Sample {
  seconds: number;
  rss: number;
  heapUsed: number;
  external: number;
}

/** The server's peak RSS so far, as the kernel counts it (catches spikes between readings). */
function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function sampleUntil(
  server: BundledServer,
  started: number,
  until: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const take = async () => {
    const { rss, heapUsed, external } = await server.memoryUsage();
    const sample = { seconds: (performance.now() - started) / 1000, rss, heapUsed, external };
    samples.push(sample);
    console.log(
      `${sample.seconds.toFixed(0).padStart(6)} s ${(rss / MB).toFixed(1).padStart(9)} ${(heapUsed / MB).toFixed(1).padStart(9)} ${(external / MB).toFixed(1).padStart(12)}`,
    );
  };
  await take();
  while (performance.now() < until) {
    await sleep(Math.min(SAMPLE_SECONDS * 1000, until - performance.now()));
    await take();
  }
  return samples;
}

export async function runMemoryBench(): Promise<void> {
  console.log(
    `\nMemory: the bundled server (npm start, embedded database) for ${SECONDS} s of mixed load:` +
      `\n${NOTE_CYCLES_PER_SECOND} note cycles/s (1 in ${LARGE_EVERY} a 200 KB note with a 3 MB image),` +
      ` ${CHAT_ROOMS} chat rooms × 2 clients at 1 msg/s, each room replaced after ${ROOM_SECONDS} s\n`,
  );
  await ensureBuilt(['web', 'server']);
  // As every start after the first (a first start also runs initdb, see the report).
  const { dataDir } = await prepareDataDir();
  const server = await startBundledServer(dataDir, {
    env: { TRUST_PROXY: 'true' },
    memoryProbe: true,
  });
  const counts: Counts = {
    notes: 0,
    largeNotes: 0,
    noteFailures: 0,
    noteSkipped: 0,
    rooms: 0,
    chatSent: 0,
    chatReceived: 0,
    chatFailures: 0,
    firstFailure: null,
  };
  try {
    console.log('     t    RSS MB   heap MB  external MB');
    const started = performance.now();
    const until = started + SECONDS * 1000;
    const [samples] = await Promise.all([
      sampleUntil(server, started, until),
      noteLoad(server.url, until, counts),
      ...Array.from({ length: CHAT_ROOMS }, () => roomSlot(server.url, until, counts)),
    ]);
    const last = samples.at(-1)!;
    const highest = Math.max(...samples.map((sample) => sample.rss));
    const peak = peakRss(server.pid);
    console.log(
      `\nLoad: ${counts.notes} note cycles (${counts.largeNotes} large), ${counts.noteFailures} failed, ${counts.noteSkipped} ticks skipped at the in-flight cap;` +
        ` ${counts.rooms} rooms, ${counts.chatReceived}/${counts.chatSent} chat messages relayed, ${counts.chatFailures} room failures` +
        (counts.firstFailure === null ? '' : `\nFirst failure: ${counts.firstFailure}`),
    );
    const verdict = (bytes: number) => (bytes / MB <= TARGET_MB ? 'within' : 'OVER');
    console.log(
      `RSS at the end ${(last.rss / MB).toFixed(1)} MB (${verdict(last.rss)} the ${TARGET_MB} MB target); ` +
        `highest reading ${(highest / MB).toFixed(1)} MB; kernel peak (VmHWM) ${(peak / MB).toFixed(1)} MB (${verdict(peak)} it)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
