/**
 * First-party analytics: the ingest and summary routes, the hook the notes service reports to,
 * and request timings for the performance summary, all counted in memory and flushed now and
 * then so no request pays a database write for being counted.
 *
 * - analytics.routes.ts: HTTP (opt-out headers, ids from headers, request parsing, route groups).
 * - analytics.service.ts: the rules (rate limit, hashed ids, paths, retention).
 * - analytics.repository.ts: the SQL; summary.ts holds the dashboard's queries it runs.
 * - analytics.entities.ts: the tables.
 * - Helpers beside them: daily-salt.ts (the salt of the day's hashes), hourly-counters.ts (the
 *   in-memory counts and their flush), timing-buckets.ts (the request timings' histogram scale).
 */
import type { Middleware, ParameterizedContext } from 'koa';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes, routeGroup } from './analytics.routes.ts';
import { analyticsService } from './analytics.service.ts';
import { dailySalt } from './daily-salt.ts';
import { hourlyCounters } from './hourly-counters.ts';

export type { NoteActivity } from './hourly-counters.ts';

/** How often this instance's counts (notes, timings, events) are added to the database. */
const FLUSH_MS = 10_000;

export function analyticsFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  logger: Logger;
  requireAdmin: Middleware;
}) {
  const { config, database, limiter, logger, requireAdmin } = deps;
  const repo = analyticsRepository(database);
  const counters = hourlyCounters(repo);
  const stopFlushing = startPeriodic('analytics-flush', FLUSH_MS, () => counters.flush(), logger);
  const service = analyticsService({ repo, limiter, salt: dailySalt(repo), counters });

  return {
    router: analyticsRoutes(service, { trustProxy: config.trustProxy, requireAdmin }),
    /** Counts a finished request's duration (failures included) for the performance summary. */
    requestTiming: (ctx: ParameterizedContext, ms: number) =>
      counters.requestTiming(routeGroup(ctx), ms),
    noteActivity: counters.noteActivity,
    sweep: service.sweep,
    /** Stops the periodic flush after a last one. */
    async stop() {
      await stopFlushing();
      await counters.flush();
    },
  };
}
