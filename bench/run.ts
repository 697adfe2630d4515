import { runAbuseBench } from './abuse.bench.ts';
import { runBundleBench } from './bundle.bench.ts';
import { runChatBench } from './chat.bench.ts';
import { runCliBench } from './cli.bench.ts';
import { runEmbeddedBench } from './embedded.bench.ts';
import { runFilesBench } from './files.bench.ts';
import { runLighthouseBench } from './lighthouse.bench.ts';
import { runMemoryBench } from './memory.bench.ts';
import { runNotesBench } from './notes.bench.ts';
import { runStartupBench } from './startup.bench.ts';

/**
 * `npm run bench`: speed and memory targets are measured here, never asserted in tests.
 * PostgreSQL runs use BENCH_DATABASE_URL (or TEST_DATABASE_URL), a server where the user may
 * create databases; each run gets a fresh database, dropped afterwards.
 */
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
if (postgresUrl !== null) process.env.TEST_DATABASE_URL = postgresUrl;

const only = process.argv[2];
if (only === undefined || only === 'notes') await runNotesBench(postgresUrl);
if (only === undefined || only === 'chat') await runChatBench(postgresUrl);
if (only === undefined || only === 'abuse') await runAbuseBench(postgresUrl);
if (only === undefined || only === 'embedded') await runEmbeddedBench();
if (only === undefined || only === 'bundle') runBundleBench();
if (only === undefined || only === 'startup') await runStartupBench(postgresUrl);
if (only === undefined || only === 'cli') await runCliBench();
if (only === undefined || only === 'files') await runFilesBench(postgresUrl);
// Ten minutes by default (BENCH_MEMORY_SECONDS): run on its own, by name only.
if (only === 'memory') await runMemoryBench();
// 11 pages × 2 languages × 3 Lighthouse runs of 5-10 s each: by name only too.
if (only === 'lighthouse') await runLighthouseBench();
