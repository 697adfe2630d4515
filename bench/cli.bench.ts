import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../backend/src/testing/test-server.ts';
import { buildCli, runCli, type CliResult } from '../cli/testing/run-cli.ts';
import { ROUNDS, alternatingRounds, formatSpread } from './rounds.ts';

/** The target for `ashnote --help`, from spawn to exit. */
const HELP_TARGET_MS = 200;

async function timed(run: () => Promise<CliResult>): Promise<number> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  if (result.code !== 0) throw new Error(`ashnote failed: ${result.stderr.trim()}`);
  return ms;
}

/**
 * `npm run bench -- cli`: the built command (dist/cli/ashnote.js) as a user runs it, a new
 * process each time. Cold start of `--help`, then a send + read round trip against a server on
 * the embedded database, without and with a password (PBKDF2's 600,000 iterations, once on each
 * side), over ROUNDS alternating rounds; medians with [min–max].
 */
export async function runCliBench(): Promise<void> {
  console.log(`\nThe ashnote command: a new process per call, ${ROUNDS} rounds\n`);
  await buildCli();
  const help = await alternatingRounds({ '--help': () => timed(() => runCli(['--help'])) });
  const helpMedian = formatSpread(help['--help'], 0, ' ms');
  console.log(`ashnote --help (spawn → exit): ${helpMedian}, target ≤ ${HELP_TARGET_MS} ms`);

  const server = await startTestServer('embedded');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-cli-'));
  const passwordFile = path.join(dir, 'password');
  fs.writeFileSync(passwordFile, 'a bench password\n');
  try {
    const roundTrip = (extra: string[]) => async () => {
      const started = performance.now();
      const sent = await runCli(['send', '--server', server.url, ...extra], {
        stdin: 'a secret from the bench',
      });
      const read = await runCli(['read', sent.stdout.trim(), ...extra]);
      if (read.stdout !== 'a secret from the bench') {
        throw new Error(`round trip failed: ${sent.stderr}${read.stderr}`);
      }
      return performance.now() - started;
    };
    const trips = await alternatingRounds({
      plain: roundTrip([]),
      password: roundTrip(['--password-file', passwordFile]),
    });
    console.log(`send + read, no password: ${formatSpread(trips.plain, 0, ' ms')}`);
    console.log(`send + read, password (file): ${formatSpread(trips.password, 0, ' ms')}`);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
