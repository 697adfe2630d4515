import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore } from '../testing/test-server.ts';
import { openDatabase } from './database.ts';
import { DataDirInUseError, acquireDataDirLock } from './embedded/data-dir-lock.ts';
import { openEmbeddedStore } from './embedded/embedded-store.ts';
import { pendingMigrations } from './migrate.ts';
import { migrations } from './migrations/index.ts';

const silent = createLogger('silent');

describe.each(TEST_DATABASES)('database on %s', (kind) => {
  it('runs migrations at start and keeps data across restarts', async () => {
    const store = await createTestStore(kind, { empty: true });
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

  it('knows from the migrations table alone whether a migration is pending', async () => {
    const store = await createTestStore(kind);
    const database = await openDatabase(loadConfig(store.env), silent);
    try {
      const connection = database.orm.em.getConnection();
      expect(await pendingMigrations(database.orm)).toEqual([]);
      // A data directory from before the newest migration.
      await connection.execute(
        `delete from mikro_orm_migrations where name = '${migrations.at(-1)!.name}'`,
      );
      expect(await pendingMigrations(database.orm)).toEqual([migrations.at(-1)]);
      // One from before any.
      await connection.execute('drop table mikro_orm_migrations');
      expect(await pendingMigrations(database.orm)).toEqual(migrations);
    } finally {
      await database.close();
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

describe.runIf(TEST_DATABASES.includes('postgres'))('one PostgreSQL for several instances', () => {
  it('comes up on every instance started at once on a new database, migrated once', async () => {
    const store = await createTestStore('postgres', { empty: true });
    const config = loadConfig(store.env);
    const opened = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase(config, silent)));
    try {
      expect(opened.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
      const [first] = opened as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>[];
      const recorded = await first!.value.orm.em
        .getConnection()
        .execute<{ n: number }[]>('select count(*)::int as n from mikro_orm_migrations');
      expect(recorded[0]?.n).toBe(migrations.length);
    } finally {
      for (const result of opened) {
        if (result.status === 'fulfilled') await result.value.close();
      }
      await store.drop();
    }
  });
});

describe('embedded database', () => {
  it('refuses a second server on the same data directory with a clear message', async () => {
    const store = await createTestStore('embedded');
    const dataDir = store.env.DATA_DIR!;
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
    await store.drop();
  });

  it('serves from a store opened beforehand (as npm start does) and releases it on close', async () => {
    const store = await createTestStore('embedded');
    const dataDir = store.env.DATA_DIR!;
    const config = loadConfig({ DATA_DIR: dataDir });
    const opening = openEmbeddedStore(dataDir);
    await opening;
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(DataDirInUseError);
    const database = await openDatabase(config, silent, opening);
    expect(await database.isReachable()).toBe(true);
    await database.close();
    const again = await openDatabase(config, silent);
    await again.close();
    await store.drop();
  });

  it('fails with the store’s own error when it could not open', async () => {
    const store = await createTestStore('embedded');
    const dataDir = store.env.DATA_DIR!;
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await openDatabase(config, silent);
    try {
      await expect(openDatabase(config, silent, openEmbeddedStore(dataDir))).rejects.toThrow(
        DataDirInUseError,
      );
    } finally {
      await first.close();
    }
    await store.drop();
  });

  it('takes over the lock of a server that was killed, even when its pid lives on elsewhere', async () => {
    const store = await createTestStore('embedded');
    const dataDir = store.env.DATA_DIR!;
    // A real server process takes the lock and dies without releasing it (kill -9).
    const lockModule = new URL('./embedded/data-dir-lock.ts', import.meta.url).href;
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
         await acquireDataDirLock(${JSON.stringify(dataDir)});
         process.stdout.write('locked\\n');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      new RegExp(`in use by another Ashnote server \\(process ${holder.pid}\\)`),
    );
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // The dead owner's pid now names a live process (pid reuse): the lock must still be free.
    fs.writeFileSync(path.join(dataDir, 'ashnote.lock'), String(process.pid));
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), silent);
    await database.close();
    await store.drop();
  });

  it('keeps its folder and files private to their owner', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-modes-')), 'data');
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), silent);
    await database.orm.em
      .getConnection()
      .execute("create table probe (value text); insert into probe values ('x'); checkpoint");
    await database.close();
    const modes = (folder: string): string[] =>
      fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        const mode = (fs.statSync(full).mode & 0o777).toString(8);
        return entry.isDirectory() ? [`d${mode}`, ...modes(full)] : entry.isFile() ? [mode] : [];
      });
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    expect(new Set(modes(dataDir))).toEqual(new Set(['d700', '600']));
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('writes durably: fsync on, the WAL synced through a call that reaches the disk', async () => {
    const store = await createTestStore('embedded');
    const dataDir = store.env.DATA_DIR!;
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), silent);
    try {
      const [settings] = await database.orm.em
        .getConnection()
        .execute<{ fsync: string; method: string }[]>(
          "select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method",
        );
      expect(settings).toEqual({ fsync: 'on', method: 'fsync' });
    } finally {
      await database.close();
      await store.drop();
    }
  });
});
