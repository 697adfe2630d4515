import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-targets.ts';

/**
 * `npm run release [-- --out DIR] [-- --install]`: the server as operators install it without a
 * checkout, and the one script a container's build stage runs. In DIR (default release/server):
 *
 * - `ashnote-<version>/` — the built server, web bundle and `ashnote` command (dist/server,
 *   dist/web, dist/cli: the package's bin), package.json
 *   (its scripts reduced to `start`, `db:backup` and `db:restore`) and package-lock.json, so that `npm ci --omit=dev` there
 *   installs exactly the server's run-time packages; the licence, security policy, changelog,
 *   README, .env.example and deploy/ (the systemd unit, the container's scripts, the Caddy
 *   site); and SHA256SUMS, every one of those files' checksum.
 * - `ashnote-<version>.tar.gz` — that folder, byte for byte the same from the same sources:
 *   names sorted, owners and permissions normalised, every time set to SOURCE_DATE_EPOCH (or
 *   the last commit's), no time in the gzip header.
 * - `SHA256SUMS` — the tarball's checksum: `sha256sum -c SHA256SUMS` checks a download.
 *
 * With `--install`, `npm ci --omit=dev` then runs in the folder (after the tarball is made, so
 * the tarball holds no node_modules): a folder ready to run, which a container copies whole.
 *
 * The web bundle and the server are built only when their sources changed since their last
 * build (scripts/build-targets.ts), so a release made right after `npm run build` or `npm test`
 * reuses their output, which the stamps show was built from the same sources. Needs GNU tar.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** Besides dist/ and the package files: what an operator reads, and the service example. */
const DOCUMENTS = ['LICENSE', 'README.md', 'SECURITY.md', 'CHANGELOG.md', '.env.example'];

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** SOURCE_DATE_EPOCH if set (reproducible-builds.org), else the last commit's time, else now. */
function sourceDateEpoch(): number {
  if (process.env.SOURCE_DATE_EPOCH !== undefined) return Number(process.env.SOURCE_DATE_EPOCH);
  try {
    return Number(
      execFileSync('git', ['log', '-1', '--format=%ct'], {
        cwd: root,
        encoding: 'utf8',
        // Outside a checkout (a container build's sources), git's complaint is not news.
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
  } catch {
    return Math.floor(Date.now() / 1000);
  }
}

/** What an operator runs in a release: the server, and the embedded database's backup and restore. */
const RELEASE_SCRIPTS = {
  start: 'node dist/server/main.js',
  'db:backup': 'node dist/server/db-backup.js',
  'db:restore': 'node dist/server/db-restore.js',
};

/** package.json for the release: the same packages (npm ci checks them against the lock). */
function releaseManifest(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // The development scripts need the sources, which a release does not hold.
  manifest.scripts = RELEASE_SCRIPTS;
  delete manifest.main;
  // Only the development install needs an npm that honours allowScripts (Electron's binary): no
  // package the server runs on has an install script, so Node 22's own npm 10 installs it.
  manifest.engines = { node: (manifest.engines as { node: string }).node };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function buildRelease(options: { out: string | undefined; install: boolean }) {
  const out = path.resolve(options.out ?? path.join(root, 'release/server'));
  await ensureBuilt(['web', 'server', 'cli']);
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const name = `ashnote-${version}`;
  const folder = path.join(out, name);
  const tarball = path.join(out, `${name}.tar.gz`);
  const checksums = path.join(out, 'SHA256SUMS');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(tarball, { force: true });
  fs.mkdirSync(folder, { recursive: true });

  for (const built of ['dist/server', 'dist/web', 'dist/cli']) {
    fs.cpSync(path.join(root, built), path.join(folder, built), { recursive: true });
  }
  fs.cpSync(path.join(root, 'deploy'), path.join(folder, 'deploy'), {
    recursive: true,
    // Its tests and their helpers stay behind: a release has none of what they import.
    filter: (source) => !/\.test\.ts$/.test(source) && path.basename(source) !== 'testing',
  });
  for (const document of [...DOCUMENTS, 'package-lock.json']) {
    fs.copyFileSync(path.join(root, document), path.join(folder, document));
  }
  fs.writeFileSync(path.join(folder, 'package.json'), releaseManifest());
  const sums = filesUnder(folder).map((file) => `${sha256(path.join(folder, file))}  ${file}\n`);
  fs.writeFileSync(path.join(folder, 'SHA256SUMS'), sums.join(''));

  execFileSync(
    'tar',
    [
      '--create',
      '--file',
      tarball,
      '--directory',
      out,
      '--use-compress-program=gzip -9n',
      '--sort=name',
      `--mtime=@${sourceDateEpoch()}`,
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mode=u+rwX,go+rX,go-w',
      '--format=gnu',
      name,
    ],
    { stdio: 'inherit', env: { ...process.env, GZIP: '' } },
  );
  fs.writeFileSync(checksums, `${sha256(tarball)}  ${path.basename(tarball)}\n`);

  if (options.install) {
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: folder,
      stdio: 'inherit',
    });
  }
  process.stdout.write(
    `\nRelease: ${folder}${options.install ? ' (installed)' : ''}\nTarball: ${tarball}\nChecksum: ${checksums}\n`,
  );
}

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
await buildRelease({
  out: outAt === -1 ? undefined : args[outAt + 1],
  install: args.includes('--install'),
});
