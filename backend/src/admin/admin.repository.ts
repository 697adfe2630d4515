import type { Database } from '../db/database.ts';

/**
 * The admin_session table: SQL only (typed from AdminSession in admin.entities.ts). Times are
 * compared as ISO text of the server's clock, as the sessions were judged before (pg would
 * format a Date in local time).
 */
export function adminRepository(database: Pick<Database, 'sql'>) {
  const db = database.sql;
  return {
    async insertSession(tokenHash: Buffer, expiresAt: Date): Promise<void> {
      await db
        .insertInto('admin_session')
        .values({ token_hash: tokenHash, expires_at: expiresAt.toISOString() })
        .execute();
    },
    /** Whether a session with this token hash exists and ends after `now`. */
    async hasSessionUntil(tokenHash: Buffer, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('admin_session')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },
    async deleteSession(tokenHash: Buffer): Promise<void> {
      await db.deleteFrom('admin_session').where('token_hash', '=', tokenHash).execute();
    },
    async deleteSessionsEndedBy(now: Date): Promise<void> {
      await db.deleteFrom('admin_session').where('expires_at', '<=', now.toISOString()).execute();
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
