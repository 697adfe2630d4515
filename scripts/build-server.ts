import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type RolldownOutput } from 'rolldown';

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
 * - `pglite-worker.js`, `parse.worker.js`, `page-render.worker.js` — the worker threads, under
 *   their sources' names.
 *
 * npm packages are bundled in too, all but RUN_TIME_PACKAGES: loading them from node_modules
 * one module at a time (hundreds of files, each resolved, read and compiled) was the longest
 * part of a start. Importing the server's modules took 480-570 ms and 730-760 ms of CPU with the
 * packages external, 265-300 ms and 360-380 ms of CPU bundled (`npm run bench -- startup` shows
 * the whole start). What stays external is imported from node_modules at run time, where
 * `npm ci --omit=dev` installs it (and electron-builder packs it), so it must be one of
 * package.json's `dependencies`; the build fails naming any that is not. The bundled packages'
 * licences go with the bundle, in THIRD-PARTY-LICENSES.txt. Not minified: stack traces stay
 * readable without the source maps beside each chunk (`NODE_OPTIONS=--enable-source-maps`).
 */

/**
 * Packages loaded from node_modules at run time: PGlite finds its WebAssembly and data files
 * beside its own modules; @koa/router is required as CommonJS (backend/src/http/router.ts says
 * why), which a bundle cannot see.
 */
const RUN_TIME_PACKAGES = ['@electric-sql/pglite', '@koa/router'];

/**
 * Optional packages that a bundled package imports only for a feature the server leaves off:
 * left as imports, installed nowhere.
 */
const NEVER_LOADED: Record<string, string> = {
  dataloader: "MikroORM's dataloader option",
};

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIR = path.join(root, 'dist/server');

export const SERVER_ENTRIES = {
  main: 'backend/src/main.ts',
  'desktop-server': 'electron/server/index.ts',
  'db-backup': 'backend/src/db/backup/backup-main.ts',
  'db-restore': 'backend/src/db/backup/restore-main.ts',
  'pglite-worker': 'backend/src/db/embedded/pglite-worker.ts',
  'parse.worker': 'backend/src/notes/upload/parse.worker.ts',
  'page-render.worker': 'backend/src/http/page-render.worker.ts',
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isBareSpecifier = (id: string) =>
  !id.startsWith('.') && !id.startsWith('\0') && !path.isAbsolute(id);

const isRunTimePackage = (id: string) =>
  isBareSpecifier(id) && RUN_TIME_PACKAGES.includes(packageName(id));

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
    external: isRunTimePackage,
    transform: { target: 'node22' },
    logLevel: 'warn',
    onLog(level, log, handler) {
      // depd (under koa) builds its wrappers with eval, as it always has: nothing to act on.
      if (log.code === 'EVAL' && log.id?.includes('/node_modules/')) return;
      handler(level, log);
    },
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
  writeThirdPartyLicenses(output);
  const missing = [...imported]
    .filter((name) => !(name in manifest.dependencies) && !(name in NEVER_LOADED))
    .sort();
  if (missing.length > 0) {
    fs.rmSync(SERVER_DIR, { recursive: true, force: true });
    throw new Error(
      `The server imports ${missing.join(', ')}, which package.json lists outside "dependencies": a production install (npm ci --omit=dev) would not have ${missing.length === 1 ? 'it' : 'them'}.`,
    );
  }
}

/** The folder of the package a bundled module comes from (the innermost node_modules one). */
function packageFolder(moduleId: string): string | null {
  const marker = '/node_modules/';
  const at = moduleId.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = moduleId.slice(at + marker.length).split('/');
  const depth = rest[0]!.startsWith('@') ? 2 : 1;
  return moduleId.slice(0, at + marker.length) + rest.slice(0, depth).join('/');
}

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

/**
 * THIRD-PARTY-LICENSES.txt beside the bundle: for every package bundled into it, its name,
 * version, licence and licence text, as their licences (MIT, ISC, BSD, Apache-2.0) ask of
 * whoever redistributes them.
 */
function writeThirdPartyLicenses(output: RolldownOutput['output']): void {
  const folders = new Set<string>();
  for (const file of output) {
    if (file.type !== 'chunk') continue;
    for (const id of file.moduleIds) {
      const folder = packageFolder(id);
      if (folder !== null) folders.add(folder);
    }
  }
  const entries = [...folders].map((folder) => {
    const { name, version, license } = JSON.parse(
      fs.readFileSync(path.join(folder, 'package.json'), 'utf8'),
    ) as { name: string; version: string; license?: string };
    const text = fs.readdirSync(folder).find((entry) => LICENSE_FILE.test(entry));
    return {
      heading: `${name} ${version} (${license ?? 'see its package'})`,
      text: text === undefined ? '' : fs.readFileSync(path.join(folder, text), 'utf8').trim(),
    };
  });
  // One entry per package version, in a stable order.
  const unique = new Map(entries.map((entry) => [entry.heading, entry]));
  const body = [...unique.values()]
    .sort((a, b) => a.heading.localeCompare(b.heading))
    .map(({ heading, text }) => `${heading}\n${'-'.repeat(heading.length)}\n${text}\n`)
    .join('\n');
  fs.writeFileSync(
    path.join(SERVER_DIR, 'THIRD-PARTY-LICENSES.txt'),
    `Packages bundled into Ashnote's server (dist/server), with their licences.\n\n${body}`,
  );
}
