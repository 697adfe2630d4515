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
import type { EmbeddedDatabase } from './pglite-thread.ts';

/**
 * Runs Kysely (and so MikroORM) on the embedded PGlite (on its own thread, see pglite-thread.ts).
 * PGlite is one Postgres backend: a transaction has it to itself from BEGIN to COMMIT, and
 * statements from elsewhere wait until it ends. Statements outside transactions are sent at
 * once, without waiting for each other, so the database thread can commit those that arrive
 * together in one disk flush (group commit, see pglite-worker.ts).
 *
 * MikroORM inlines parameters into its SQL and sends whole scripts in migrations, so a query
 * without parameters goes through `exec()` (simple protocol, several statements allowed);
 * parameterised queries (ours, through `em.getKysely()`) use the extended protocol.
 */
export class PGliteDialect implements Dialect {
  readonly #open: () => Promise<EmbeddedDatabase>;

  /**
   * `open` is called once, before the first statement, so MikroORM can be set up (its entity
   * discovery took 40-80 ms of a start here) while the database is still opening.
   */
  constructor(open: () => Promise<EmbeddedDatabase>) {
    this.#open = open;
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#open);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #open: () => Promise<EmbeddedDatabase>;
  /** Set by init(), which Kysely awaits before it asks for the first connection. */
  #db!: EmbeddedDatabase;
  /** Settles when the open (or opening) transaction ends; null while there is none. */
  #transaction: Promise<void> | null = null;

  constructor(open: () => Promise<EmbeddedDatabase>) {
    this.#open = open;
  }

  async init() {
    this.#db = await this.#open();
  }

  /**
   * The open transaction, for statements outside it to wait on. They must check it again after
   * each wait and send with no await between the check and the send, or one could slip into a
   * transaction opened meanwhile.
   */
  get transaction(): Promise<void> | null {
    return this.#transaction;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.#db, this);
  }

  async releaseConnection() {}

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    while (this.#transaction) await this.#transaction;
    let ended!: () => void;
    this.#transaction = new Promise<void>((resolve) => (ended = resolve));
    const holder = connection as PGliteConnection;
    holder.endTransaction = () => {
      holder.endTransaction = null;
      this.#transaction = null;
      ended();
    };
    try {
      await holder.run(`begin${isolation}`);
    } catch (error) {
      holder.endTransaction();
      throw error;
    }
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).finish('commit');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).finish('rollback');
  }
  // Savepoints carry MikroORM's nested transactions (a transactional() inside another).
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

/** One caller's use of the database: a single statement, or a transaction from BEGIN to its end. */
class PGliteConnection implements DatabaseConnection {
  readonly #db: EmbeddedDatabase;
  readonly #driver: PGliteDriver;
  /** Set while this connection holds a transaction; ends it and lets others in. */
  endTransaction: (() => void) | null = null;

  constructor(db: EmbeddedDatabase, driver: PGliteDriver) {
    this.#db = db;
    this.#driver = driver;
  }

  /** Opens, ends or marks a point in a transaction: in order with its statements. */
  async run(sql: string) {
    await this.#db.exec(sql, { inTransaction: true });
  }

  async finish(sql: 'commit' | 'rollback') {
    try {
      await this.run(sql);
    } finally {
      this.endTransaction?.();
    }
  }

  async executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    const inTransaction = this.endTransaction !== null;
    if (!inTransaction) while (this.#driver.transaction) await this.#driver.transaction;
    const result =
      compiled.parameters.length === 0
        ? await this.#db.exec<Row>(compiled.sql, { inTransaction })
        : await this.#db.query<Row>(compiled.sql, compiled.parameters, { inTransaction });
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
