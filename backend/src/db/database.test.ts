import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore } from '../testing/test-server.ts';
import { openDatabase } from './database.ts';
import { DataDirInUseError } from './embedded-lock.ts';

const silent = createLogger('silent');

describe.each(TEST_DATABASES)('database on %s', (kind) => {
  it('runs migrations at start and keeps data across restarts', async () => {
    const store = await createTestStore(kind);
    try {
      const config = loadConfig(store.env);
      const first = await openDatabase(config, silent);
      const connection = first.orm.em.getConnection();
      const tables = await connection.execute<{ n: number }[]>(
        "select count(*)::int as n from information_schema.tables where table_name = 'mikro_orm_migrations'",
      );
      expect(tables[0]?.n).toBe(1);
      await connection.execute('create table restart_probe (value text)');
      await connection.execute("insert into restart_probe values ('kept')");
      await first.close();

      const second = await openDatabase(config, silent);
      const rows = await second.orm.em
        .getConnection()
        .execute<{ value: string }[]>('select value from restart_probe');
      expect(rows).toEqual([{ value: 'kept' }]);
      await second.close();
    } finally {
      await store.drop();
    }
  });

  it('runs parameterised Kysely queries and transactions', async () => {
    const store = await createTestStore(kind);
    const database = await openDatabase(loadConfig(store.env), silent);
    try {
      const em = database.orm.em.fork();
      await em.getConnection().execute('create table probe (id int primary key, value text)');
      const kysely = em.getKysely<{ probe: { id: number; value: string } }>();
      await kysely.insertInto('probe').values({ id: 1, value: 'a' }).execute();
      await expect(
        kysely.transaction().execute(async (trx) => {
          await trx.insertInto('probe').values({ id: 2, value: 'b' }).execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const deleted = await kysely
        .deleteFrom('probe')
        .where('id', '=', 1)
        .returning('value')
        .execute();
      expect(deleted).toEqual([{ value: 'a' }]);
      expect(await kysely.selectFrom('probe').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
      await store.drop();
    }
  });
});

describe('embedded database', () => {
  it('refuses a second server on the same data directory with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-lock-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await openDatabase(config, silent);
    try {
      await expect(openDatabase(config, silent)).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase(config, silent)).rejects.toThrow(/already in use .*set DATA_DIR/);
    } finally {
      await first.close();
    }
    const again = await openDatabase(config, silent);
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-stale-'));
    fs.writeFileSync(path.join(dataDir, 'ashnote.lock'), '999999');
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), silent);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
