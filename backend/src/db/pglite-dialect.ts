import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Kysely,
} from 'kysely';

/**
 * Runs Kysely (and so MikroORM) on an in-process PGlite. PGlite is one Postgres backend, so
 * the driver hands out its single connection to one holder at a time: a transaction keeps it
 * from BEGIN to COMMIT, everything else queues behind it.
 *
 * MikroORM inlines parameters into its SQL and sends whole scripts in migrations, so a query
 * without parameters goes through `exec()` (simple protocol, several statements allowed);
 * parameterised queries (ours, through `em.getKysely()`) use the extended protocol.
 */
export class PGliteDialect implements Dialect {
  readonly #db: PGlite;

  constructor(db: PGlite) {
    this.#db = db;
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#db);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();

  constructor(db: PGlite) {
    this.#connection = new PGliteConnection(db);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#connection.release = release;
    return this.#connection;
  }

  async releaseConnection() {
    this.#connection.release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await (connection as PGliteConnection).run(`begin${isolation}`);
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).run('commit');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).run('rollback');
  }
  // Savepoints carry MikroORM's nested transactions (its migrator opens one per migration).
  async savepoint(connection: DatabaseConnection, name: string) {
    await (connection as PGliteConnection).run(`savepoint ${quoteIdentifier(name)}`);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await (connection as PGliteConnection).run(`rollback to savepoint ${quoteIdentifier(name)}`);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await (connection as PGliteConnection).run(`release savepoint ${quoteIdentifier(name)}`);
  }

  async destroy() {}
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class PGliteConnection implements DatabaseConnection {
  readonly #db: PGlite;
  release: () => void = () => {};

  constructor(db: PGlite) {
    this.#db = db;
  }

  async run(sql: string) {
    await this.#db.exec(sql);
  }

  async executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    if (compiled.parameters.length === 0) {
      const results = await this.#db.exec(compiled.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as Row[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    const result = await this.#db.query<Row>(compiled.sql, [...compiled.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}
