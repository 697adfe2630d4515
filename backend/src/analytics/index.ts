import type { Middleware, ParameterizedContext as Context } from 'koa';
import { ANALYTICS_RETENTION_DAYS } from '../../../shared/api/analytics.ts';
import { API_PREFIX, isApiPath } from '../../../shared/api/paths.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { dailySalt } from './daily-salt.ts';
import { hourlyCounters } from './hourly-counters.ts';

export type { NoteActivity } from './hourly-counters.ts';

/** How often this instance's counts (notes, timings, events) are added to the database. */
const FLUSH_MS = 10_000;

/** Tables whose rows carry an hour, all swept after ANALYTICS_RETENTION_DAYS. */
const HOURLY_TABLES = [
  'analytics_page_view',
  'analytics_session',
  'analytics_event',
  'analytics_note_activity',
  'analytics_request_timing',
] as const;

/** A request's route group for the performance summary: the matched API route, or its kind. */
function routeGroup(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
  if (matched !== undefined) return `${ctx.method} ${matched}`;
  return isApiPath(ctx.path) ? `${ctx.method} ${API_PREFIX} (other)` : 'web bundle';
}

/** Deletes analytics older than the retention period (and any salt but today's). */
export async function sweepAnalytics(database: Pick<Database, 'sql'>): Promise<void> {
  const cutoff = new Date(Date.now() - ANALYTICS_RETENTION_DAYS * 86_400_000).toISOString();
  for (const table of HOURLY_TABLES) {
    await database.sql.deleteFrom(table).where('hour', '<', cutoff).execute();
  }
  await database.sql
    .deleteFrom('analytics_salt')
    .where('day', '<', new Date().toISOString().slice(0, 10))
    .execute();
}

/**
 * First-party analytics: the ingest and summary routes, the hook the notes service reports to,
 * and request timings for the performance summary, all counted in memory and flushed now and
 * then so no request pays a database write for being counted.
 */
export function analyticsFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  logger: Logger;
  requireAdmin: Middleware;
}) {
  const { config, database, limiter, logger, requireAdmin } = deps;
  const counters = hourlyCounters(database);
  const stopFlushing = startPeriodic('analytics-flush', FLUSH_MS, () => counters.flush(), logger);

  return {
    router: analyticsRoutes({
      database,
      limiter,
      salt: dailySalt(database),
      counters,
      trustProxy: config.trustProxy,
      requireAdmin,
    }),
    /** Counts a finished request's duration (failures included) for the performance summary. */
    requestTiming: (ctx: Context, ms: number) => counters.requestTiming(routeGroup(ctx), ms),
    noteActivity: counters.noteActivity,
    sweep: () => sweepAnalytics(database),
    /** Stops the periodic flush after a last one. */
    async stop() {
      await stopFlushing();
      await counters.flush();
    },
  };
}
