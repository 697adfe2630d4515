import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { openDatabase, type Database } from '../database.ts';
import { createTestStore, type TestStore } from '../../testing/test-server.ts';
import { ServerSecret } from '../server-secret.entity.ts';
import { clusterFolder } from './embedded-store.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './pglite-thread.ts';

interface ProbeDB {
  probe: { id: number; value: string };
}

describe('the PGlite dialect', () => {
  let store: TestStore;
  let embedded: EmbeddedDatabase;
  let db: Kysely<ProbeDB>;

  beforeAll(async () => {
    store = await createTestStore('embedded', { empty: true });
    embedded = await startEmbeddedDatabase(clusterFolder(store.env.DATA_DIR!));
    db = new Kysely<ProbeDB>({ dialect: new PGliteDialect(async () => embedded) });
    // Parameterless SQL goes through the simple protocol: several statements at once.
    await db.executeQuery(
      CompiledQuery.raw(
        'create table probe (id int primary key, value text); create index on probe (value)',
      ),
    );
  });
  afterAll(async () => {
    await db.destroy();
    await embedded.close();
    await store.drop();
  });

  it('runs parameterised statements and returns rows and counts', async () => {
    await db
      .insertInto('probe')
      .values([
        { id: 1, value: 'a' },
        { id: 2, value: 'b' },
      ])
      .execute();
    const updated = await db
      .updateTable('probe')
      .set({ value: 'c' })
      .where('id', '=', 2)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const deleted = await db.deleteFrom('probe').where('id', '=', 1).returning('value').execute();
    expect(deleted).toEqual([{ value: 'a' }]);
    expect(await db.selectFrom('probe').selectAll().execute()).toEqual([{ id: 2, value: 'c' }]);
  });

  it('commits and rolls back transactions, and nested ones through savepoints', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('probe').values({ id: 10, value: 'rolled back' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const trx = await db.startTransaction().execute();
    await trx.insertInto('probe').values({ id: 11, value: 'kept' }).execute();
    const nested = await trx.savepoint('inner').execute();
    await nested.insertInto('probe').values({ id: 12, value: 'undone' }).execute();
    await nested.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const ids = await db.selectFrom('probe').select('id').where('id', '>=', 10).execute();
    expect(ids).toEqual([{ id: 11 }]);
  });

  it('gives its one connection to one holder at a time: a transaction is never interleaved', async () => {
    const order: string[] = [];
    const first = db.transaction().execute(async (trx) => {
      order.push('first begins');
      await trx.insertInto('probe').values({ id: 20, value: 'first' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('first commits');
    });
    const second = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.insertInto('probe').values({ id: 21, value: 'second' }).execute();
      order.push('second ran');
    })();
    await Promise.all([first, second]);
    expect(order).toEqual(['first begins', 'first commits', 'second ran']);
  });

  it('commits statements that arrive together in one transaction, answering each', async () => {
    const inserted = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db
          .insertInto('probe')
          .values({ id: 100 + index, value: sql<string>`txid_current()::text` })
          .returning('value')
          .executeTakeFirstOrThrow(),
      ),
    );
    const transactions = new Set(inserted.map((row) => row.value));
    // One flush for many: without grouping each statement is its own transaction.
    expect(transactions.size).toBeLessThan(5);
    const count = await db
      .selectFrom('probe')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>=', 100)
      .where('id', '<', 120)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(20);
  });

  it('fails only the failing statement of a group; the others are kept', async () => {
    const results = await Promise.allSettled(
      [130, 131, 130, 132].map((id) =>
        db
          .insertInto('probe')
          .values({ id, value: `group ${id}` })
          .execute(),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    const kept = await db
      .selectFrom('probe')
      .select('id')
      .where('id', '>=', 130)
      .where('id', '<', 140)
      .orderBy('id')
      .execute();
    expect(kept).toEqual([{ id: 130 }, { id: 131 }, { id: 132 }]);
  });

  it('never lets a statement from outside join an open transaction', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('probe').values({ id: 140, value: 'rolled back' }).execute();
    let outsideDone = false;
    const outside = db
      .insertInto('probe')
      .values({ id: 141, value: 'outside' })
      .execute()
      .then(() => (outsideDone = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(outsideDone).toBe(false);
    await trx.rollback().execute();
    await outside;
    const ids = await db.selectFrom('probe').select('id').where('id', 'in', [140, 141]).execute();
    expect(ids).toEqual([{ id: 141 }]);
  });

  it('keeps PostgreSQL’s error code, so callers can tell what failed', async () => {
    const error = await db
      .insertInto('probe')
      .values({ id: 2, value: 'duplicate' })
      .execute()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
  });

  it('says so clearly once its thread is gone', async () => {
    const other = await createTestStore('embedded', { empty: true });
    const gone = await startEmbeddedDatabase(clusterFolder(other.env.DATA_DIR!));
    await gone.close();
    await other.drop();
    await expect(gone.query('select 1', [])).rejects.toThrow(/embedded database thread stopped/);
  });
});

describe('MikroORM on the embedded database', () => {
  let database: Database;
  let store: TestStore;

  beforeAll(async () => {
    store = await createTestStore('embedded');
    database = await openDatabase(loadConfig(store.env), createLogger('silent'));
  });
  afterAll(async () => {
    await database.close();
    await store.drop();
  });

  it('maps a duplicate key to the ORM’s own exception, as on PostgreSQL', async () => {
    const em = database.em();
    await em.insert(ServerSecret, { name: 'probe', value: new Uint8Array([1]) });
    await expect(
      em.insert(ServerSecret, { name: 'probe', value: new Uint8Array([2]) }),
    ).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });

  it('runs nested transactions of the entity manager', async () => {
    const em = database.em();
    await em.transactional(async (outer) => {
      await outer.insert(ServerSecret, { name: 'outer', value: new Uint8Array([1]) });
      await outer
        .transactional(async (inner) => {
          await inner.insert(ServerSecret, { name: 'inner', value: new Uint8Array([2]) });
          throw new Error('undo the inner one');
        })
        .catch(() => {});
    });
    const names = await database.sql
      .selectFrom('server_secret')
      .select('name')
      .where('name', 'in', ['outer', 'inner'])
      .execute();
    expect(names).toEqual([{ name: 'outer' }]);
    expect(await sql<{ one: number }>`select 1 as one`.execute(database.sql)).toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});
