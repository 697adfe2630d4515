import { sql } from 'kysely';
import type { TestServer } from './test-server.ts';

/** Every row of every table in the public schema, as text, bytea included (hex and base64). */
export async function dumpDatabase(t: TestServer): Promise<string> {
  const db = t.server.database.sql;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public'`.execute(db);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(
      db,
    );
    for (const row of rows.rows) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) {
          const bytes = Buffer.from(value);
          parts.push(
            bytes.toString('hex'),
            bytes.toString('base64'),
            bytes.toString('base64url'),
            bytes.toString('latin1'),
          );
        } else {
          parts.push(JSON.stringify(value));
        }
      }
    }
  }
  return parts.join('\n');
}
