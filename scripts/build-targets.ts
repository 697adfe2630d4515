import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What `npm start`, `npm test` and `npm run release` build before they run: the web bundle
 * (dist/web), the server (dist/server) and the `ashnote` command (dist/cli), each only when its sources changed since it was last
 * built, so a start after `git pull` rebuilds what the pull touched and a start after nothing
 * rebuilds nothing.
 *
 * "Changed" is a SHA-256 over every source file's path and content, kept in dist/.stamps after
 * a successful build, not a comparison of modification times: a checkout, an unpacked archive or
 * a copy can give a changed file an older time than the build (and a touched, unchanged file a
 * newer one), where a content hash neither misses a change nor rebuilds for nothing. Hashing
 * the ~450 files takes ~30 ms. The stamps sit outside dist/web, whose every file is served.
 *
 * The builders are imported only when something must be built: a start with nothing to build
 * loads neither Vite nor Rolldown.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Target = 'web' | 'server' | 'cli';

interface TargetSpec {
  label: string;
  /** A file every complete build leaves. */
  output: string;
  /** Folders (all their files, tests and browser tests aside) and single files. */
  sources: string[];
  build(): Promise<void>;
}

/** What both builds depend on: the packages (and so the builders' versions) and the TS setup. */
const COMMON_SOURCES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

export const TARGETS: Record<Target, TargetSpec> = {
  web: {
    label: 'the web bundle (dist/web)',
    output: 'dist/web/index.html',
    sources: [
      ...COMMON_SOURCES,
      'renderer',
      'shared',
      'scripts/vite-precompress.ts',
      'scripts/prerender.ts',
      'scripts/build-targets.ts',
    ],
    async build() {
      const { build } = await import('vite');
      await build({ configFile: path.join(ROOT, 'renderer/vite.config.ts') });
      const { prerenderPages } = await import('./prerender.ts');
      await prerenderPages();
    },
  },
  server: {
    label: 'the server (dist/server)',
    output: 'dist/server/main.js',
    sources: [
      ...COMMON_SOURCES,
      'backend/src',
      'shared',
      'electron/server',
      'scripts/build-server.ts',
      'scripts/build-targets.ts',
    ],
    async build() {
      const { buildServer } = await import('./build-server.ts');
      await buildServer();
    },
  },
  cli: {
    label: 'the ashnote command (dist/cli/ashnote.js)',
    output: 'dist/cli/ashnote.js',
    sources: [
      ...COMMON_SOURCES,
      'cli',
      'shared',
      'scripts/build-cli.ts',
      'scripts/build-targets.ts',
    ],
    async build() {
      const { buildCli } = await import('./build-cli.ts');
      await buildCli();
    },
  },
};

const stampFile = (target: Target, root: string) => path.join(root, 'dist/.stamps', target);

/** Not part of any build: unit tests beside the code, browser tests, test helpers. */
function isTestFile(relative: string): boolean {
  return (
    /\.test\.[cm]?[jt]sx?$/.test(relative) ||
    relative.split(path.sep).some((part) => part === 'e2e' || part === 'testing')
  );
}

/** The target's source files, relative to `root`, in order; a missing source counts as none. */
function sourceFiles(target: Target, root: string): string[] {
  const files: string[] = [];
  for (const source of TARGETS[target].sources) {
    const full = path.join(root, source);
    if (!fs.existsSync(full)) continue;
    if (!fs.statSync(full).isDirectory()) {
      files.push(source);
      continue;
    }
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(root, path.join(entry.parentPath, entry.name));
      if (!isTestFile(relative)) files.push(relative);
    }
  }
  return files.sort();
}

/** The SHA-256 of the target's sources: each file's path and content, in path order. */
export function sourceHash(target: Target, root = ROOT): string {
  const hash = crypto.createHash('sha256');
  for (const file of sourceFiles(target, root)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether the target's output was built from sources whose hash is `hash`. */
export function isUpToDate(target: Target, hash: string, root = ROOT): boolean {
  if (!fs.existsSync(path.join(root, TARGETS[target].output))) return false;
  try {
    return fs.readFileSync(stampFile(target, root), 'utf8') === hash;
  } catch {
    return false;
  }
}

/** Records that the target's output was built from sources whose hash is `hash`. */
export function stamp(target: Target, hash: string, root = ROOT): void {
  fs.mkdirSync(path.dirname(stampFile(target, root)), { recursive: true });
  fs.writeFileSync(stampFile(target, root), hash);
}

/**
 * Builds the target, then stamps it with the hash of the sources it was built from (taken
 * before building, so an edit made during the build is built next time). The old stamp goes
 * first: a build that fails leaves none.
 */
export async function buildTarget(target: Target, hash = sourceHash(target)): Promise<void> {
  fs.rmSync(stampFile(target, ROOT), { force: true });
  await TARGETS[target].build();
  stamp(target, hash);
}

/** Builds each target whose sources changed since its last build; says which and why. */
export async function ensureBuilt(targets: readonly Target[]): Promise<void> {
  for (const target of targets) {
    const hash = sourceHash(target);
    if (isUpToDate(target, hash)) continue;
    const why = fs.existsSync(path.join(ROOT, TARGETS[target].output))
      ? 'its sources changed since the last build'
      : 'not built yet';
    process.stdout.write(`Building ${TARGETS[target].label}: ${why}.\n`);
    await buildTarget(target, hash);
  }
}
