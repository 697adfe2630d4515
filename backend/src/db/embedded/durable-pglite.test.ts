import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../testing/test-server.ts';
import {
  EMBEDDED_SHARED_BUFFERS,
  openDurablePGlite,
  type DurablePGlite,
} from './durable-pglite.ts';
import { clusterFolder } from './embedded-store.ts';

describe('durable PGlite', () => {
  let store: TestStore;
  let folder: string;
  let pglite: DurablePGlite;

  beforeAll(async () => {
    store = await createTestStore('embedded', { empty: true });
    folder = store.env.DATA_DIR!;
    pglite = await openDurablePGlite(clusterFolder(folder));
  });
  afterAll(async () => {
    await pglite.close();
    await store.drop();
  });

  it('runs with a small buffer cache, so the server fits its memory budget', async () => {
    const { rows } = await pglite.db.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0]!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
  });

  it('starts new WAL files without writing them full of zeros first', async () => {
    await pglite.db.exec('create table wal_probe (value text)');
    await pglite.db.exec('select pg_switch_wal()');
    await pglite.db.query('insert into wal_probe values ($1)', ['x']);
    await pglite.durable();
    const walFolder = path.join(clusterFolder(folder), 'pg_wal');
    const segments = fs
      .readdirSync(walFolder)
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .sort();
    const newest = fs.statSync(path.join(walFolder, segments.at(-1)!));
    // Zero-filled, all 16 MB would be allocated on disk; here only what was written is.
    expect(newest.size).toBe(16 * 1024 * 1024);
    expect(newest.blocks * 512).toBeLessThan(newest.size / 4);
  });

  it('still stores and returns values many times larger than the cache', async () => {
    // Random, so compression cannot shrink it below the cache: 32 MB of base64.
    const large = crypto.randomBytes(24 * 1024 * 1024).toString('base64');
    await pglite.db.exec('create table big (id int primary key, value text)');
    await pglite.db.query('insert into big values (1, $1)', [large]);
    await pglite.durable();
    const { rows } = await pglite.db.query<{ value: string }>('select value from big where id = 1');
    expect(rows[0]!.value).toBe(large);
  });
});
