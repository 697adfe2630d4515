import type { SecurityEventKind } from '../../../shared/api/security-events.ts';
import type { Database } from '../db/database.ts';

/** The security_event table: SQL only (typed from SecurityEvent in security-events.entities.ts). */
export function securityEventsRepository(database: Pick<Database, 'sql'>) {
  const db = database.sql;
  return {
    async insert(event: { id: string; kind: SecurityEventKind; client: string }): Promise<void> {
      await db.insertInto('security_event').values(event).execute();
    },
    async deleteOlderThan(before: Date): Promise<void> {
      // ISO text rather than a Date: pg would format a Date in local time.
      await db
        .deleteFrom('security_event')
        .where('created_at', '<', before.toISOString())
        .execute();
    },
  };
}

export type SecurityEventsRepository = ReturnType<typeof securityEventsRepository>;
