import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/embedded/data-dir-lock.ts';
import { openEmbeddedStore, type EmbeddedStore } from './db/embedded/embedded-store.ts';

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

async function main() {
  const config = loadConfig(process.env);
  if (config.webDir === null && fs.existsSync(path.join(WEB_BUNDLE, 'index.html'))) {
    config.webDir = WEB_BUNDLE;
  }
  const embedded =
    config.databaseUrl === null ? beginOpeningEmbeddedStore(config.dataDir) : undefined;
  await embedded?.threadStarted;
  const { createApp } = await import('./app.ts');
  const server = await createApp(config, { embeddedStore: embedded?.store });
  const { url } = await server.listen();
  const where =
    config.databaseUrl === null ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`\nAshnote is running at ${config.publicUrl ?? url} (${where})\n\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info('shutting down', { signal });
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Ashnote failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
