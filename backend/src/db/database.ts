import { MikroORM, PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import type { InferKyselyDB } from '@mikro-orm/sql';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type ColumnType,
  type Compilable,
  type InferResult,
} from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { openEmbeddedStore, type EmbeddedStore } from './embedded/embedded-store.ts';
import { PGliteDialect } from './embedded/pglite-dialect.ts';
import { entities } from './entities.ts';
import { migrate, pendingMigrations } from './migrate.ts';

export type DatabaseKind = 'postgres' | 'embedded';

type DateAsText<T> = T extends Date ? string : T;
/**
 * A timestamp column as the driver really returns it: text (MikroORM's pg driver, and the
 * embedded database to match, leave dates unparsed), while Date is fine to write.
 */
type TimestampAsText<T> = [T] extends [ColumnType<infer Select, infer Insert, infer Update>]
  ? ColumnType<DateAsText<Select>, Insert | DateAsText<Insert>, Update | DateAsText<Update>>
  : Date extends T
    ? ColumnType<DateAsText<T>, T | DateAsText<T>, T | DateAsText<T>>
    : T;
type EntityTables = InferKyselyDB<(typeof entities)[number]>;

/** Every table and column as Kysely sees them, inferred from the entities (never by hand). */
export type DB = {
  [Table in keyof EntityTables]: {
    [Column in keyof EntityTables[Table]]: TimestampAsText<EntityTables[Table][Column]>;
  };
};

/** Runs a statement prepared by `database.prepare` with its named arguments. */
export type PreparedQuery<Args, Row> = (args: Args) => Promise<Row[]>;

/** Inside a query built once, stands for the value of a named argument given at each run. */
export type Arg<Args> = <Key extends keyof Args & string>(key: Key) => Args[Key];

export interface Database {
  kind: DatabaseKind;
  orm: MikroORM;
  /**
   * A fresh entity manager (identity map, unit of work) for one piece of work: each caller's
   * reads and writes are self-contained. There is deliberately no per-request one found through
   * AsyncLocalStorage: on Node 22 that puts a hook on every promise in the process, which cost
   * about a tenth of the notes path's throughput in the benchmark.
   */
  em(): EntityManager;
  /**
   * Typed SQL (tables and columns from the entities) for what must be one atomic statement
   * (read-and-destroy, seat-taking, counters) or is on the hot path. MikroORM 7.2.1's query
   * builder drops RETURNING on delete, so those are written here. On PostgreSQL it runs straight
   * on MikroORM's own connection pool, skipping the ORM's per-query bookkeeping (a quarter of a
   * note read's cost); on the embedded database it goes through MikroORM, whose driver owns the
   * single PGlite connection and its transactions.
   */
  sql: Kysely<DB>;
  /**
   * One of the hottest statements, built once with the typed query builder: `arg(name)` stands
   * for a value given at each run. On PostgreSQL it becomes a named prepared statement, parsed
   * and planned once per connection, which halves the cost of a note read; on the embedded
   * database it is an ordinary query on the single connection.
   */
  prepare<Args, Query extends Compilable<unknown>>(
    name: string,
    build: (db: Kysely<DB>, arg: Arg<Args>) => Query,
  ): PreparedQuery<Args, InferResult<Query>[number]>;
  /** True when a trivial query succeeds; used by /api/health. */
  isReachable(): Promise<boolean>;
  /**
   * Whether this server can use the database: reachable, with every migration it knows
   * applied (a newer version's extra migrations are fine). Used by /readyz.
   */
  readiness(): Promise<'ready' | 'unreachable' | 'migrations_pending'>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one; null embedded. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Makes deleted rows' space reusable now rather than whenever autovacuum (PostgreSQL; the
   * embedded database has none) gets to it: VACUUM of `tables`, then on the embedded database a
   * CHECKPOINT, after which its older WAL files are recycled.
   */
  reclaim(tables: readonly (keyof DB & string)[]): Promise<void>;
  close(): Promise<void>;
}

/** Stands for a named argument inside a query built once (see `prepare`). */
class Argument {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/**
 * Compiles a query with named arguments once; returns its SQL and how to lay out each run's
 * values in parameter order (arguments by name, anything else as built).
 */
function compileWithArguments<Args>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, arg: Arg<Args>) => Compilable<unknown>,
): { sql: string; values: (args: Args) => unknown[] } {
  const compiled = build(db, ((key: string) => new Argument(key)) as Arg<Args>).compile();
  const parameters = compiled.parameters;
  return {
    sql: compiled.sql,
    values: (args) =>
      parameters.map((parameter) =>
        parameter instanceof Argument
          ? (args as Record<string, unknown>)[parameter.name]
          : parameter,
      ),
  };
}

/** Told how long each run of a prepared statement took (for the metrics). */
export type StatementTimer = (name: string, ms: number) => void;

/** A prepared statement that reports each run's duration. */
function timed<Args, Row>(
  name: string,
  run: PreparedQuery<Args, Row>,
  onStatement: StatementTimer | undefined,
): PreparedQuery<Args, Row> {
  if (onStatement === undefined) return run;
  return async (args) => {
    const started = performance.now();
    try {
      return await run(args);
    } finally {
      onStatement(name, performance.now() - started);
    }
  };
}

export interface OpenOptions {
  /**
   * Whether to bring the schema up to date (default). The backup and restore commands open a
   * database without: a backup must not change what it copies, and a restore builds the schema
   * of the backup's own version before it loads the rows (db/backup/).
   */
  migrate?: boolean;
}

/**
 * Opens PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR (or
 * `embeddedStore`, already opening it). Both speak the same SQL, so one set of migrations (run
 * here, at every start) serves both.
 */
export async function openDatabase(
  config: AppConfig,
  logger: Logger,
  embeddedStore?: Promise<EmbeddedStore>,
  onStatement?: StatementTimer,
  { migrate = true }: OpenOptions = {},
): Promise<Database> {
  const common = {
    entities: [...entities],
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
      migrate,
      async () => {
        const pool = await orm.em.getConnection().getNativeClient();
        const sql = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
        return {
          sql,
          prepare: (name, build) => {
            const { sql: text, values } = compileWithArguments(sql, build);
            return timed(
              name,
              async (args) => (await pool.query({ name, text, values: values(args) })).rows,
              onStatement,
            );
          },
          poolStats: () => ({
            total: pool.totalCount,
            idle: pool.idleCount,
            waiting: pool.waitingCount,
          }),
        };
      },
    );
  }

  // MikroORM's entity discovery needs no connection: it runs while the database opens (on its
  // own thread), off a start's critical path.
  const opening = embeddedStore ?? openEmbeddedStore(config.dataDir);
  const initializing = MikroORM.init({
    ...common,
    driver: PostgreSqlDriver,
    dbName: 'postgres',
    driverOptions: new PGliteDialect(async () => (await opening).database),
  });
  let store: EmbeddedStore;
  let orm: MikroORM;
  try {
    [store, orm] = await Promise.all([opening, initializing]);
  } catch (error) {
    // The ORM has connected to nothing, so only an opened store needs closing.
    await opening.then(
      (opened) => opened.close(),
      () => {},
    );
    throw error;
  }
  return finish('embedded', orm, store.close, logger, migrate, async () => {
    const sql = orm.em.fork().getKysely<DB>();
    return {
      sql,
      prepare: (name, build) => {
        const { sql: text, values } = compileWithArguments(sql, build);
        return timed(
          name,
          async (args) =>
            (await sql.executeQuery(CompiledQuery.raw(text, values(args)))).rows as never[],
          onStatement,
        );
      },
      poolStats: () => null,
    };
  });
}

async function finish(
  kind: DatabaseKind,
  orm: MikroORM,
  closeStore: () => Promise<void>,
  logger: Logger,
  runMigrations: boolean,
  makeAccess: () => Promise<Pick<Database, 'sql' | 'prepare' | 'poolStats'>>,
): Promise<Database> {
  try {
    const applied = runMigrations ? await migrate(orm, kind) : [];
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
    em: () => orm.em.fork(),
    ...(await makeAccess()),
    async reclaim(tables) {
      const connection = orm.em.getConnection();
      // VACUUM refuses to run inside a transaction, so one plain statement at a time.
      const names = tables.map((table) => `"${table}"`).join(', ');
      if (kind === 'postgres') {
        await connection.execute(`vacuum (skip_locked) ${names}`);
      } else {
        await connection.execute(`vacuum ${names}`);
        await connection.execute('checkpoint');
      }
    },
    async isReachable() {
      try {
        await orm.em.getConnection().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async readiness() {
      try {
        return (await pendingMigrations(orm)).length > 0 ? 'migrations_pending' : 'ready';
      } catch {
        return 'unreachable';
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
