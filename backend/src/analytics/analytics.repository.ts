import { sql } from 'kysely';
import type { AnalyticsEvent as EventName } from '../../../shared/api/analytics-tracking.ts';
import type {
  AnalyticsSummary,
  AnalyticsTimeframe,
  PageViewRequest,
  SessionStartRequest,
} from '../../../shared/api/analytics.ts';
import type { Database } from '../db/database.ts';
import { analyticsSummary } from './summary.ts';

/** Tables whose rows carry an hour, all swept after the retention period. */
const HOURLY_TABLES = [
  'analytics_page_view',
  'analytics_session',
  'analytics_event',
  'analytics_note_activity',
  'analytics_request_timing',
] as const;

/** The hour now falls in, by the database's clock. */
const thisHour = sql<string>`date_trunc('hour', now())`;

/**
 * Every analytics statement (typed from analytics.entities.ts); the dashboard's queries, which
 * only raw SQL can express, are in summary.ts.
 */
export function analyticsRepository(database: Pick<Database, 'sql'>) {
  const db = database.sql;
  return {
    async insertPageView(view: {
      path: string;
      referrer: PageViewRequest['referrer'];
      visitor: string;
      session: string;
      country: string | null;
    }): Promise<void> {
      await db
        .insertInto('analytics_page_view')
        .values({ hour: thisHour, ...view })
        .execute();
    },

    /** A session's start; a second start of the same session changes nothing. */
    async insertSession(session: SessionStartRequest & { id: string }): Promise<void> {
      await db
        .insertInto('analytics_session')
        .values({
          id: session.id,
          hour: thisHour,
          device_type: session.deviceType,
          browser: session.browser,
          is_returning: session.isReturning,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /**
     * A session's end: its duration can only grow, and never past the time since the start of
     * the hour it started in (the finest time kept). Only a session that started is ended.
     */
    async endSession(id: string, durationSeconds: number): Promise<void> {
      await db
        .updateTable('analytics_session')
        .set((eb) => ({
          duration_seconds: sql<number>`greatest(coalesce(${eb.ref('duration_seconds')}, 0), least(${durationSeconds}, floor(extract(epoch from now() - ${eb.ref('hour')}))::int))`,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Adds counts of notes created and read, per hour, to what the database has. */
    async addNoteActivity(
      rows: {
        hour: string;
        created: number;
        read: number;
        passwordProtected: number;
        emailReceipts: number;
      }[],
    ): Promise<void> {
      await db
        .insertInto('analytics_note_activity')
        .values(
          rows.map((row) => ({
            hour: row.hour,
            created: row.created,
            read: row.read,
            password_protected: row.passwordProtected,
            email_receipts: row.emailReceipts,
          })),
        )
        .onConflict((oc) =>
          oc.column('hour').doUpdateSet((eb) => ({
            created: eb('analytics_note_activity.created', '+', eb.ref('excluded.created')),
            read: eb('analytics_note_activity.read', '+', eb.ref('excluded.read')),
            password_protected: eb(
              'analytics_note_activity.password_protected',
              '+',
              eb.ref('excluded.password_protected'),
            ),
            email_receipts: eb(
              'analytics_note_activity.email_receipts',
              '+',
              eb.ref('excluded.email_receipts'),
            ),
          })),
        )
        .execute();
    },

    /** Adds request counts per hour, route and timing bucket. */
    async addRequestTimings(
      rows: { hour: string; route: string; bucket: number; count: number }[],
    ): Promise<void> {
      await db
        .insertInto('analytics_request_timing')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['hour', 'route', 'bucket']).doUpdateSet((eb) => ({
            count: eb('analytics_request_timing.count', '+', eb.ref('excluded.count')),
          })),
        )
        .execute();
    },

    /** Adds event counts per hour and event. */
    async addEvents(rows: { hour: string; name: EventName; count: number }[]): Promise<void> {
      await db
        .insertInto('analytics_event')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['hour', 'name']).doUpdateSet((eb) => ({
            count: eb('analytics_event.count', '+', eb.ref('excluded.count')),
          })),
        )
        .execute();
    },

    /**
     * The salt of `day`: `candidate` when this instance is the first to ask, the stored one
     * otherwise. Every earlier day's salt is deleted then.
     */
    async saltOf(day: string, candidate: Buffer): Promise<Buffer> {
      await db
        .insertInto('analytics_salt')
        .values({ day, salt: candidate })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('analytics_salt')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('analytics_salt').where('day', '<', day).execute();
      return Buffer.from(row.salt);
    },

    /** Deletes hourly rows before `cutoff` (ISO text) and salts of days before `today`. */
    async deleteBefore(cutoff: string, today: string): Promise<void> {
      for (const table of HOURLY_TABLES) {
        await db.deleteFrom(table).where('hour', '<', cutoff).execute();
      }
      await db.deleteFrom('analytics_salt').where('day', '<', today).execute();
    },

    summary: (timeframe: AnalyticsTimeframe): Promise<AnalyticsSummary> =>
      analyticsSummary(database, timeframe),
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
