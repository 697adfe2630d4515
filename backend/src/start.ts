import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  clusterFolder,
  openEmbeddedStore,
  type EmbeddedStore,
} from './db/embedded/embedded-store.ts';
import type { StartupSetting } from './startup-failure.ts';

/**
 * The server main.ts starts: the configured database, and the web bundle built beside it unless
 * WEB_DIR names another. That is dist/web: `../web` from the built server's chunks in
 * dist/server, `../../dist/web` from this source file (development).
 */
const WEB_BUNDLE = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../dist/web' : '../web', import.meta.url),
);

/**
 * Begins opening the embedded database: its thread loads and opens PGlite while this one loads
 * the rest of the server, on another core. `threadStarted` settles once that thread exists:
 * loading the server's modules holds this thread, and the data directory's lock, PGlite's
 * compiled WebAssembly and the thread's start would otherwise all wait for it (~0.5 s of a 2 s
 * start). A failure (such as a data directory in use) is reported by createApp, which awaits
 * the store.
 */
function beginOpeningEmbeddedStore(dataDir: string): {
  store: Promise<EmbeddedStore>;
  threadStarted: Promise<void>;
} {
  let onThreadStarted = () => {};
  const started = new Promise<void>((resolve) => (onThreadStarted = resolve));
  const store = openEmbeddedStore(dataDir, { onThreadStarted });
  const failed = store.then(
    () => {},
    () => {},
  );
  return { store, threadStarted: Promise.race([started, failed]) };
}

/**
 * The data directory of an embedded database that already exists, read straight from the
 * environment as the configuration reads it (DATA_DIR, ./data by default); null when PostgreSQL
 * is configured or the database is yet to be made. Such a database begins opening before the
 * configuration's module (and zod with it, ~0.1 s) loads: `npm run bench -- startup`. A new one
 * waits for the configuration to be valid, so that a mistake in it never leaves a half-made
 * database behind.
 */
function existingEmbeddedDataDir(env: NodeJS.ProcessEnv): string | null {
  if (env.DATABASE_URL || env.DATABASE_URL_FILE) return null;
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  return fs.existsSync(path.join(clusterFolder(dataDir), 'PG_VERSION')) ? dataDir : null;
}

/** What a failed start's message names (startup-failure.ts); null until the config loads. */
let setting: StartupSetting | null = null;

async function main() {
  const earlyDataDir = existingEmbeddedDataDir(process.env);
  let embedded = earlyDataDir === null ? undefined : beginOpeningEmbeddedStore(earlyDataDir);
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig(process.env);
  setting = config;
  if (config.webDir === null && fs.existsSync(path.join(WEB_BUNDLE, 'index.html'))) {
    config.webDir = WEB_BUNDLE;
  }
  if (config.databaseUrl === null) {
    embedded ??= beginOpeningEmbeddedStore(config.dataDir);
  }
  await embedded?.threadStarted;
  const { createApp } = await import('./app.ts');
  const server = await createApp(config, { embeddedStore: embedded?.store });
  const { url } = await server.listen();
  // SIGTERM (an orchestrator, systemd, docker stop) drains first so that a load balancer moves
  // traffic away; SIGINT (Ctrl-C in a terminal) stops at once. Either way the process is gone
  // within SHUTDOWN_TIMEOUT_MS, even if something hangs.
  let stopping = false;
  const stop = (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) return;
    stopping = true;
    server.logger.info('shutting down', { signal });
    setTimeout(() => {
      server.logger.error('shutdown timed out', { ms: config.shutdownTimeoutMs });
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    server.close({ drainMs: signal === 'SIGTERM' ? config.shutdownDrainMs : 0 }).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Said once a signal stops the server cleanly: whoever waits for this line and then stops it
  // (a test, a script) otherwise met Node's default, which kills it outright.
  const where =
    config.databaseUrl === null ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`\nAshnote is running at ${config.publicUrl ?? url} (${where})\n\n`);
}

main().catch(async (error: unknown) => {
  const { startupFailureLine } = await import('./startup-failure.ts');
  process.stderr.write(`${startupFailureLine(error, setting)}\n`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
});
