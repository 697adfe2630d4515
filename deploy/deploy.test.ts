import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../shared/api/paths.ts';
import {
  fakeEnvelope,
  noteProofs,
  noteVerifiers,
  postJson,
} from '../backend/src/testing/notes-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  type TestStore,
} from '../backend/src/testing/test-server.ts';
import { freshContext, launchBrowser, watchPage } from '../renderer/e2e/harness.ts';
import { caddyBinary, freePort, startCaddy, type Caddy } from './testing/caddy.ts';

/**
 * The self-hosting kit end to end, as compose.yaml runs it, short of a container (none can be
 * built here): the release the Dockerfile's build stage makes (deploy/container/build.sh, run
 * on a copy of the sources), run as the image runs it (its own user when this runs as root),
 * two instances on one PostgreSQL database behind Debian's Caddy with compose's site snippet
 * (deploy/caddy/ashnote.caddy) and TLS from Caddy's own CA, and Chromium over https://.
 *
 * Where each browser lands is pinned with Caddy's cookie policy (the one setting this changes,
 * through the snippet's ASHNOTE_LB_POLICY): its cookie is an HMAC of the instance's address,
 * so a test can send one person to each instance and know it did.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const caddy = caddyBinary();
const onPostgres = TEST_DATABASES.includes('postgres');
const skipReason = !onPostgres
  ? 'TEST_DATABASE_URL is not set (two instances need one PostgreSQL)'
  : caddy === null
    ? "Debian's caddy is not installed (apt-get install caddy)"
    : null;
if (skipReason !== null) console.warn(`deploy test skipped: ${skipReason}`);

const asRoot = process.getuid?.() === 0;
/** The image's user (`node` in the official Node images). */
const IMAGE_UID = 1000;
const METRICS_TOKEN = crypto.randomBytes(24).toString('base64url');
const LB_COOKIE = 'ashnote_upstream';
const DRAIN_MS = 2500;
/** The operator's NOTE_MAX_FILE_BYTES for these instances, below the default. */
const MAX_FILE_BYTES = 5_000_000;
/** Their NOTE_FILE_BYTES_PER_HOUR: three notes of the largest files a client an hour. */
const FILE_BYTES_PER_HOUR = 3 * MAX_FILE_BYTES;
/** Waits on a page as the browser tests do (this file runs with the unit tests' 1 s default). */
const POLL = { timeout: 20_000 };

/**
 * The sources as a container build gets them (git's files, those .dockerignore keeps), plus
 * dist/ as `npm test` just built it from the same sources: the build script's release step
 * sees the stamps match and reuses it (scripts/build-targets.ts), as `npm run release` does
 * after a build. Everything else the build stage does runs here as in the image.
 */
function copySources(target: string) {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file !== '' && fs.existsSync(path.join(repoRoot, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(target, file));
  }
  fs.cpSync(path.join(repoRoot, 'dist'), path.join(target, 'dist'), { recursive: true });
}

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  metric(name: string): Promise<number>;
}

/** The release's server, as the image's CMD starts it. */
async function startInstance(app: string, data: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: data,
      TRUST_PROXY: 'true',
      TRUST_PROXY_HOPS: '1',
      METRICS_TOKEN,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: '8000',
      NOTE_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
      NOTE_FILE_BYTES_PER_HOUR: String(FILE_BYTES_PER_HOUR),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(asRoot ? { uid: IMAGE_UID, gid: IMAGE_UID } : {}),
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ashnote is running at')) resolve();
    });
    void exited.then((code) => reject(new Error(`instance exited with ${code}: ${output}`)));
  });
  const instance: Instance = {
    port,
    child,
    exited,
    async metric(name) {
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await answer.text();
      const values = text
        .split('\n')
        .filter((line) => line.startsWith(name))
        .map((line) => Number(line.split(' ').at(-1)));
      return values.reduce((sum, value) => sum + value, 0);
    },
  };
  return instance;
}

describe.skipIf(skipReason !== null)('the self-hosting kit', { timeout: 180_000 }, () => {
  let work: string;
  let app: string;
  let store: TestStore;
  let instances: Instance[];
  let proxy: Caddy;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-deploy-'));
    // The image's user must reach the release (root's, read-only to it) and its data folder.
    if (asRoot) fs.chmodSync(work, 0o755);
    const sources = path.join(work, 'src');
    copySources(sources);
    const out = path.join(work, 'release');
    execFileSync('sh', ['deploy/container/build.sh', out], {
      cwd: sources,
      env: { ...process.env, npm_config_prefer_offline: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    app = path.join(out, 'app');
    const data = path.join(out, 'data');
    if (asRoot) fs.chownSync(data, IMAGE_UID, IMAGE_UID);

    store = await createTestStore('postgres', { empty: true });
    // Started together on a new database, as compose starts them.
    instances = await Promise.all([1, 2].map(() => startInstance(app, data, store.env)));
    proxy = await startCaddy(path.join(work, 'caddy'), {
      ASHNOTE_UPSTREAMS: instances.map(({ port }) => `127.0.0.1:${port}`).join(' '),
      ASHNOTE_LB_POLICY: `cookie ${LB_COOKIE}`,
    });
    browser = await launchBrowser(['--ignore-certificate-errors']);
  }, 600_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await proxy?.stop();
    for (const instance of instances ?? []) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await store?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A person whose every request Caddy sends to `instance`. */
  async function personOn(instance: Instance): Promise<Page> {
    const context = await freshContext(browser);
    contexts.push(context);
    const pin = crypto.createHmac('sha256', '').update(`127.0.0.1:${instance.port}`);
    await context.addCookies([{ name: LB_COOKIE, value: pin.digest('hex'), url: proxy.url }]);
    const page = await context.newPage();
    watchPage(page);
    return page;
  }

  it('is the image: a production install, a health check that tells up from down', () => {
    for (const devOnly of ['vite', 'electron', 'vitest', 'typescript']) {
      expect(fs.existsSync(path.join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    const healthcheck = (port: number) =>
      spawnSync(process.execPath, ['deploy/container/healthcheck.mjs'], {
        cwd: app,
        env: { PATH: process.env.PATH, PORT: String(port) },
      }).status;
    expect(healthcheck(instances[0]!.port)).toBe(0);
    const nothingThere = instances[0]!.port === 1 ? 2 : 1;
    expect(healthcheck(nothingThere)).toBe(1);
  });

  it('reads a note made on one instance through the other, over HTTPS with HSTS', async () => {
    const [first, second] = instances as [Instance, Instance];
    const sender = await personOn(first);
    const home = await sender.goto(proxy.url);
    expect(home!.headers()['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    const createdBefore = await first.metric('ashnote_notes_created_total');
    await sender.getByLabel('Note content').fill('the rack key is in drawer 5');
    await sender.getByRole('button', { name: 'Create Secure Note' }).click();
    const link = await sender.getByTestId('share-link').inputValue();
    expect(link.startsWith(`${proxy.url}/note/`)).toBe(true);
    expect(await first.metric('ashnote_notes_created_total')).toBe(createdBefore + 1);

    const reader = await personOn(second);
    const readBefore = await second.metric('ashnote_notes_destroyed_total{reason="read"}');
    await reader.goto(link);
    await reader.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.getByTestId('note-text').waitFor();
    expect(await reader.getByTestId('note-text').textContent()).toBe('the rack key is in drawer 5');
    expect(await second.metric('ashnote_notes_destroyed_total{reason="read"}')).toBe(
      readBefore + 1,
    );
  });

  it('takes a note’s file on one instance and hands it back on the other, within NOTE_MAX_FILE_BYTES', async () => {
    const [a, b] = instances.map(({ port }) => `http://127.0.0.1:${port}`) as [string, string];
    const config = (await (await fetch(`${b}${apiPaths.config}`)).json()) as {
      limits: { noteMaxFileBytes: number };
    };
    expect(config.limits.noteMaxFileBytes).toBe(MAX_FILE_BYTES);
    // As the proxy would say it: a client of its own, apart from the other tests' limits.
    const client = { 'X-Forwarded-For': '203.0.113.77' };
    const proofs = noteProofs();
    const create = (size: number) =>
      postJson(
        `${a}${apiPaths.notes}`,
        {
          content: fakeEnvelope(),
          ...noteVerifiers(proofs),
          expiration: '1h',
          files: [{ meta: fakeEnvelope(200), size }],
        },
        client,
      );
    expect((await create(MAX_FILE_BYTES + 1)).status).toBe(413);
    const created = await create(1000);
    expect(created.status).toBe(201);
    const { noteId, uploadToken } = (await created.json()) as {
      noteId: string;
      uploadToken: string;
    };
    // One chunk of a 1,000-byte file: its ciphertext and tag, uploaded to the other instance.
    const chunk = crypto.randomBytes(1000 + 16);
    const upload = { Authorization: `Bearer ${uploadToken}`, ...client };
    const put = await fetch(`${b}${apiPaths.noteFileChunk(noteId, 0, 0)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', ...upload },
      body: chunk,
    });
    expect(put.status).toBe(204);
    const complete = await fetch(`${a}${apiPaths.noteComplete(noteId)}`, {
      method: 'POST',
      headers: upload,
    });
    expect(complete.status).toBe(200);

    const { proof, linkProof } = proofs;
    const read = await postJson(`${b}${apiPaths.noteVerify(noteId)}`, { proof, linkProof }, client);
    expect(read.status).toBe(200);
    const { downloadToken } = (await read.json()) as { downloadToken: string };
    const download = await fetch(`${a}${apiPaths.noteFile(noteId, 0)}`, {
      headers: { Authorization: `Bearer ${downloadToken}`, ...client },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(chunk)).toBe(true);
  });

  it('shares a client’s NOTE_FILE_BYTES_PER_HOUR between the instances', async () => {
    const [a, b] = instances.map(({ port }) => `http://127.0.0.1:${port}`) as [string, string];
    // The hour must not turn between the notes, or the budget would start afresh.
    const left = 3_600_000 - (Date.now() % 3_600_000);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const client = { 'X-Forwarded-For': '203.0.113.78' };
    const create = (base: string, files: { meta: string; size: number }[]) =>
      postJson(
        `${base}${apiPaths.notes}`,
        { content: fakeEnvelope(), ...noteVerifiers(), expiration: '1h', files },
        client,
      );
    const largest = () => [{ meta: fakeEnvelope(200), size: MAX_FILE_BYTES }];
    // The hour's budget, in turn on each instance; then not a byte more, on either.
    for (const base of [a, b, a]) expect((await create(base, largest())).status).toBe(201);
    for (const base of [a, b]) {
      const refused = await create(base, [{ meta: fakeEnvelope(200), size: 1 }]);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: { details: { scope: 'file-bytes' } } });
    }
    expect((await create(b, [])).status).toBe(201);
  });

  it('counts a client by the address Caddy saw, whatever X-Forwarded-For it sends', async () => {
    // Notes may be created 30 times in 10 minutes per client (1/8 more across instances): with
    // each request claiming another address, all 70 would pass if the claim counted. 70 stay
    // over the limit even if a window boundary falls in the middle.
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const answer = await proxy.request(apiPaths.notes, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({ content: fakeEnvelope(), ...noteVerifiers(), expiration: '1d' }),
      });
      statuses.push(answer.status);
    }
    expect(new Set(statuses)).toEqual(new Set([201, 429]));
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(2 * 34);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps two people on different instances talking while one instance drains', async () => {
    const [first, second] = instances as [Instance, Instance];
    const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
    /** Keyed with the partner: the box invites a message to send. */
    const ready = (page: Page) =>
      expect
        .poll(() => composer(page).getAttribute('placeholder'), POLL)
        .toBe('Type your message...');
    const received = (page: Page, text: string) =>
      page.getByTestId('chat-peer').filter({ hasText: text }).waitFor();

    const alice = await personOn(first);
    await alice.goto(`${proxy.url}/chat`);
    await alice.getByRole('button', { name: 'Create Chat Session' }).click();
    await alice.waitForURL(/\/chat\/[A-Za-z0-9_-]{22}#/);
    const bob = await personOn(second);
    await bob.goto(alice.url());
    await ready(alice);
    await ready(bob);
    expect(await first.metric('ashnote_websocket_connections')).toBe(1);
    expect(await second.metric('ashnote_websocket_connections')).toBe(1);

    await composer(alice).fill('across instances 1');
    await composer(alice).press('Enter');
    await received(bob, 'across instances 1');
    await composer(bob).fill('and back 2');
    await composer(bob).press('Enter');
    await received(alice, 'and back 2');

    first.child.kill('SIGTERM');
    // Not ready at once, while it still serves what it has.
    const readiness = await fetch(`http://127.0.0.1:${first.port}/readyz`);
    expect(readiness.status).toBe(503);
    await composer(alice).fill('while it drains 3');
    await composer(alice).press('Enter');
    await received(bob, 'while it drains 3');

    expect(await first.exited).toBe(0);
    // Alice's client reconnected through Caddy, which sent it to the instance left.
    await expect.poll(() => second.metric('ashnote_websocket_connections'), POLL).toBe(2);
    await ready(alice);
    await composer(bob).fill('after the restart 4');
    await composer(bob).press('Enter');
    await received(alice, 'after the restart 4');
    await composer(alice).fill('still here 5');
    await composer(alice).press('Enter');
    await received(bob, 'still here 5');
    expect(await alice.getByTestId('chat-peer').allInnerTexts()).toHaveLength(2);
    expect(await bob.getByTestId('chat-peer').allInnerTexts()).toHaveLength(3);
  });
});
