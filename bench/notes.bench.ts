import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { fakeEnvelope } from '../backend/src/testing/notes-client.ts';
import { createTestStore, startServer } from '../backend/src/testing/test-server.ts';
import { PAYLOAD_BYTES } from './notes-cycle.ts';
import { closedLoop, formatStats, type RunStats } from './stats.ts';

const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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

const BASELINE_TABLE = `create table if not exists bench_note (id text primary key, content text not null, verifier bytea not null, expires_at timestamptz not null)`;
const INSERT =
  "insert into bench_note (id, content, verifier, expires_at) values ($1, $2, $3, now() + interval '1 day')";
const DELETE_RETURNING = 'delete from bench_note where id = $1 and verifier = $2 returning content';

/** What the database alone can do: one insert and one delete-returning of the same payload. */
async function benchRawPostgres(url: string): Promise<RunStats> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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

export async function runNotesBench(postgresUrl: string | null): Promise<void> {
  console.log(
    `\nNotes: create + read-with-proof cycles, concurrency ${CONCURRENCY}, ${SECONDS} s per run\n`,
  );
  if (postgresUrl !== null) {
    const store = await createTestStore('postgres');
    const ours = await benchFullCycle(store.env);
    const baseline = await benchRawPostgres(store.env.DATABASE_URL!);
    await store.drop();
    report('PostgreSQL', ours, baseline);
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  const embedded = await createTestStore('embedded');
  const ours = await benchFullCycle(embedded.env);
  const baseline = await benchRawPglite(embedded.env.DATA_DIR!);
  await embedded.drop();
  report('Embedded (PGlite)', ours, baseline);
}

function report(label: string, ours: RunStats, baseline: RunStats): void {
  console.log(formatStats(`${label}: full cycle via HTTP API`, ours));
  console.log(formatStats(`${label}: raw driver insert + delete-returning`, baseline));
  console.log(
    `${label}: ours / baseline = ${((ours.perSecond / baseline.perSecond) * 100).toFixed(1)}%\n`,
  );
}
