import type { MikroORM } from '@mikro-orm/postgresql';
import { migrations } from './migrations/index.ts';

/**
 * The schema migrations and the little that runs them. Ours rather than @mikro-orm/migrations:
 * that package is published only at 7.2.1 and requires exactly @mikro-orm/core 7.2.1, so it
 * held every MikroORM upgrade back, and all we used of it was "run these statements once, in
 * order, and record each". Applied migrations are recorded in `mikro_orm_migrations`, the
 * table its migrator kept, so databases it migrated carry on.
 */

/** Runs one statement of a migration, with `?` placeholders for `params`. */
export type RunStatement = (sql: string, params?: readonly unknown[]) => Promise<void>;

export interface SchemaMigration {
  /** Recorded once applied; never renamed. */
  name: string;
  up(run: RunStatement): Promise<void>;
}

const RECORDS = `create table if not exists mikro_orm_migrations (
  id serial primary key,
  name varchar(255),
  executed_at timestamptz default current_timestamp
)`;

/** The migrations this version has that the database has not recorded as applied. */
export async function pendingMigrations(orm: MikroORM): Promise<SchemaMigration[]> {
  const connection = orm.em.getConnection();
  const [table] = await connection.execute<{ exists: boolean }[]>(
    "select to_regclass('mikro_orm_migrations') is not null as exists",
  );
  if (!table?.exists) return migrations;
  const rows = await connection.execute<{ name: string }[]>(
    'select name from mikro_orm_migrations',
  );
  const applied = new Set(rows.map((row) => row.name));
  return migrations.filter((migration) => !applied.has(migration.name));
}

/**
 * Applies the pending migrations, all in one transaction: a database is migrated entirely or
 * not at all. On PostgreSQL the transaction first takes an advisory lock: instances started
 * together on one new database (compose starts two) would otherwise each run the migrations,
 * and all but one fail on tables the first just made; the others wait for the first to commit
 * and then find nothing to do. Returns the names of the migrations applied.
 */
export async function migrate(
  orm: MikroORM,
  kind: 'postgres' | 'embedded',
  /** The last migration to apply (a restore rebuilds a backup's schema first); all by default. */
  { to }: { to?: string } = {},
): Promise<string[]> {
  if ((await pendingMigrations(orm)).length === 0) return [];
  const connection = orm.em.getConnection();
  return connection.transactional(async (trx) => {
    const run: RunStatement = async (sql, params = []) => {
      await connection.execute(sql, [...params], 'run', trx);
    };
    if (kind === 'postgres') {
      await run("select pg_advisory_xact_lock(hashtext('ashnote.migrations'))");
    }
    await run(RECORDS);
    const applied: string[] = [];
    // Read again under the lock: another instance may have applied them meanwhile.
    const recorded = new Set(
      (
        await connection.execute<{ name: string }[]>(
          'select name from mikro_orm_migrations',
          [],
          'all',
          trx,
        )
      ).map((row) => row.name),
    );
    const last =
      to === undefined ? migrations.length - 1 : migrations.findIndex((m) => m.name === to);
    if (last === -1) throw new Error(`No migration is named ${to}`);
    for (const migration of migrations.slice(0, last + 1)) {
      if (recorded.has(migration.name)) continue;
      await migration.up(run);
      await run('insert into mikro_orm_migrations (name) values (?)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
