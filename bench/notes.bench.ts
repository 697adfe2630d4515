import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { fakeEnvelope } from '../backend/src/testing/notes-client.ts';
import { createTestStore, startServer } from '../backend/src/testing/test-server.ts';
import { loadConfig } from '../backend/src/config.ts';
import { openDatabase } from '../backend/src/db/database.ts';
import { createLogger } from '../backend/src/logger.ts';
import { notesRepository } from '../backend/src/notes/notes.repository.ts';
import { PAYLOAD_BYTES } from './notes-cycle.ts';
import { closedLoop, formatStats, type RunStats } from './stats.ts';

const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const unlimited = { limit: 1_000_000_000, windowSeconds: 60 };

/** Full cycle through the real HTTP API, driven from a worker thread (see load-worker.ts). */
async function benchFullCycle(env: Record<string, string>): Promise<RunStats> {
  const server = await startServer(
    { ...env, LOG_LEVEL: 'silent' },
    { notes: { rateRules: { create: unlimited, proof: unlimited }, sweepIntervalMs: 3_600_000 } },
  );
  try {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
      workerData: {
        scenario: new URL('./notes-cycle.ts', import.meta.url).href,
        baseUrl: server.url,
        concurrency: CONCURRENCY,
        seconds: SECONDS,
      },
    });
    return await new Promise<RunStats>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await server.stop();
  }
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
          images: [],
          verifier,
          kdf: null,
          expiresInSeconds: 86_400,
          sealedReceiptAddress: null,
        });
        if (!(await repo.takeWithVerifier(id, verifier))) throw new Error('read failed');
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
  } finally {
    await database.close();
  }
}

const BASELINE_TABLE = `create table if not exists bench_note (id text primary key, content text not null, verifier bytea not null, expires_at timestamptz not null)`;
const INSERT =
  "insert into bench_note (id, content, verifier, expires_at) values ($1, $2, $3, now() + interval '1 day')";
const DELETE_RETURNING = 'delete from bench_note where id = $1 and verifier = $2 returning content';

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

async function benchRawPglite(dataDir: string): Promise<RunStats> {
  const db = await PGlite.create(`${dataDir}/baseline`);
  await db.exec(BASELINE_TABLE);
  try {
    return await closedLoop(
      async () => {
        const id = crypto.randomBytes(16).toString('base64url');
        const verifier = crypto.randomBytes(32);
        await db.query(INSERT, [id, fakeEnvelope(PAYLOAD_BYTES), verifier]);
        await db.query(DELETE_RETURNING, [id, verifier]);
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
  } finally {
    await db.close();
  }
}

interface Round {
  ours: RunStats;
  storage: RunStats;
  baseline: RunStats;
}

/**
 * Rounds alternate ours, storage layer and baseline, so that drift on a shared machine (the
 * tables growing, autovacuum, checkpoints) falls on all three alike; each is reported by its
 * median round.
 */
async function benchRounds(env: Record<string, string>, baseline: () => Promise<RunStats>) {
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      ours: await benchFullCycle(env),
      storage: await benchStorage(env),
      baseline: await baseline(),
    });
  }
  return rounds;
}

export async function runNotesBench(postgresUrl: string | null): Promise<void> {
  console.log(
    `\nNotes: create + read-with-proof cycles, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per run\n`,
  );
  if (postgresUrl !== null) {
    const store = await createTestStore('postgres');
    const rounds = await benchRounds(store.env, () => benchRawPostgres(store.env.DATABASE_URL!));
    await store.drop();
    report('PostgreSQL', rounds);
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  const embedded = await createTestStore('embedded');
  const rounds = await benchRounds(embedded.env, () => benchRawPglite(embedded.env.DATA_DIR!));
  await embedded.drop();
  report('Embedded (PGlite)', rounds);
}

const percent = (part: RunStats, whole: RunStats) =>
  `${((part.perSecond / whole.perSecond) * 100).toFixed(1)}%`;

function median(runs: RunStats[]): RunStats {
  return [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
}

function report(label: string, rounds: Round[]): void {
  const ours = median(rounds.map((round) => round.ours));
  const storage = median(rounds.map((round) => round.storage));
  const baseline = median(rounds.map((round) => round.baseline));
  console.log(formatStats(`${label}: full cycle via HTTP API`, ours));
  console.log(formatStats(`${label}: same cycle, storage layer only`, storage));
  console.log(formatStats(`${label}: raw driver insert + delete-returning`, baseline));
  console.log(
    `${label}: ours / baseline = ${percent(ours, baseline)} (storage layer alone: ${percent(storage, baseline)}); ` +
      `per round: ${rounds.map((round) => percent(round.ours, round.baseline)).join(', ')}\n`,
  );
}
