import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp, type AppOptions, type AshnoteServer } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { clusterFolder } from '../db/embedded/embedded-store.ts';
import { startEmbeddedDatabase } from '../db/embedded/pglite-thread.ts';
import { createLogger } from '../logger.ts';

const silent = createLogger('silent');

export type TestDatabaseKind = 'embedded' | 'postgres';

/** Integration tests run on the embedded database always, and on PostgreSQL when CI provides one. */
export const TEST_DATABASES: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['embedded', 'postgres']
  : ['embedded'];

export interface TestServer {
  server: AshnoteServer;
  url: string;
  /** Where METRICS_PORT's listener answers, when the test set one. */
  metricsUrl: string | null;
  /** Every log line the server wrote, for "nothing secret was logged" checks. */
  logs: string[];
  stop(): Promise<void>;
}

/** A fresh, isolated store: a temp data dir, or a new PostgreSQL database dropped afterwards. */
export interface TestStore {
  env: Record<string, string>;
  drop(): Promise<void>;
}

// The package exports no path to its package.json; it sits above the entry's dist/ folder.
const PGLITE_VERSION = (
  JSON.parse(
    fs.readFileSync(
      path.join(
        path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
        '../package.json',
      ),
      'utf8',
    ),
  ) as { version: string }
).version;

/** Changes whenever a migration is added or edited, so a template never holds an old schema. */
const MIGRATIONS_HASH = (() => {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(folder).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
})();

/**
 * Each test store starts from a copy of a migrated template, as PostgreSQL's own `create
 * database` starts from template1: PGlite's initdb takes ~4 s of WebAssembly and the migrations
 * ~2 s of CPU more (and a checkpoint of everything they wrote at the first close), PostgreSQL's
 * migrations about a second; a copy takes a fifth of a second. With some 150 stores in a run,
 * that is minutes of CI. The server still makes its secret at first start. Tests of a store's
 * very first start or of upgrades ask for an `empty` one.
 */
export interface TestStoreOptions {
  /** No schema yet (an empty cluster or database), for tests of migrating one. */
  empty?: boolean;
}

const templates = new Map<string, Promise<string>>();

/** Made once per machine (and PGlite version, and schema); later calls and processes reuse it. */
function template(key: string, make: () => Promise<string>): Promise<string> {
  const known = templates.get(key) ?? make();
  templates.set(key, known);
  return known;
}

/** An embedded cluster, migrated unless `empty`, built aside and renamed into place. */
function embeddedTemplate(empty: boolean): Promise<string> {
  const folder = path.join(
    os.tmpdir(),
    `ashnote-test-cluster-pglite-${PGLITE_VERSION}-${empty ? 'empty' : MIGRATIONS_HASH}`,
  );
  return template(folder, async () => {
    if (fs.existsSync(folder)) return folder;
    // Renamed into place when whole, so no test ever copies half a cluster; when another test
    // process got there first, its copy is kept.
    const building = fs.mkdtempSync(`${folder}-building-`);
    if (empty) {
      const database = await startEmbeddedDatabase(clusterFolder(building));
      await database.close();
    } else {
      const database = await openDatabase(loadConfig({ DATA_DIR: building }), silent);
      await database.close();
    }
    try {
      fs.renameSync(clusterFolder(building), folder);
    } catch (error) {
      if (!fs.existsSync(folder)) throw error;
    }
    fs.rmSync(building, { recursive: true, force: true });
    return folder;
  });
}

/**
 * A migrated PostgreSQL database to copy. Test processes running side by side build it once,
 * one at a time under an advisory lock; nobody stays connected to it, as `create database …
 * template` requires.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `ashnote_template_${MIGRATIONS_HASH}`;
  return template(name, () =>
    withClient(adminUrl, async (client) => {
      await client.query("select pg_advisory_lock(hashtext('ashnote test template'))");
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          const building = `${name}_building_${process.pid}`;
          await client.query(`drop database if exists ${building}`);
          await client.query(`create database ${building}`);
          const database = await openDatabase(
            loadConfig({ DATABASE_URL: databaseUrl(adminUrl, building) }),
            silent,
          );
          await database.close();
          await client.query(`alter database ${building} rename to ${name}`);
        }
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('ashnote test template'))");
      }
      return name;
    }),
  );
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestStore(
  kind: TestDatabaseKind,
  { empty = false }: TestStoreOptions = {},
): Promise<TestStore> {
  if (kind === 'embedded') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-test-'));
    fs.cpSync(await embeddedTemplate(empty), clusterFolder(dataDir), { recursive: true });
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ashnote_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const source = empty ? null : await postgresTemplate(adminUrl);
  await withClient(adminUrl, async (client) => {
    await client.query(`create database ${name}${source === null ? '' : ` template ${source}`}`);
  });
  return {
    env: { DATABASE_URL: databaseUrl(adminUrl, name) },
    drop: () =>
      withClient(adminUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A port free right now, for a server that must know its own address before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real app through createApp() on a free port, logging into memory. A server that
 * sends mail needs its public address (its mails' links point there, see config.ts): unless the
 * test gives one, it is the address the server is started on.
 */
export async function startServer(
  env: Record<string, string>,
  options: Omit<AppOptions, 'logger'> = {},
  configure: (config: AppConfig) => void = () => {},
): Promise<TestServer> {
  const ownAddress =
    env.SMTP_URL !== undefined && env.PUBLIC_URL === undefined
      ? await freePort().then((port) => ({
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        }))
      : {};
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'debug',
    ...ownAddress,
    ...env,
  });
  configure(config);
  const logs: string[] = [];
  const server = await createApp(config, {
    ...options,
    logger: createLogger('debug', (line) => logs.push(line)),
  });
  const { url, metricsUrl } = await server.listen();
  return { server, url, metricsUrl, logs, stop: () => server.close() };
}

/** A server on its own fresh store; stop() also drops the store. */
export async function startTestServer(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: Omit<AppOptions, 'logger'> = {},
): Promise<TestServer> {
  const store = await createTestStore(kind);
  const started = await startServer({ ...store.env, ...env }, options);
  return {
    ...started,
    stop: async () => {
      await started.stop();
      await store.drop();
    },
  };
}
