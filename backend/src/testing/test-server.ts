import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, type AppOptions, type AshnoteServer } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { clusterFolder } from '../db/embedded/embedded-store.ts';
import { startEmbeddedDatabase } from '../db/embedded/pglite-thread.ts';
import { createLogger } from '../logger.ts';

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

/**
 * An empty PostgreSQL cluster, as PGlite's initdb leaves it, made once per machine and PGlite
 * version. initdb takes ~4 s of WebAssembly; a copy of its result takes a fifth of a second, so
 * each embedded test store starts from a copy, as PostgreSQL's own `create database` starts
 * from template1. The server still runs its migrations and makes its secret at first start.
 * Tests of a data directory's very first start (database.test.ts, main.test.ts) make their own.
 */
const CLUSTER_TEMPLATE = path.join(os.tmpdir(), `ashnote-test-cluster-pglite-${PGLITE_VERSION}`);
let clusterTemplate: Promise<string> | null = null;

function emptyClusterTemplate(): Promise<string> {
  clusterTemplate ??= (async () => {
    if (fs.existsSync(CLUSTER_TEMPLATE)) return CLUSTER_TEMPLATE;
    // Built aside and renamed into place, so no test ever copies half a cluster; when another
    // test process got there first, its copy is kept.
    const building = fs.mkdtempSync(`${CLUSTER_TEMPLATE}-building-`);
    const database = await startEmbeddedDatabase(clusterFolder(building));
    await database.close();
    try {
      fs.renameSync(clusterFolder(building), CLUSTER_TEMPLATE);
    } catch (error) {
      if (!fs.existsSync(CLUSTER_TEMPLATE)) throw error;
    }
    fs.rmSync(building, { recursive: true, force: true });
    return CLUSTER_TEMPLATE;
  })();
  return clusterTemplate;
}

export async function createTestStore(kind: TestDatabaseKind): Promise<TestStore> {
  if (kind === 'embedded') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-test-'));
    fs.cpSync(await emptyClusterTemplate(), clusterFolder(dataDir), { recursive: true });
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ashnote_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withClient(adminUrl, async (client) => {
    await client.query(`create database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
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
