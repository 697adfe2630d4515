import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

/**
 * `dist/server/`: the server bundled to plain JavaScript, the one build of it that everything
 * runs: `npm start`, a release (and so its container and systemd unit) and the desktop app's
 * built-in server. Production never strips TypeScript.
 *
 * Rolldown rather than esbuild: it is already installed and is the bundler Vite 8 builds the web
 * bundle with and electron-vite the desktop app, so the whole project is built by one bundler
 * at one version, with nothing more to download; like Vite it strips types with oxc, and it
 * splits the code the entries share into chunks. The whole server takes about half a second.
 *
 * Entries, all in this one folder (a chunk finds the worker threads it starts beside itself,
 * backend/src/worker-entry.ts, and the web bundle at ../web):
 * - `main.js` — the server (backend/src/main.ts);
 * - `desktop-server.js` — the desktop app's built-in server, the entry of the utility process
 *   Electron's main forks (electron/server/index.ts);
 * - `db-backup.js`, `db-restore.js` — `npm run db:backup` and `npm run db:restore` of a release
 *   (backend/src/db/backup/), which has no sources to run them from;
 * - `pglite-worker.js`, `parse.worker.js` — the worker threads, under their sources' names.
 *
 * npm packages stay external: they are imported from node_modules at run time, where
 * `npm ci --omit=dev` installs them (and electron-builder packs them). Every package the bundle
 * imports must therefore be one of package.json's `dependencies`; the build fails naming any
 * that is not, which a production install would lack. Not minified: stack traces stay readable
 * without the source maps beside each chunk (`NODE_OPTIONS=--enable-source-maps` uses them).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIR = path.join(root, 'dist/server');

export const SERVER_ENTRIES = {
  main: 'backend/src/main.ts',
  'desktop-server': 'electron/server/index.ts',
  'db-backup': 'backend/src/db/backup/backup-main.ts',
  'db-restore': 'backend/src/db/backup/restore-main.ts',
  'pglite-worker': 'backend/src/db/embedded/pglite-worker.ts',
  'parse.worker': 'backend/src/notes/upload/parse.worker.ts',
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isBareSpecifier = (id: string) =>
  !id.startsWith('.') && !id.startsWith('\0') && !path.isAbsolute(id);

export async function buildServer(): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  fs.rmSync(SERVER_DIR, { recursive: true, force: true });
  const { output } = await build({
    cwd: root,
    input: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, path.join(root, source)]),
    ),
    platform: 'node',
    external: isBareSpecifier,
    transform: { target: 'node22' },
    logLevel: 'warn',
    output: {
      dir: SERVER_DIR,
      format: 'esm',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
    },
  });

  // A chunk's imports name the other chunks by file name, and the packages it imports.
  const chunks = new Set(output.map((file) => file.fileName));
  const imported = new Set<string>();
  for (const file of output) {
    if (file.type !== 'chunk') continue;
    for (const id of [...file.imports, ...file.dynamicImports]) {
      if (!chunks.has(id) && !isBuiltin(id)) imported.add(packageName(id));
    }
  }
  const missing = [...imported].filter((name) => !(name in manifest.dependencies)).sort();
  if (missing.length > 0) {
    fs.rmSync(SERVER_DIR, { recursive: true, force: true });
    throw new Error(
      `The server imports ${missing.join(', ')}, which package.json lists outside "dependencies": a production install (npm ci --omit=dev) would not have ${missing.length === 1 ? 'it' : 'them'}.`,
    );
  }
}
