import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { FILE_CONTENT_TYPE } from '../shared/api/note-files.ts';
import type { VerifyNoteResponse } from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  DEFAULT_NOTE_MAX_FILE_BYTES,
  FILE_CHUNK_BYTES,
  FILE_CHUNK_TAG_BYTES,
  fileChunkCount,
  fileChunkWireBytes,
} from '../shared/limits.ts';
import { loadConfig } from '../backend/src/config.ts';
import { openDatabase } from '../backend/src/db/database.ts';
import { createLogger } from '../backend/src/logger.ts';
import { FILE_BYTES_PER_HOUR_CEILING } from '../backend/src/notes/files/byte-budget.ts';
import { createFakeNote, fakeEnvelope, postJson } from '../backend/src/testing/notes-client.ts';
import { createTestStore, type TestDatabaseKind } from '../backend/src/testing/test-server.ts';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { startBundledServer, type BundledServer } from './bundled-server.ts';
import { FILE_CHUNK_BASELINE_TABLE } from './raw-statements.ts';
import { ROUNDS, alternatingRounds, formatSpread, spread } from './rounds.ts';
import { rssMb, startHealthPoller } from './server-watch.ts';
import { percentile } from './stats.ts';

/**
 * `npm run bench -- files` (issue 33 §2): a BENCH_FILE_MB (default 100) MB file's upload and
 * download through the HTTP API, against the same server sending a static file of that size in
 * the same rounds. The server is the build as `npm start` runs it, in its own process, on the
 * embedded database and, given one, on PostgreSQL.
 *
 * Each round creates a note with one file, PUTs its chunks UPLOADS_IN_FLIGHT at a time and
 * completes it (the upload), reads the note with its proofs and GETs the file with the download
 * token to the last byte (the download), then deletes the file as a client does once it is
 * saved. The chunks are pre-made random bytes of each chunk's wire length, not encrypted: the
 * browser encrypts, and its cost is not the server's throughput.
 *
 * The reference is the web bundle's static file server, streaming a file of the same size from
 * a copy of dist/web (fs.createReadStream, from the page cache after the first round): the
 * cheapest way this server sends bytes. No route receives a large body in one piece, so the
 * upload is compared with that same static download.
 *
 * Meanwhile /api/health is polled every HEALTH_POLL_MS and the server's RSS sampled every
 * RSS_SAMPLE_MS; its growth is the peak during a transfer over its idle RSS before the round.
 *
 * A third contender shows what the database alone can take: the same chunks inserted straight
 * into a table of `note_file_chunk`'s shape, UPLOADS_IN_FLIGHT at a time, through the server's
 * own database layer opened in this process, with no HTTP between. An upload through the API
 * cannot store faster than that.
 */
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 100);
const UPLOADS_IN_FLIGHT = 4;
const HEALTH_POLL_MS = 50;
const RSS_SAMPLE_MS = 20;
/** Left alone before the idle RSS is read, so the previous transfer's garbage can be collected. */
const SETTLE_MS = 1000;
/** The small file of the untimed warm-up round (JIT, connections, the database's caches). */
const WARMUP_FILE_MB = 2;

/** The issue's targets. */
const MIN_SHARE_OF_STATIC = 0.5;
const MAX_RSS_GROWTH_MB = 32;
const MAX_HEALTH_P99_MS = 50;

const MB = 1024 * 1024;
const STATIC_PATH = '/assets/bench-file.bin';
/** Distinct random chunks, sent in turn: no two neighbouring rows carry the same bytes. */
const CHUNK_POOL = 16;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One timed transfer: its rate, the server's RSS growth and /api/health's p99 meanwhile. */
interface Transfer {
  mbPerSecond: number;
  rssGrowthMb: number;
  healthP99Ms: number;
}

type Phase = 'upload' | 'download' | 'static';
/**
 * What one contender's round measured: the API's upload and download, the static file, or the
 * database alone's MB/s.
 */
type Measured = Partial<Record<Phase, Transfer>> & { databaseMbPerSecond?: number };

/**
 * Times `transfer` (which moves `bytes`) while polling /api/health and sampling the server's
 * RSS; the growth is counted from `idleRss`.
 */
async function watched(
  server: BundledServer,
  idleRss: number,
  transfer: () => Promise<number>,
): Promise<Transfer> {
  let peak = idleRss;
  const sampling = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), RSS_SAMPLE_MS);
  const poller = startHealthPoller(server.url, HEALTH_POLL_MS);
  const started = performance.now();
  const bytes = await transfer();
  const seconds = (performance.now() - started) / 1000;
  const latencies = (await poller.stop()).sort((a, b) => a - b);
  clearInterval(sampling);
  peak = Math.max(peak, rssMb(server.pid));
  return {
    mbPerSecond: bytes / MB / seconds,
    rssGrowthMb: peak - idleRss,
    healthP99Ms: percentile(latencies, 99),
  };
}

async function idleRssMb(server: BundledServer): Promise<number> {
  await sleep(SETTLE_MS);
  return rssMb(server.pid);
}

/** Reads a GET's whole body, checks its status and length, and answers how many bytes came. */
function download(url: string, headers: Record<string, string>, expected: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        let received = 0;
        response.on('data', (piece: Buffer) => (received += piece.length));
        response.on('end', () => {
          if (response.statusCode !== 200 || received !== expected) {
            reject(
              new Error(`GET ${url}: ${response.statusCode}, ${received} of ${expected} bytes`),
            );
          } else resolve(received);
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function request(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The chunks' bytes: random, in full-chunk lengths; a file's last chunk is a prefix of one. */
const chunkPool = Array.from({ length: CHUNK_POOL }, () =>
  crypto.randomBytes(FILE_CHUNK_BYTES + FILE_CHUNK_TAG_BYTES),
);

/**
 * Hands every chunk of a `size`-byte file to `store`, UPLOADS_IN_FLIGHT at a time, in chunk
 * order as each finishes; answers the bytes stored.
 */
async function storeChunks(
  size: number,
  store: (chunk: number, bytes: Buffer) => Promise<void>,
): Promise<number> {
  const chunks = fileChunkCount(size);
  let next = 0;
  let stored = 0;
  const worker = async () => {
    for (let chunk = next++; chunk < chunks; chunk = next++) {
      const bytes = chunkPool[chunk % CHUNK_POOL]!.subarray(0, fileChunkWireBytes(size, chunk));
      await store(chunk, bytes);
      stored += bytes.length;
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT }, worker));
  return stored;
}

/** PUTs every chunk of a `size`-byte file, a few in flight, then completes: bytes sent. */
async function uploadFile(url: string, noteId: string, token: string, size: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: UPLOADS_IN_FLIGHT });
  const bearer = { Authorization: `Bearer ${token}` };
  try {
    const sent = await storeChunks(size, async (chunk, body) => {
      const status = await request(
        agent,
        `${url}${apiPaths.noteFileChunk(noteId, 0, chunk)}`,
        'PUT',
        { ...bearer, 'Content-Type': FILE_CONTENT_TYPE, 'Content-Length': String(body.length) },
        body,
      );
      if (status !== 204) throw new Error(`chunk ${chunk}: ${status}`);
    });
    const status = await request(agent, `${url}${apiPaths.noteComplete(noteId)}`, 'POST', bearer);
    if (status !== 200) throw new Error(`complete: ${status}`);
    return sent;
  } finally {
    agent.destroy();
  }
}

/** One note with one `sizeMb` file: created, uploaded and completed, read, downloaded, deleted. */
async function fileRound(server: BundledServer, sizeMb: number): Promise<Measured> {
  const size = sizeMb * MB;
  const note = await createFakeNote(server.url, { files: [{ meta: fakeEnvelope(200), size }] });
  const { uploadToken } = note as typeof note & { uploadToken: string };
  const idleRss = await idleRssMb(server);
  const upload = await watched(server, idleRss, () =>
    uploadFile(server.url, note.noteId, uploadToken, size),
  );

  const read = await postJson(`${server.url}${apiPaths.noteVerify(note.noteId)}`, {
    proof: note.proof,
    linkProof: note.linkProof,
  });
  if (read.status !== 200) throw new Error(`verify: ${read.status}`);
  const { downloadToken } = (await read.json()) as VerifyNoteResponse;
  const bearer = { Authorization: `Bearer ${downloadToken!}` };
  const wireBytes = size + fileChunkCount(size) * FILE_CHUNK_TAG_BYTES;
  const fileUrl = `${server.url}${apiPaths.noteFile(note.noteId, 0)}`;
  const downloaded = await watched(server, idleRss, () => download(fileUrl, bearer, wireBytes));

  const agent = new http.Agent();
  const deleted = await request(
    agent,
    `${server.url}${apiPaths.noteFiles(note.noteId)}`,
    'DELETE',
    bearer,
  );
  agent.destroy();
  if (deleted !== 204) throw new Error(`delete: ${deleted}`);
  return { upload, download: downloaded };
}

async function staticRound(server: BundledServer, bytes: number): Promise<Measured> {
  const idleRss = await idleRssMb(server);
  return {
    static: await watched(server, idleRss, () =>
      download(`${server.url}${STATIC_PATH}`, {}, bytes),
    ),
  };
}

/**
 * The database as the server opens and drives it (its connection pool, or the embedded database's
 * thread with its group commits and checkpoints), taking rows of `note_file_chunk`'s shape.
 */
interface ChunkBaseline {
  insert(noteId: string, chunk: number, data: Buffer): Promise<void>;
  remove(noteId: string): Promise<void>;
  close(): Promise<void>;
}

async function openChunkBaseline(env: Record<string, string>): Promise<ChunkBaseline> {
  const database = await openDatabase(loadConfig(env), createLogger('silent'));
  for (const statement of FILE_CHUNK_BASELINE_TABLE) await sql.raw(statement).execute(database.sql);
  return {
    insert: async (noteId, chunk, data) => {
      await sql`insert into bench_file_chunk (note_id, file, chunk, data)
        values (${noteId}, 0, ${chunk}, ${data})`.execute(database.sql);
    },
    remove: async (noteId) => {
      await sql`delete from bench_file_chunk where note_id = ${noteId}`.execute(database.sql);
    },
    close: () => database.close(),
  };
}

/** The same file's chunks stored straight into the database, then deleted (untimed). */
async function databaseRound(baseline: ChunkBaseline, size: number): Promise<Measured> {
  const noteId = crypto.randomBytes(16).toString('base64url');
  const started = performance.now();
  const stored = await storeChunks(size, (chunk, bytes) => baseline.insert(noteId, chunk, bytes));
  const seconds = (performance.now() - started) / 1000;
  await baseline.remove(noteId);
  return { databaseMbPerSecond: stored / MB / seconds };
}

/** A copy of the built web bundle with a `bytes`-long random file among its assets. */
function webDirWithLargeFile(bytes: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-web-'));
  fs.cpSync(path.join(repoRoot, 'dist/web'), folder, { recursive: true });
  const file = fs.openSync(path.join(folder, STATIC_PATH), 'w');
  for (let written = 0; written < bytes; written += MB) {
    fs.writeSync(file, crypto.randomBytes(Math.min(MB, bytes - written)));
  }
  fs.closeSync(file);
  return folder;
}

const verdict = (met: boolean) => (met ? 'met' : 'OVER');

async function benchOn(kind: TestDatabaseKind, label: string, webDir: string): Promise<void> {
  const store = await createTestStore(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-'));
  // A file over the default limit (BENCH_FILE_MB > 100) needs the operator's setting raised,
  // and every round's file, sent from one address within the hour, the hourly budget.
  const limit = String(Math.max(DEFAULT_NOTE_MAX_FILE_BYTES, FILE_MB * MB));
  const baseline = await openChunkBaseline(
    kind === 'postgres' ? store.env : { DATA_DIR: path.join(dataDir, 'baseline') },
  );
  const server = await startBundledServer(dataDir, {
    env: {
      ...store.env,
      WEB_DIR: webDir,
      NOTE_MAX_FILE_BYTES: limit,
      NOTE_FILE_BYTES_PER_HOUR: String(FILE_BYTES_PER_HOUR_CEILING),
    },
  });
  try {
    await fileRound(server, WARMUP_FILE_MB);
    await staticRound(server, FILE_MB * MB);
    const results = await alternatingRounds({
      files: () => fileRound(server, FILE_MB),
      static: () => staticRound(server, FILE_MB * MB),
      database: () => databaseRound(baseline, FILE_MB * MB),
    });
    // Each contender runs once a round: round n's figures sit at index n of each phase's list.
    const rounds = [...results.files, ...results.static];
    const phase = (name: Phase) => rounds.flatMap((round) => round[name] ?? []);
    const database = results.database.flatMap((round) => round.databaseMbPerSecond ?? []);
    report(label, phase('upload'), phase('download'), phase('static'), database);
  } finally {
    await server.stop();
    await baseline.close();
    await store.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  label: string,
  uploads: Transfer[],
  downloads: Transfer[],
  statics: Transfer[],
  database: number[],
): void {
  const line = (name: string, text: string) =>
    console.log(`${`${label}: ${name}`.padEnd(36)} ${text}`);
  const rate = (transfers: Transfer[]) =>
    `${formatSpread(
      transfers.map((transfer) => transfer.mbPerSecond),
      1,
    )} MB/s`;
  line('upload via the API', rate(uploads));
  line('download via the API', rate(downloads));
  line('static file (reference)', rate(statics));
  line('database alone', `${formatSpread(database, 1)} MB/s`);

  for (const [name, transfers] of [
    ['upload', uploads],
    ['download', downloads],
  ] as const) {
    // Same round, same conditions: each round's quotient, then their median.
    const shares = transfers.map(
      (transfer, round) => transfer.mbPerSecond / statics[round]!.mbPerSecond,
    );
    line(
      `${name} / static`,
      `${formatSpread(
        shares.map((share) => share * 100),
        1,
        '%',
      )}: ${verdict(spread(shares).median >= MIN_SHARE_OF_STATIC)} the ≥ ${MIN_SHARE_OF_STATIC * 100}% target`,
    );
  }
  // The ceiling an upload meets before the server: how close ours comes to it, and how far the
  // database alone stands from the target.
  const ofRound = (values: number[], of: (round: number) => number) =>
    formatSpread(
      values.map((value, round) => (value / of(round)) * 100),
      1,
      '%',
    );
  line(
    'upload / database alone',
    ofRound(
      uploads.map((upload) => upload.mbPerSecond),
      (round) => database[round]!,
    ),
  );
  line(
    'database alone / static',
    ofRound(database, (round) => statics[round]!.mbPerSecond),
  );
  for (const [name, transfers, target] of [
    ['upload', uploads, true],
    ['download', downloads, true],
    ['static', statics, false],
  ] as const) {
    const growth = transfers.map((transfer) => transfer.rssGrowthMb);
    const p99 = transfers.map((transfer) => transfer.healthP99Ms);
    const against = (met: boolean, goal: string) => (target ? ` (${verdict(met)} ${goal})` : '');
    line(
      `during ${name}`,
      `RSS +${formatSpread(growth, 1, ' MB')}${against(spread(growth).median < MAX_RSS_GROWTH_MB, `< ${MAX_RSS_GROWTH_MB} MB`)}; ` +
        `/api/health p99 ${formatSpread(p99, 1, ' ms')}${against(spread(p99).median < MAX_HEALTH_P99_MS, `< ${MAX_HEALTH_P99_MS} ms`)}`,
    );
  }
}

export async function runFilesBench(postgresUrl: string | null): Promise<void> {
  console.log(
    `\nFiles: one ${FILE_MB} MB file up (${UPLOADS_IN_FLIGHT} chunk PUTs in flight, pre-made random chunks: no encryption) and down ` +
      `through the HTTP API, against a static ${FILE_MB} MB file from the same server; the built server in its own process, ` +
      `${ROUNDS} alternating rounds; /api/health polled every ${HEALTH_POLL_MS} ms; figures are medians [min–max]\n`,
  );
  await ensureBuilt(['web', 'server']);
  const webDir = webDirWithLargeFile(FILE_MB * MB);
  try {
    if (postgresUrl !== null) await benchOn('postgres', 'PostgreSQL', webDir);
    else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    await benchOn('embedded', 'Embedded', webDir);
  } finally {
    fs.rmSync(webDir, { recursive: true, force: true });
  }
  console.log(`(machine load average over the last minute: ${os.loadavg()[0]!.toFixed(1)})`);
}
