import { analyticsPath, type AnalyticsEvent } from '../../../shared/api/analytics-tracking.ts';
import type {
  AnalyticsSummary,
  AnalyticsTimeframe,
  PageViewRequest,
  SessionStartRequest,
} from '../../../shared/api/analytics.ts';
import { ANALYTICS_RETENTION_DAYS } from '../../../shared/limits.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import type { DailySalt } from './daily-salt.ts';
import type { HourlyCounters } from './hourly-counters.ts';

/**
 * Analytics calls one address (an IPv6 client: its /64) may make: a page view, a session start
 * and end and an event or two per page, a page every few seconds for ten minutes. It is what a
 * person browsing makes, not what an office behind one address does: every figure these feed is
 * an unverified count (the dashboard says so), and a higher bound only lets one client inflate
 * them further (10,000 fake page views from 10 addresses in 32 s at the old 1,200).
 */
const INGEST_RULE: RateRule = { limit: 120, windowSeconds: 600 };

/** A browser's visitor and session ids, as it sent them (hashed under today's salt here). */
export interface ClientIds {
  visitor: string;
  session: string;
}

/** Deletes analytics older than the retention period (and any salt but today's). */
export async function sweepAnalytics(repo: Pick<AnalyticsRepository, 'deleteBefore'>) {
  await repo.deleteBefore(
    new Date(Date.now() - ANALYTICS_RETENTION_DAYS * 86_400_000).toISOString(),
    new Date().toISOString().slice(0, 10),
  );
}

/**
 * First-party analytics' rules: ingest calls are rate-limited per address, ids are kept only
 * as hashes under the day's salt, paths are reduced to the app's routes (analyticsPath), and
 * the dashboard includes this instance's latest counts.
 */
export function analyticsService(deps: {
  repo: AnalyticsRepository;
  limiter: RateLimiter;
  salt: DailySalt;
  counters: HourlyCounters;
}) {
  const { repo, limiter, salt, counters } = deps;
  const hashed = async (ids: ClientIds) => ({
    visitor: await salt.hash(ids.visitor),
    session: await salt.hash(ids.session),
  });
  return {
    /** Counts an ingest call against the client's budget; refuses it past the budget. */
    admitIngest: (client: string) => limiter.hit('analytics', client, INGEST_RULE),

    async pageView(view: PageViewRequest, ids: ClientIds, country: string | null): Promise<void> {
      const { visitor, session } = await hashed(ids);
      await repo.insertPageView({
        path: analyticsPath(view.path),
        referrer: view.referrer,
        visitor,
        session,
        country,
      });
    },

    async sessionStart(start: SessionStartRequest, ids: ClientIds): Promise<void> {
      const { session } = await hashed(ids);
      await repo.insertSession({ id: session, ...start });
    },

    event: (name: AnalyticsEvent) => counters.event(name),

    async sessionEnd(sessionId: string, durationSeconds: number): Promise<void> {
      await repo.endSession(await salt.hash(sessionId), durationSeconds);
    },

    async summary(timeframe: AnalyticsTimeframe): Promise<AnalyticsSummary> {
      // This instance's latest counts first; other instances flush on their own schedule.
      await counters.flush();
      return await repo.summary(timeframe);
    },

    sweep: () => sweepAnalytics(repo),
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
