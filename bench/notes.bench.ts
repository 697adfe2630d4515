import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { fakeEnvelope } from '../backend/src/testing/notes-client.ts';
import { createTestStore, type TestDatabaseKind } from '../backend/src/testing/test-server.ts';
import { createApp } from '../backend/src/app.ts';
import { loadConfig } from '../backend/src/config.ts';
import { openDatabase } from '../backend/src/db/database.ts';
import { createLogger } from '../backend/src/logger.ts';
import { openDurablePGlite } from '../backend/src/db/embedded/durable-pglite.ts';
import { partsInMemory } from '../backend/src/notes/upload/note-request.ts';
import { notesRepository } from '../backend/src/notes/notes.repository.ts';
import { benchHttpFloor } from './http-floor.ts';
import { BASELINE_TABLE, DELETE_RETURNING, INSERT } from './raw-statements.ts';
import type { LoadMessage } from './load-worker.ts';
import { PAYLOAD_BYTES } from './notes-cycle.ts';
import { ROUNDS, alternatingRounds, formatSpread } from './rounds.ts';
import {
  type PeerStats,
  type PeerStore,
  privateBinLifecycles,
  privateBinRunning,
} from './privatebin.ts';
import { closedLoop, cpuMicros, type RunStats } from './stats.ts';

const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const unlimited = { limit: 1_000_000_000, windowSeconds: 60 };

/**
 * What `npm start` serves beside the API, as far as an API call can tell: the web bundle's
 * middleware sits in front of the routes, and every call passes it. API calls never reach its
 * files, so a one-page stand-in does, and the bench needs no build.
 */
function standInWebBundle(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-web-'));
  fs.writeFileSync(path.join(folder, 'index.html'), '<!doctype html><html><head></head></html>');
  return folder;
}

/** What builds a server: this tree's modules, or another checkout's. */
interface ServerSource {
  createApp: typeof createApp;
  loadConfig: typeof loadConfig;
  createLogger: typeof createLogger;
}

const OURS: ServerSource = { createApp, loadConfig, createLogger };

/**
 * BENCH_BASELINE_ROOT: another checkout of this project (an earlier commit, say, with its own
 * node_modules), whose server is built and driven as ours, in this process (see
 * compareWithBaseline).
 */
async function baselineSource(): Promise<ServerSource | null> {
  const root = process.env.BENCH_BASELINE_ROOT;
  if (root === undefined) return null;
  const modules: object[] = await Promise.all(
    ['app.ts', 'config.ts', 'logger.ts'].map(
      (file) => import(pathToFileURL(path.resolve(root, 'backend/src', file)).href),
    ),
  );
  const { createApp, loadConfig, createLogger } = Object.assign({}, ...modules) as ServerSource;
  return { createApp, loadConfig, createLogger };
}

interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The server as `npm start` builds it, started once for all the rounds of a run and kept between
 * them, as a real one runs on: what a long-lived server accumulates under load (a table's dead
 * rows, say) shows in the later rounds. It logs as in production (a line per request at `info`),
 * formatted but not written out. Its sweeper waits an hour, so that no sweep falls into a round.
 */
async function startServer(
  env: Record<string, string>,
  { createApp, loadConfig, createLogger }: ServerSource = OURS,
): Promise<BenchServer> {
  const webDir = standInWebBundle();
  // METRICS_TOKEN: the servers count their metrics, as a scraped server does (a baseline tree
  // from before metrics ignores it).
  const metrics = process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {};
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', WEB_DIR: webDir, ...metrics, ...env });
  const app = await createApp(config, {
    logger: createLogger('info', () => {}),
    notes: { rateRules: { create: unlimited, proof: unlimited }, sweepIntervalMs: 3_600_000 },
  });
  const { url } = await app.listen();
  return {
    url,
    async close() {
      await app.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs notes cycles against a server in this process from a worker thread (see load-worker.ts),
 * and counts the server's CPU per cycle: this process's, less the load thread's own.
 */
function driveCycles(baseUrl: string): Promise<RunStats> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
    workerData: {
      scenario: new URL('./notes-cycle.ts', import.meta.url).href,
      baseUrl,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
    },
  });
  let timedFrom = 0;
  return new Promise<RunStats>((resolve, reject) => {
    worker.on('message', (message: LoadMessage) => {
      if (message.kind === 'timed') {
        timedFrom = cpuMicros(process.cpuUsage());
        return;
      }
      const { stats, loadCpuMicros } = message;
      if (loadCpuMicros === null) return resolve(stats);
      const server = cpuMicros(process.cpuUsage()) - timedFrom - loadCpuMicros;
      resolve({ ...stats, serverCpuMicros: server / stats.operations });
    });
    worker.once('error', reject);
  });
}

/**
 * The same create + read through our storage layer alone (the repository's statements on our
 * connection setup), without HTTP: shows how the full cycle's cost splits.
 */
async function benchStorage(env: Record<string, string>): Promise<RunStats> {
  const database = await openDatabase(loadConfig(env), createLogger('silent'));
  const repo = notesRepository(database);
  try {
    return await closedLoop(
      async () => {
        const id = crypto.randomBytes(16).toString('base64url');
        const verifier = crypto.randomBytes(32);
        await repo.insert({
          id,
          content: fakeEnvelope(PAYLOAD_BYTES),
          partsPerImage: [],
          parts: partsInMemory([]),
          verifier,
          linkVerifier: verifier,
          statusVerifier: null,
          kdf: null,
          expiresInSeconds: 86_400,
          sealedReceiptAddress: null,
          files: [],
          uploadVerifier: null,
        });
        if (!(await repo.takeWithVerifier(id, verifier, verifier))) throw new Error('read failed');
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
  } finally {
    await database.close();
  }
}

/** What the database alone can do: one insert and one delete-returning of the same payload. */
async function benchRawPostgres(url: string): Promise<RunStats> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Dropping the benchmark database afterwards ends connections the pool may still be closing.
  pool.on('error', () => {});
  await pool.query(BASELINE_TABLE);
  try {
    return await closedLoop(
      async () => {
        const id = crypto.randomBytes(16).toString('base64url');
        const verifier = crypto.randomBytes(32);
        await pool.query(INSERT, [id, fakeEnvelope(PAYLOAD_BYTES), verifier]);
        await pool.query(DELETE_RETURNING, [id, verifier]);
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
  } finally {
    await pool.end();
  }
}

/**
 * Raw PGlite, in-process, no server: `durable` as our embedded database runs it (each statement
 * acknowledged once it is on disk, so it survives a power cut), otherwise as PGlite ships (no
 * fsync at all).
 */
async function benchRawPglite(dataDir: string, durable: boolean): Promise<RunStats> {
  const folder = `${dataDir}/baseline-${durable ? 'durable' : 'default'}`;
  const opened = durable ? await openDurablePGlite(folder) : await asShipped(folder);
  const { db, durable: onDisk } = opened;
  await db.exec(BASELINE_TABLE);
  try {
    return await closedLoop(
      async () => {
        const id = crypto.randomBytes(16).toString('base64url');
        const verifier = crypto.randomBytes(32);
        await db.query(INSERT, [id, fakeEnvelope(PAYLOAD_BYTES), verifier]);
        await onDisk();
        await db.query(DELETE_RETURNING, [id, verifier]);
        await onDisk();
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
  } finally {
    await opened.close();
  }
}

async function asShipped(folder: string) {
  const db = await PGlite.create(folder);
  return { db, durable: async () => {}, close: () => db.close() };
}

/** Our runs, or PrivateBin's (a lifecycle rate and its two phases' p99). */
type Measured = RunStats | PeerStats;
type Results = Record<string, Measured[]>;

const isPeer = (run: Measured): run is PeerStats => 'createP99Ms' in run;

/**
 * Ours against the baseline tree's server, alone in alternating rounds, each on a store of its
 * own: a change's before/after figures. Nothing else runs, so that no other contender exercises
 * (and changes how V8 compiles) the modules of one tree and not the other's, and no store grows
 * faster than the other.
 */
async function compareWithBaseline(
  baseline: ServerSource,
  postgresUrl: string | null,
): Promise<void> {
  const kinds: [TestDatabaseKind, string][] = [['embedded', 'Embedded']];
  if (postgresUrl !== null) kinds.unshift(['postgres', 'PostgreSQL']);
  for (const [kind, label] of kinds) {
    const [mine, theirs] = [await createTestStore(kind), await createTestStore(kind)];
    const ours = await startServer(mine.env);
    const before = await startServer(theirs.env, baseline);
    const results: Results = await alternatingRounds<string, Measured>({
      ours: () => driveCycles(ours.url),
      baseline: () => driveCycles(before.url),
    });
    await Promise.all([ours.close(), before.close()]);
    await mine.drop();
    await theirs.drop();
    report(label, results, {
      ours: 'full cycle via HTTP API',
      baseline: 'full cycle, the baseline tree',
    });
    beforeAfter(label, results);
    requestP99s(label, results);
  }
}

export async function runNotesBench(postgresUrl: string | null): Promise<void> {
  console.log(
    `\nNotes: create + read-with-proof cycles, concurrency ${CONCURRENCY}, ${ROUNDS} alternating rounds of ${SECONDS} s; figures are medians [min–max]\n`,
  );
  const baseline = await baselineSource();
  if (baseline !== null) {
    console.log(`Ours against the baseline tree, ${process.env.BENCH_BASELINE_ROOT}\n`);
    return compareWithBaseline(baseline, postgresUrl);
  }
  const peerMissing = await privateBinRunning();
  if (peerMissing !== null) console.log(`PrivateBin: skipped (${peerMissing})`);
  const withPeer = (store: PeerStore): Record<string, () => Promise<Measured>> =>
    peerMissing === null ? { privatebin: () => privateBinLifecycles(store) } : {};

  if (postgresUrl !== null) {
    const [store, storageStore] = [
      await createTestStore('postgres'),
      await createTestStore('postgres'),
    ];
    const server = await startServer(store.env);
    const results: Results = await alternatingRounds<string, Measured>({
      ours: () => driveCycles(server.url),
      storage: () => benchStorage(storageStore.env),
      raw: () => benchRawPostgres(store.env.DATABASE_URL!),
      httpFloor: () => benchHttpFloor(store.env.DATABASE_URL!, driveCycles),
      ...withPeer('pg'),
    });
    await server.close();
    await store.drop();
    await storageStore.drop();
    report('PostgreSQL', results, {
      ours: 'full cycle via HTTP API',
      storage: 'same cycle, storage layer only',
      raw: 'raw driver insert + delete-returning',
      httpFloor: 'the raw statements behind bare node:http',
      privatebin: 'PrivateBin, PostgreSQL store',
    });
    shares('PostgreSQL', results, 'raw');
    floorShares(results);
    requestP99s('PostgreSQL', results);
    if (results.privatebin) ratio('PostgreSQL', results, 'privatebin');
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  // The storage layer opens a store of its own: our server keeps its embedded database open.
  const [embedded, storageStore] = [
    await createTestStore('embedded'),
    await createTestStore('embedded'),
  ];
  const server = await startServer(embedded.env);
  const results: Results = await alternatingRounds<string, Measured>({
    ours: () => driveCycles(server.url),
    storage: () => benchStorage(storageStore.env),
    rawDurable: () => benchRawPglite(embedded.env.DATA_DIR!, true),
    rawDefault: () => benchRawPglite(embedded.env.DATA_DIR!, false),
    ...withPeer('fs'),
  });
  await server.close();
  await embedded.drop();
  await storageStore.drop();
  report('Embedded', results, {
    ours: 'full cycle via HTTP API',
    storage: 'same cycle, storage layer only',
    rawDurable: 'raw PGlite, durable (as ours)',
    rawDefault: 'raw PGlite as shipped (no fsync)',
    privatebin: 'PrivateBin, file store',
  });
  shares('Embedded', results, 'rawDurable');
  shares('Embedded', results, 'rawDefault');
  requestP99s('Embedded', results);
  if (results.privatebin) ratio('Embedded', results, 'privatebin');
}

/** Each contender's median round, with the spread of its rate and p99 over the rounds. */
function report(label: string, results: Results, names: Record<string, string>): void {
  for (const [key, name] of Object.entries(names)) {
    const runs = results[key];
    if (!runs) continue;
    const rates = formatSpread(
      runs.map((run) => run.perSecond),
      0,
    );
    const title = `${label}: ${name}`.padEnd(52);
    const peerRuns = runs.filter(isPeer);
    if (peerRuns.length > 0) {
      const create = formatSpread(
        peerRuns.map((run) => run.createP99Ms),
        2,
      );
      const read = formatSpread(
        peerRuns.map((run) => run.readP99Ms),
        2,
      );
      console.log(`${title} ${rates}/s   p99 create ${create} ms, read ${read} ms`);
    } else {
      const ours = runs as RunStats[];
      const p50 = formatSpread(
        ours.map((run) => run.p50Ms),
        2,
      );
      const p99 = formatSpread(
        ours.map((run) => run.p99Ms),
        2,
      );
      const cpu = ours.every((run) => run.serverCpuMicros !== undefined)
        ? `   server CPU ${formatSpread(
            ours.map((run) => run.serverCpuMicros!),
            0,
          )} µs per cycle`
        : '';
      console.log(`${title} ${rates}/s   p50 ${p50} ms   p99 ${p99} ms${cpu}`);
    }
  }
}

/** Round-by-round quotient of two contenders' rates (same round, same conditions). */
function quotients(results: Results, key: string, by: string): number[] {
  return results[key]!.map((run, round) => run.perSecond / results[by]![round]!.perSecond);
}

/** Ours and the storage layer as a share of a baseline. */
function shares(label: string, results: Results, baseline: string): void {
  const percent = (key: string) => quotients(results, key, baseline).map((q) => q * 100);
  const ours = percent('ours');
  console.log(
    `${label}: ours / ${baseline} = ${formatSpread(ours, 1, '%')} (storage layer alone ${formatSpread(percent('storage'), 1, '%')}); ` +
      `per round: ${ours.map((value) => `${value.toFixed(1)}%`).join(', ')}`,
  );
}

/** How far HTTP on Node alone falls short of the raw driver, and how close ours comes to it. */
function floorShares(results: Results): void {
  const percent = (key: string, by: string) =>
    formatSpread(
      quotients(results, key, by).map((q) => q * 100),
      1,
      '%',
    );
  console.log(
    `PostgreSQL: httpFloor / raw = ${percent('httpFloor', 'raw')}; ours / httpFloor = ${percent('ours', 'httpFloor')}`,
  );
}

/**
 * The p99 of each request rather than of each cycle, for every contender that times its
 * requests: how PrivateBin's kit reports, so the peer's figures can be read beside ours.
 */
function requestP99s(label: string, results: Results): void {
  const p99 = (run: Measured, step: 'create' | 'read') =>
    isPeer(run) ? run[`${step}P99Ms` as const] : run.steps?.[step]?.p99Ms;
  const parts: string[] = [];
  for (const [key, runs] of Object.entries(results)) {
    const [create, read] = [
      runs.map((run) => p99(run, 'create')),
      runs.map((run) => p99(run, 'read')),
    ];
    if ([...create, ...read].some((ms) => ms === undefined)) continue;
    parts.push(
      `${key} create ${formatSpread(create as number[], 2)}, read ${formatSpread(read as number[], 2)}`,
    );
  }
  if (parts.length > 0) console.log(`${label}: p99 per request, in ms: ${parts.join('; ')}`);
}

/** Ours against the baseline tree, round by round: the rate, and the server's CPU per cycle. */
function beforeAfter(label: string, results: Results): void {
  ratio(label, results, 'baseline', 3);
  const ours = results.ours as RunStats[];
  const cpu = (runs: RunStats[]) => runs.map((run) => run.serverCpuMicros);
  const [after, before] = [cpu(ours), cpu(results.baseline as RunStats[])];
  if ([...after, ...before].some((micros) => micros === undefined)) return;
  const saved = before.map((micros, round) => micros! - after[round]!);
  console.log(
    `${label}: server CPU per cycle, baseline − ours = ${formatSpread(saved, 1, ' µs')}; ours lower in ${saved.filter((micros) => micros > 0).length} of ${saved.length} rounds`,
  );
}

/** How many times another contender's rate (a peer's, the baseline tree's) ours reaches. */
function ratio(label: string, results: Results, other: string, decimals = 2): void {
  const times = quotients(results, 'ours', other);
  console.log(
    `${label}: ours / ${other} = ${formatSpread(times, decimals, '×')}; per round: ${times.map((value) => `${value.toFixed(decimals)}×`).join(', ')}`,
  );
}
