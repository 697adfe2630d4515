import { PGlite, messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './prepared-statements.ts';

describe('prepared statements on PGlite', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(
      'create table probe (id int primary key, data bytea, parts int[], at timestamptz, label text)',
    );
  });
  afterAll(async () => {
    await db.close();
  });

  const preparedCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0]!.n;

  it('runs one statement many times with every kind of parameter, parsing it once', async () => {
    const statements = preparedStatements(db);
    const before = await preparedCount();
    const insert =
      'insert into probe (id, data, parts, at, label) values ($1, $2, $3, $4, $5) returning id, data, parts, label';
    for (let id = 1; id <= 5; id++) {
      const result = await statements.run(insert, [
        id,
        Buffer.from([id, 0, 255]),
        [id, 2],
        new Date('2026-11-23T10:00:00Z'),
        id === 3 ? null : `note ${id}`,
      ]);
      expect(result.affectedRows).toBe(1);
      expect(result.rows).toEqual([
        {
          id,
          data: new Uint8Array([id, 0, 255]),
          parts: [id, 2],
          label: id === 3 ? null : `note ${id}`,
        },
      ]);
    }
    expect(await preparedCount()).toBe(before + 1);
    const at = await statements.run('select at from probe where id = $1', [1]);
    expect(at.rows).toEqual([{ at: new Date('2026-11-23T10:00:00Z') }]);
  });

  it('carries text and bytes of any size exactly: multibyte characters, a 256 KiB part', async () => {
    const statements = preparedStatements(db);
    const insert = 'insert into probe (id, data, label) values ($1, $2, $3)';
    const values = [
      { id: 20, data: new Uint8Array(0), label: '' },
      { id: 21, data: new Uint8Array([0, 92, 120, 255]), label: 'ключ 🔑 é\\x00' },
      {
        id: 22,
        data: new Uint8Array(256 * 1024).map((_, index) => index % 251),
        label: 'é'.repeat(128 * 1024) + '🔑'.repeat(1024),
      },
    ];
    for (const { id, data, label } of values) await statements.run(insert, [id, data, label]);
    const stored = await db.query<{ id: number; data: Uint8Array; label: string }>(
      'select id, data, label from probe where id >= 20 order by id',
    );
    expect(stored.rows).toEqual(values);
    // Read back as the server reads it: the bytes in binary, each value its own copy.
    const read = await statements.run(
      'select id, data, label from probe where id >= $1 and id <= $2 order by id',
      [20, 22],
    );
    expect(read.rows).toEqual(values);
    const [first, second] = read.rows as { data: Uint8Array }[];
    expect(first!.data.buffer).not.toBe(second!.data.buffer);
    expect(second!.data.byteLength).toBe(second!.data.buffer.byteLength);
    await statements.run(insert, [23, null, null]);
    const nothing = await statements.run('select data, label from probe where id = $1', [23]);
    expect(nothing.rows).toEqual([{ data: null, label: null }]);
  });

  it('reads answers larger than its buffer, and calls that overlap, each whole', async () => {
    const statements = preparedStatements(db);
    const megabyte = (id: number) => new Uint8Array(1024 * 1024).fill(id);
    for (const id of [30, 31, 32]) {
      await statements.run('insert into probe (id, data) values ($1, $2)', [id, megabyte(id)]);
    }
    const select = 'select id, data from probe where id >= $1 and id <= $2 order by id';
    const [all, one, two] = await Promise.all([
      statements.run(select, [30, 32]),
      statements.run(select, [31, 31]),
      statements.run(select, [30, 31]),
    ]);
    expect(all!.rows).toEqual([30, 31, 32].map((id) => ({ id, data: megabyte(id) })));
    expect(one!.rows).toEqual([{ id: 31, data: megabyte(31) }]);
    expect(two!.rows).toEqual([30, 31].map((id) => ({ id, data: megabyte(id) })));
    expect((await statements.run(select, [32, 32])).rows).toEqual([{ id: 32, data: megabyte(32) }]);
  });

  it('keeps PostgreSQL’s error, and the statement works again afterwards', async () => {
    const statements = preparedStatements(db);
    const insert = 'insert into probe (id, label) values ($1, $2)';
    await statements.run(insert, [10, 'first']);
    const refused = statements.run(insert, [10, 'again']);
    await expect(refused).rejects.toBeInstanceOf(messages.DatabaseError);
    await expect(refused).rejects.toMatchObject({
      message: 'duplicate key value violates unique constraint "probe_pkey"',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (id)=(10) already exists.',
      table: 'probe',
      constraint: 'probe_pkey',
    });
    await expect(statements.run(insert, [11, 'next'])).resolves.toMatchObject({ affectedRows: 1 });
  });

  it('runs statements together as one transaction, each with its own rows and count', async () => {
    const statements = preparedStatements(db);
    const insert = 'insert into probe (id, label) values ($1, $2) returning txid_current() as txid';
    const results = await statements.runTogether([
      { sql: insert, params: [40, 'a'] },
      { sql: insert, params: [41, 'b'] },
      { sql: 'update probe set label = $1 where id >= $2 and id <= $3', params: ['c', 40, 41] },
      { sql: 'select id, label from probe where id = $1', params: [41] },
    ]);
    expect(results!.map((result) => result.affectedRows)).toEqual([1, 1, 2, 0]);
    const transactions = results!
      .slice(0, 2)
      .map((result) => (result.rows[0] as { txid: string }).txid);
    expect(new Set(transactions).size).toBe(1);
    expect(results![3]!.rows).toEqual([{ id: 41, label: 'c' }]);
    expect(db.isInTransaction()).toBe(false);
  });

  it('keeps none of the statements run together when PostgreSQL refuses one', async () => {
    const statements = preparedStatements(db);
    const insert = 'insert into probe (id, label) values ($1, $2)';
    await statements.run(insert, [50, 'already there']);
    const results = await statements.runTogether([
      { sql: insert, params: [51, 'first'] },
      { sql: insert, params: [50, 'taken'] },
      { sql: insert, params: [52, 'last'] },
    ]);
    expect(results).toBeNull();
    const kept = await db.query('select id, label from probe where id >= 50 and id < 60');
    expect(kept.rows).toEqual([{ id: 50, label: 'already there' }]);
    expect(db.isInTransaction()).toBe(false);
  });

  it('keeps at most its limit prepared, dropping the least recently used', async () => {
    const before = await preparedCount();
    const statements = preparedStatements(db, { max: 2 });
    const select = (column: string) => `select ${column} from probe where id = $1`;
    await statements.run(select('id'), [1]);
    await statements.run(select('label'), [1]);
    await statements.run(select('id'), [1]);
    await statements.run(select('parts'), [1]);
    expect(await preparedCount()).toBe(before + 2);
    const kept = await db.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time desc limit 2',
    );
    expect(kept.rows.map((row) => row.statement).sort()).toEqual(
      [select('id'), select('parts')].sort(),
    );
  });
});
