import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ARTICLES } from '../backend/src/blog/seed-articles.ts';
import { isNodeTooOld } from '../backend/src/node-version.js';
import { createFakeNote, postJson } from '../backend/src/testing/notes-client.ts';
import { TEST_DATABASES, createTestStore } from '../backend/src/testing/test-server.ts';
import { apiPaths } from '../shared/api/paths.ts';

/**
 * The release as an operator gets it: `npm run release` (the script a container's build stage
 * runs), its tarball checked against its checksums and unpacked elsewhere, installed there with
 * `npm ci --omit=dev` (from npm's cache where it can), and run from there with the Node 22 of
 * this development install (our machines' own Node is 20).
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const SYSTEM_NODE = '/usr/bin/node';
/** What a production install must never hold: the desktop app, the builders, the renderer's
 * libraries, the test tools and the development Node. */
const DEV_ONLY = ['electron', 'vite', 'rolldown', 'react', 'playwright-core', 'vitest', 'node'];

const sha256 = (file: string) =>
  crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Every `<sha256>  <file>` line of a SHA256SUMS file holds for the files beside it. */
function checkSums(folder: string): number {
  const lines = fs.readFileSync(path.join(folder, 'SHA256SUMS'), 'utf8').trim().split('\n');
  for (const line of lines) {
    const [sum, file] = line.split('  ') as [string, string];
    expect(sha256(path.join(folder, file)), file).toBe(sum);
  }
  return lines.length;
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the release's entry until it exits. */
function runToExit(
  node: string,
  cwd: string,
  env: Record<string, string>,
  options: { uid?: number; gid?: number } = {},
): Promise<Exit> {
  const child = spawn(node, ['dist/server/main.js'], {
    cwd,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Within the test's own time limit: a server that starts instead of refusing fails the test.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** One line on stderr, exit code 1, and nothing that looks like a stack trace. */
function expectOneLineRefusal({ code, stderr }: Exit, line: RegExp) {
  expect(code).toBe(1);
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(line);
  expect(stderr).not.toMatch(/^\s+at |Error:|Unhandled/m);
}

/** Starts the release's server and waits until it says where it runs. */
async function startRelease(cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const running = /Ashnote is running at (http:\/\/\S+)/.exec(output);
      if (running) resolve(running[1]!);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return {
    url,
    /** SIGTERM, as a service manager stops it; resolves with its exit code. */
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// Each test starts a server or two: a loaded CI machine has taken 30 s over one.
describe('the release', { timeout: 120_000 }, () => {
  let work: string;
  /** The unpacked and installed release. */
  let installed: string;

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-release-'));
    const out = path.join(work, 'out');
    execFileSync(process.execPath, ['scripts/release.ts', '--out', out], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const { version } = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
    ) as { version: string };
    expect(checkSums(out)).toBe(1);
    const unpacked = path.join(work, 'opt');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', path.join(out, `ashnote-${version}.tar.gz`), '-C', unpacked]);
    installed = path.join(unpacked, `ashnote-${version}`);
    expect(checkSums(installed)).toBeGreaterThan(10);
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: installed,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }, 300_000);

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('installs only the packages the bundled server loads from node_modules', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(installed, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }>;
    };
    const present = fs
      .readdirSync(path.join(installed, 'node_modules'), { recursive: true })
      .map(String)
      .filter((entry) => /(^|[\\/])package\.json$/.test(entry))
      .map((entry) => `node_modules/${path.dirname(entry).split(path.sep).join('/')}`)
      .filter((folder) => folder in lock.packages);
    // PGlite and @koa/router with what npm installs for it (scripts/build-server.ts,
    // RUN_TIME_PACKAGES); everything else is bundled into dist/server, licences beside it.
    expect(present).toContain('node_modules/@koa/router');
    expect(present).not.toContain('node_modules/zod');
    expect(present).not.toContain('node_modules/@mikro-orm/core');
    // Every installed package is one the lock file says the server needs, never a dev one.
    expect(present.filter((folder) => lock.packages[folder]!.dev === true)).toEqual([]);
    // Nor any that runs a script at install: the release's npm need not honour allowScripts.
    expect(present.filter((folder) => lock.packages[folder]!.hasInstallScript)).toEqual([]);
    for (const name of DEV_ONLY) {
      expect(fs.existsSync(path.join(installed, 'node_modules', name)), name).toBe(false);
    }
    expect(fs.existsSync(path.join(installed, 'node_modules/@electric-sql/pglite'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'node_modules/.bin/node'))).toBe(false);
  });

  it('holds the built server and web bundle, no sources, and a start that runs the build', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      engines: Record<string, string>;
    };
    expect(manifest.scripts).toEqual({
      start: 'node dist/server/main.js',
      'db:backup': 'node dist/server/db-backup.js',
      'db:restore': 'node dist/server/db-restore.js',
    });
    expect(manifest.engines).toEqual({ node: '>=22.12' });
    const shipped = [
      'dist/server/main.js',
      'dist/server/db-backup.js',
      'dist/server/db-restore.js',
      'dist/web/index.html',
      'dist/cli/ashnote.js',
      'LICENSE',
      'SECURITY.md',
      '.env.example',
      'deploy/container/healthcheck.mjs',
      'deploy/caddy/ashnote.caddy',
    ];
    for (const file of shipped) {
      expect(fs.existsSync(path.join(installed, file)), file).toBe(true);
    }
    for (const folder of [
      'backend',
      'renderer',
      'shared',
      'electron',
      'scripts',
      'deploy/testing',
    ]) {
      expect(fs.existsSync(path.join(installed, folder)), folder).toBe(false);
    }
    const licences = fs.readFileSync(
      path.join(installed, 'dist/server/THIRD-PARTY-LICENSES.txt'),
      'utf8',
    );
    for (const bundled of ['koa 3.3.0 (MIT)', 'zod ', '@mikro-orm/core ', 'pg 8.23.1 (MIT)']) {
      expect(licences).toContain(bundled);
    }
    expect(licences).toContain('Permission is hereby granted, free of charge');
    const built = fs.readdirSync(path.join(installed, 'dist/server'));
    expect(built.filter((file) => /\.ts$/.test(file))).toEqual([]);
  });

  it("runs the package's bin, the ashnote command, with nothing but the production install", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    const help = execFileSync(process.execPath, [manifest.bin.ashnote!, '--help'], {
      cwd: installed,
      encoding: 'utf8',
    });
    expect(help).toMatch(/^ashnote: end-to-end-encrypted notes/);
  });

  for (const kind of TEST_DATABASES) {
    it(`migrates a new ${kind} database and serves notes, read once, the web app and the blog`, async () => {
      const store = await createTestStore(kind, { empty: true });
      const server = await startRelease(installed, store.env);
      try {
        const { url } = server;
        const note = await createFakeNote(url);
        const proofs = { proof: note.proof, linkProof: note.linkProof };
        const read = await postJson(`${url}${apiPaths.noteVerify(note.noteId)}`, proofs);
        expect(read.status).toBe(200);
        expect(((await read.json()) as { content: string }).content).toBe(note.content);
        const again = await postJson(`${url}${apiPaths.noteVerify(note.noteId)}`, proofs);
        expect(again.status).toBe(410);

        const page = await fetch(`${url}/note/${note.noteId}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
        const html = await page.text();
        // Pre-rendered, so the app's entry is started by the boot script once painted.
        const script = /<script src="\/assets\/boot-[^"]+" data-app="(\/assets\/[^"]+\.js)"/.exec(
          html,
        );
        expect(script, html).not.toBeNull();
        const asset = await fetch(`${url}${script![1]}`);
        expect(asset.status).toBe(200);
        expect(asset.headers.get('content-type')).toMatch(/javascript/);

        // The blog, rendered by the server with the renderer the release carries.
        const blog = await fetch(`${url}/blog`, { headers: { 'accept-language': 'ar' } });
        expect(blog.headers.get('content-language')).toBe('ar');
        const blogHtml = await blog.text();
        expect(blogHtml).toContain(`<h2 id="post-${SEED_ARTICLES[0]!.id}"`);
        expect(blogHtml).toContain('id="page-data"');
      } finally {
        expect(await server.stop()).toBe(0);
        await store.drop();
      }
    });
  }

  it('backs up its running embedded database with npm run db:backup, restored by db:restore', async () => {
    const store = await createTestStore('embedded');
    const backupFile = path.join(work, 'release.backup');
    const restored = path.join(work, 'restored-data');
    const npm = (script: string, env: Record<string, string>) =>
      execFileSync('npm', ['run', '--silent', script, '--', backupFile], {
        cwd: installed,
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      });
    const server = await startRelease(installed, store.env);
    let note: Awaited<ReturnType<typeof createFakeNote>>;
    try {
      note = await createFakeNote(server.url);
      // Asynchronously: this process does not answer the server, but must not block its reply.
      const backedUp = await new Promise<string>((resolve, reject) =>
        execFile(
          'npm',
          ['run', '--silent', 'db:backup', '--', backupFile],
          { cwd: installed, env: { PATH: process.env.PATH, ...store.env } },
          (error, stdout) => (error ? reject(error) : resolve(stdout)),
        ),
      );
      expect(backedUp).toMatch(/^Backed up the running server's embedded database/);
    } finally {
      expect(await server.stop()).toBe(0);
      await store.drop();
    }
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(npm('db:restore', { DATA_DIR: restored })).toMatch(/^Restored .* into /);
    const again = await startRelease(installed, { DATA_DIR: restored });
    try {
      const proofs = { proof: note.proof, linkProof: note.linkProof };
      const read = await postJson(`${again.url}${apiPaths.noteVerify(note.noteId)}`, proofs);
      expect(read.status).toBe(200);
      expect(((await read.json()) as { content: string }).content).toBe(note.content);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  const systemNodeVersion = fs.existsSync(SYSTEM_NODE)
    ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
    : null;
  it.runIf(systemNodeVersion !== null && isNodeTooOld(systemNodeVersion))(
    `refuses the system's older Node (${systemNodeVersion}) in one line`,
    async () => {
      const refusal = await runToExit(SYSTEM_NODE, installed, {});
      expectOneLineRefusal(refusal, /^Ashnote needs Node\.js 22\.12 or newer; this is v20\./);
      expect(refusal.stdout).toBe('');
    },
  );

  it('says in one line that it cannot use a data directory blocked by a file', async () => {
    const file = path.join(work, 'not-a-folder');
    fs.writeFileSync(file, '');
    const refusal = await runToExit(process.execPath, installed, {
      DATA_DIR: path.join(file, 'data'),
    });
    expectOneLineRefusal(
      refusal,
      /^Ashnote cannot use .*not-a-folder\/data: a part of the path is not a directory \(ENOTDIR\)\. DATA_DIR/,
    );
  });

  /**
   * Runs the release on a data directory with a database in it (a test store's copy of a made
   * cluster) of which `unusable` (a path in the cluster) is not the server's user's to read.
   * Root reads everything: as root, the server runs as nobody, owning the rest.
   */
  async function runWithUnreadable(unusable: string): Promise<{ refusal: Exit; file: string }> {
    const store = await createTestStore('embedded');
    const dataDir = store.env.DATA_DIR!;
    const file = path.join(dataDir, 'pgdata', unusable);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      fs.chmodSync(work, 0o755);
      execFileSync('chown', ['-R', '65534:65534', dataDir]);
      fs.chownSync(file, 0, 0);
    } else {
      fs.chmodSync(file, 0o000);
    }
    try {
      const nobody = asRoot ? { uid: 65534, gid: 65534 } : {};
      return { refusal: await runToExit(process.execPath, installed, store.env, nobody), file };
    } finally {
      fs.chmodSync(file, 0o700);
      await store.drop();
    }
  }

  it("says in one line that its user can't read the database in the data directory", async () => {
    const { refusal, file } = await runWithUnreadable('.');
    expectOneLineRefusal(
      refusal,
      new RegExp(`^Ashnote cannot use ${file}: permission denied \\(EACCES\\)\\. DATA_DIR`),
    );
  });

  it("names the file in the database its user can't read", async () => {
    const { refusal, file } = await runWithUnreadable('global/pg_control');
    expectOneLineRefusal(
      refusal,
      new RegExp(`^Ashnote cannot use ${file}: permission denied \\(EACCES\\)\\. DATA_DIR`),
    );
  });

  it('says in one line that the database refuses connections', async () => {
    const port = await closedPort();
    const refusal = await runToExit(process.execPath, installed, {
      DATABASE_URL: `postgres://ashnote:secret-pw@127.0.0.1:${port}/ashnote`,
    });
    expectOneLineRefusal(
      refusal,
      new RegExp(
        `^Ashnote cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/ashnote: connection refused \\(ECONNREFUSED\\)\\.`,
      ),
    );
    expect(refusal.stderr).not.toContain('secret-pw');
  });
});
