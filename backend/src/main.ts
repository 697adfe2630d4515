import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/embedded/data-dir-lock.ts';
import { openEmbeddedStore } from './db/embedded/embedded-store.ts';
import { startOverWithMemorySettings } from './memory-settings.ts';

/** `npm start`: the server on the configured database, serving the built web bundle. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  startOverWithMemorySettings();
  // V8's compiled code for the server's modules is kept on disk (Node checks it against each
  // source), so later starts skip most of the compiling. Before app.ts, which loads the rest.
  // In the project's own folder, not the shared temp folder another user could write to.
  module.enableCompileCache(path.join(repoRoot, 'node_modules/.cache/node-compile-cache'));
  const config = loadConfig(process.env);
  if (config.webDir === null) {
    const bundled = path.join(repoRoot, 'dist/web');
    if (fs.existsSync(path.join(bundled, 'index.html'))) config.webDir = bundled;
  }
  // The embedded database opens on its own thread while the rest of the server loads; a failure
  // (such as a data directory in use) is reported by createApp, which awaits it.
  const embeddedStore = config.databaseUrl === null ? openEmbeddedStore(config.dataDir) : undefined;
  embeddedStore?.catch(() => {});
  const { createApp } = await import('./app.ts');
  const server = await createApp(config, { embeddedStore });
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
