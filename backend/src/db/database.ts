import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { acquireDataDirLock } from './embedded-lock.ts';
import { migrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type DatabaseKind = 'postgres' | 'embedded';

export interface Database {
  kind: DatabaseKind;
  orm: MikroORM;
  /**
   * Parameterised SQL for the statements that must be atomic and fast (read-and-destroy,
   * rate limits). MikroORM 7.2.1's query builder drops RETURNING on delete, so those go here.
   * On PostgreSQL it runs straight on MikroORM's own connection pool, skipping the ORM's
   * per-query bookkeeping (a quarter of a note read's cost); on the embedded database it goes
   * through MikroORM, whose driver owns the single PGlite connection and its transactions.
   */
  sql: Kysely<unknown>;
  /**
   * Runs one of the hottest statements (`$1`-style placeholders). On PostgreSQL it is a named
   * prepared statement, parsed and planned once per connection, which halves the cost of a note
   * read; on the embedded database it is an ordinary query on the single connection.
   */
  prepared<Row>(name: string, text: string, values: readonly unknown[]): Promise<Row[]>;
  /** True when a trivial query succeeds; used by /api/health. */
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** Date and interval columns stay strings, as MikroORM's own pg driver configures them. */
const KEEP_DATES_AS_TEXT = Object.fromEntries(
  [1082, 1114, 1184, 1186].map((oid) => [oid, (value: string) => value]),
);

/**
 * Opens PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR.
 * Both speak the same SQL, so one set of migrations (run here, at every start) serves both.
 */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<Database> {
  // Features reach the database through `sql` (single atomic statements), not through entities;
  // MikroORM owns the connection, the migrations and the transaction machinery.
  const common = {
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList: migrations, snapshot: false, transactional: true, silent: true },
    // MikroORM's own query log would print inlined parameters; ours never logs SQL.
    debug: false,
    allowGlobalContext: false,
  };

  if (config.databaseUrl !== null) {
    const orm = await MikroORM.init({
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: config.databaseUrl,
      pool: { min: 0, max: 10 },
    });
    return finish(
      'postgres',
      orm,
      async () => {},
      logger,
      async () => {
        const pool = await orm.em.getConnection().getNativeClient();
        return {
          sql: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }),
          prepared: async <Row>(name: string, text: string, values: readonly unknown[]) =>
            (await pool.query({ name, text, values: [...values] })).rows as Row[],
        };
      },
    );
  }

  const release = acquireDataDirLock(config.dataDir);
  try {
    const pglite = await PGlite.create(path.join(config.dataDir, 'pgdata'), {
      parsers: KEEP_DATES_AS_TEXT,
    });
    const orm = await MikroORM.init({
      ...common,
      driver: PostgreSqlDriver,
      dbName: 'postgres',
      driverOptions: new PGliteDialect(pglite),
    });
    return finish(
      'embedded',
      orm,
      async () => {
        await pglite.close();
        release();
      },
      logger,
    );
  } catch (error) {
    release();
    throw error;
  }
}

async function finish(
  kind: DatabaseKind,
  orm: MikroORM,
  closeStore: () => Promise<void>,
  logger: Logger,
  makeAccess: () => Promise<Pick<Database, 'sql' | 'prepared'>> = async () => {
    const sql = orm.em.fork().getKysely<unknown>();
    return {
      sql,
      prepared: async <Row>(_name: string, text: string, values: readonly unknown[]) =>
        (await sql.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows,
    };
  },
): Promise<Database> {
  try {
    const applied = await orm.migrator.up();
    logger.info('database ready', { kind, migrationsApplied: applied.length });
  } catch (error) {
    await orm.close(true);
    await closeStore();
    throw error;
  }
  let closed = false;
  return {
    kind,
    orm,
    ...(await makeAccess()),
    async isReachable() {
      try {
        await orm.em.getConnection().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await orm.close(true);
      await closeStore();
    },
  };
}
