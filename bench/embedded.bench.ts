import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  openDurablePGlite,
  type DurablePGlite,
} from '../backend/src/db/embedded/durable-pglite.ts';
import { preparedStatements } from '../backend/src/db/embedded/prepared-statements.ts';
import { fakeEnvelope } from '../backend/src/testing/notes-client.ts';
import { PAYLOAD_BYTES } from './notes-cycle.ts';
import { BASELINE_TABLE, DELETE_RETURNING, INSERT } from './raw-statements.ts';
import { ROUNDS, alternatingRounds, formatSpread } from './rounds.ts';

/** Note cycles (an insert, then a delete returning the content) per contender and round. */
const CYCLES = Number(process.env.BENCH_EMBEDDED_CYCLES ?? 2000);
/** How many cycles' statements the grouped contender commits together. */
const GROUP = 16;

interface Run {
  /** Cycles per second, each statement acknowledged only once on disk. */
  rate: number;
  /** CPU of this process (all its threads) per cycle, µs. */
  cpuMicros: number;
}

type Cycle = { id: string; verifier: Uint8Array; content: string };

const newCycle = (): Cycle => ({
  id: crypto.randomBytes(16).toString('base64url'),
  verifier: crypto.randomBytes(32),
  content: fakeEnvelope(PAYLOAD_BYTES),
});

/** Runs `cycles` cycles through `step` (which takes a slice of them) and measures them. */
async function measure(step: (batch: Cycle[]) => Promise<void>, batchSize: number): Promise<Run> {
  const cycles = Array.from({ length: CYCLES }, newCycle);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let at = 0; at < cycles.length; at += batchSize) {
    await step(cycles.slice(at, at + batchSize));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { rate: CYCLES / seconds, cpuMicros: (cpu.user + cpu.system) / CYCLES };
}

/**
 * `npm run bench -- embedded`: the embedded database's own machinery against PGlite as it comes,
 * in this process, on durable storage (each statement acknowledged once on disk, as the server
 * does), ROUNDS alternating rounds of CYCLES note cycles each:
 * - PGlite's `query()`, each statement committed alone (what the server would do without
 *   db/embedded/prepared-statements.ts and group-commit.ts);
 * - prepared statements (prepared-statements.ts), each committed alone;
 * - prepared statements committed GROUP cycles at a time, one flush for the group
 *   (group-commit.ts, as the database thread does when statements wait together).
 */
export async function runEmbeddedBench(): Promise<void> {
  console.log(
    `\nEmbedded database: ${CYCLES} note cycles (insert, delete returning) per run, ${ROUNDS} rounds, durable\n`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-embedded-'));
  let database: DurablePGlite | null = null;
  try {
    database = await openDurablePGlite(path.join(dataDir, 'pgdata'));
    const { db, durable } = database;
    await db.exec(BASELINE_TABLE);
    const statements = preparedStatements(db);
    const insert = (cycle: Cycle) => ({
      sql: INSERT,
      params: [cycle.id, cycle.content, cycle.verifier],
    });
    const remove = (cycle: Cycle) => ({
      sql: DELETE_RETURNING,
      params: [cycle.id, cycle.verifier],
    });

    const results = await alternatingRounds({
      query: () =>
        measure(async ([cycle]) => {
          await db.query(INSERT, insert(cycle!).params);
          await durable();
          await db.query(DELETE_RETURNING, remove(cycle!).params);
          await durable();
        }, 1),
      prepared: () =>
        measure(async ([cycle]) => {
          await statements.run(INSERT, insert(cycle!).params);
          await durable();
          await statements.run(DELETE_RETURNING, remove(cycle!).params);
          await durable();
        }, 1),
      grouped: () =>
        measure(async (batch) => {
          await statements.runTogether(batch.map(insert));
          await durable();
          await statements.runTogether(batch.map(remove));
          await durable();
        }, GROUP),
    });
    const labels = {
      query: "PGlite's query(), one commit each",
      prepared: 'prepared statements, one commit each',
      grouped: `prepared statements, ${GROUP} cycles per commit`,
    };
    for (const [name, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
      const runs = results[name];
      console.log(
        `  ${label.padEnd(44)} ${formatSpread(
          runs.map((run) => run.rate),
          0,
        )} cycles/s, CPU ${formatSpread(
          runs.map((run) => run.cpuMicros),
          0,
        )} µs per cycle`,
      );
    }
  } finally {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
