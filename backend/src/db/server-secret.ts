import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * A random secret stored once in the database, so every instance derives the same values
 * from it (e.g. rate-limit buckets) without any of them being configured by hand.
 */
export async function loadServerSecret(db: Kysely<unknown>, name: string): Promise<Buffer> {
  await sql`insert into server_secret (name, value) values (${name}, ${crypto.randomBytes(32)})
            on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{
    value: Uint8Array;
  }>`select value from server_secret where name = ${name}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`server secret ${name} is missing`);
  return Buffer.from(row.value);
}
