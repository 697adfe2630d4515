import { sql, type Kysely, type Transaction } from 'kysely';
import type { BackupLines, BackupRecord } from './backup-file.ts';

/**
 * A logical snapshot of the embedded database: every row of every table, read in one
 * transaction, and its loading into a new database.
 *
 * Why rows rather than PGlite's own `dumpDataDir()` (a tarball of the cluster's files):
 * - A copy of the files holds what the database no longer shows: rows of read and expired notes
 *   that VACUUM has not yet reclaimed, and the WAL's copy of every recent write. A read note
 *   must not come back, not even as ciphertext in a backup; rows hold only what is live.
 * - Files are tied to the PostgreSQL version PGlite compiles; rows are restored into whatever
 *   schema this release builds (up to the backup's migrations, then the newer ones).
 * - Rows stream through a cursor into the file, a few at a time; `dumpDataDir()` builds the
 *   whole tarball in memory, and it needs a hook on the database's own thread.
 * Consistency: it is one REPEATABLE READ transaction. The embedded database is a single
 * PostgreSQL backend whose transaction has it to itself (see pglite-dialect.ts), so while the
 * snapshot is read, the server's statements wait: a note read or created meanwhile is either
 * wholly before the snapshot or wholly after it. The pause lasts as long as the reading does
 * (docs/operations.md, "Backups and restore", gives a figure).
 */

/** The migrator's own table: a restore rebuilds it by running the migrations. */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
/** Rows fetched from the cursor at a time: a note's part holds up to 1 MiB of ciphertext. */
const FETCH_ROWS = 32;
/** A restore inserts rows in batches of about this much JSON. */
const INSERT_BATCH_BYTES = 4 * 1024 * 1024;

// The schema's tables are whatever its migrations made, so these queries are untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTransaction = Transaction<any>;

async function appliedMigrations(trx: AnyTransaction): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.table(MIGRATIONS_TABLE)} order by id`.execute(trx);
  return rows.map((row) => row.name);
}

/** The public schema's tables (the migrator's aside) and their columns in order. */
async function tablesOf(trx: AnyTransaction): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.relname as table, a.attname as column
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind = 'r' and c.relname <> ${MIGRATIONS_TABLE}
    order by c.relname, a.attnum`.execute(trx);
  const tables = new Map<string, string[]>();
  for (const { table, column } of rows) {
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  return tables;
}

async function sequencesOf(
  trx: AnyTransaction,
): Promise<{ sequence: string; value: string | null }[]> {
  const { rows } = await sql<{ sequence: string; value: string | null }>`
    select sequencename as sequence, last_value::text as value from pg_sequences
    where schemaname = 'public' and sequencename not like ${`${MIGRATIONS_TABLE}%`}
    order by sequencename`.execute(trx);
  return rows;
}

/** Writes every row of every table, as one consistent snapshot, to `lines`. */
export async function exportSnapshot(db: AnyDatabase, lines: BackupLines): Promise<void> {
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      await lines.header(await appliedMigrations(trx));
      for (const [table, columns] of await tablesOf(trx)) {
        await lines.table(table, columns);
        await sql`declare backup_rows no scroll cursor for
          select row_to_json(t)::text as json from ${sql.table(table)} t`.execute(trx);
        for (;;) {
          const { rows } = await sql<{ json: string }>`
            fetch forward ${sql.raw(String(FETCH_ROWS))} from backup_rows`.execute(trx);
          for (const row of rows) await lines.row(row.json);
          if (rows.length < FETCH_ROWS) break;
        }
        await sql`close backup_rows`.execute(trx);
      }
      for (const { sequence, value } of await sequencesOf(trx)) {
        await lines.sequence(sequence, value);
      }
      await lines.end();
    });
}

/** A backup that does not fit the schema built for it; the message is one line to print. */
export class SnapshotMismatchError extends Error {
  override readonly name = 'SnapshotMismatchError';
}

/**
 * Loads a backup's rows into a database whose schema is at the backup's migrations, in one
 * transaction: all of them or, on any failure, none. Tables are emptied first (a migration may
 * have seeded one) and loaded without firing triggers or checking foreign keys, as pg_restore
 * does: the rows come from one consistent snapshot. Sequences continue where they were.
 */
export async function importSnapshot(
  db: AnyDatabase,
  records: AsyncIterable<BackupRecord>,
): Promise<{ tables: number; rows: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    const schema = await tablesOf(trx);
    const loaded = new Set<string>();
    let batch: string[] = [];
    let batchBytes = 0;
    let table: string | null = null;
    let rows = 0;
    const flush = async () => {
      if (batch.length === 0 || table === null) return;
      const json = `[${batch.join(',')}]`;
      batch = [];
      batchBytes = 0;
      await sql`insert into ${sql.table(table)} overriding system value
        select * from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
        trx,
      );
    };
    for await (const record of records) {
      switch (record.kind) {
        case 'header':
          break;
        case 'table': {
          await flush();
          const columns = schema.get(record.table);
          if (columns === undefined || columns.join() !== record.columns.join()) {
            throw new SnapshotMismatchError(
              `The backup's table ${record.table} does not match the schema of its migrations.`,
            );
          }
          table = record.table;
          loaded.add(table);
          await sql`delete from ${sql.table(table)}`.execute(trx);
          break;
        }
        case 'row':
          batch.push(record.json);
          batchBytes += record.json.length;
          rows++;
          if (batchBytes >= INSERT_BATCH_BYTES) await flush();
          break;
        case 'sequence':
          await flush();
          if (record.value !== null) {
            await sql`select setval(${record.sequence}, ${record.value}::bigint)`.execute(trx);
          }
          break;
        case 'end': {
          await flush();
          const missing = [...schema.keys()].filter((name) => !loaded.has(name));
          if (missing.length > 0) {
            throw new SnapshotMismatchError(
              `The backup lacks the table${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that its migrations make.`,
            );
          }
          return { tables: loaded.size, rows };
        }
        default:
          throw new Error(`unexpected record ${String(record satisfies never as unknown)}`);
      }
    }
    throw new SnapshotMismatchError('The backup ended before its last record.');
  });
}
