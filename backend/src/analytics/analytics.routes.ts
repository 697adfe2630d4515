import { Router } from '../http/router.ts';
import type { Middleware, Next, ParameterizedContext } from 'koa';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  SESSION_ID_HEADER,
  VISITOR_ID_HEADER,
  analyticsPath,
} from '../../../shared/api/analytics-tracking.ts';
import {
  eventRequestSchema,
  pageViewRequestSchema,
  sessionEndRequestSchema,
  sessionIdSchema,
  sessionStartRequestSchema,
  summaryQuerySchema,
  visitorIdSchema,
} from '../../../shared/api/analytics.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import type { Database } from '../db/database.ts';
import { clientOf } from '../http/client-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { parseInput } from '../http/validate.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { DailySalt } from './daily-salt.ts';
import type { HourlyCounters } from './hourly-counters.ts';
import { analyticsSummary } from './summary.ts';
import { answerJson } from '../http/json-answer.ts';

/** Ingest bodies are a path and an origin at most. */
const INGEST_BODY_BYTES = 1024;
/**
 * Analytics calls one address (an IPv6 client: its /64) may make: a page view, a session start
 * and end and an event or two per page, a page every few seconds for ten minutes. It is what a
 * person browsing makes, not what an office behind one address does: every figure these feed is
 * an unverified count (the dashboard says so), and a higher bound only lets one client inflate
 * them further (10,000 fake page views from 10 addresses in 32 s at the old 1,200).
 */
const INGEST_RULE: RateRule = { limit: 120, windowSeconds: 600 };

const clientIdsSchema = z.object({ visitor: visitorIdSchema, session: sessionIdSchema });

/** Do Not Track or Global Privacy Control: the browser asked not to be counted. */
function optedOut(ctx: ParameterizedContext): boolean {
  return ctx.get('DNT') === '1' || ctx.get('Sec-GPC') === '1';
}

/** Two letters from a trusted proxy (Cloudflare's CF-IPCountry); its XX means unknown. */
function countryOf(ctx: ParameterizedContext, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const code = ctx.get('CF-IPCountry').toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

export function analyticsRoutes(deps: {
  database: Database;
  limiter: RateLimiter;
  salt: DailySalt;
  counters: HourlyCounters;
  trustProxy: boolean;
  requireAdmin: Middleware;
}): Router {
  const { database, limiter, salt, counters, trustProxy, requireAdmin } = deps;
  const db = database.sql;
  const router = new Router();

  /**
   * Every ingest call: an opted-out browser gets the same 204 as everyone and nothing is read
   * or kept; the others are rate-limited, then their small body is read.
   */
  const ingest = [
    async (ctx: ParameterizedContext, next: Next) => {
      if (optedOut(ctx)) {
        ctx.status = 204;
        return;
      }
      await limiter.hit('analytics', clientOf(ctx), INGEST_RULE);
      await next();
    },
    jsonBody(INGEST_BODY_BYTES),
  ];
  const hashedIds = async (ctx: ParameterizedContext) => {
    const ids = parseInput(clientIdsSchema, {
      visitor: ctx.get(VISITOR_ID_HEADER),
      session: ctx.get(SESSION_ID_HEADER),
    });
    return { visitor: await salt.hash(ids.visitor), session: await salt.hash(ids.session) };
  };
  router.post(apiRoutes.analyticsPageView, ...ingest, async (ctx) => {
    const { path, referrer } = parseInput(pageViewRequestSchema, ctx.request.body);
    const { visitor, session } = await hashedIds(ctx);
    await db
      .insertInto('analytics_page_view')
      .values({
        hour: sql`date_trunc('hour', now())`,
        path: analyticsPath(path),
        referrer,
        visitor,
        session,
        country: countryOf(ctx, trustProxy),
      })
      .execute();
    ctx.status = 204;
  });

  router.post(apiRoutes.analyticsSession, ...ingest, async (ctx) => {
    const { deviceType, browser, isReturning } = parseInput(
      sessionStartRequestSchema,
      ctx.request.body,
    );
    const { session } = await hashedIds(ctx);
    await db
      .insertInto('analytics_session')
      .values({
        id: session,
        hour: sql`date_trunc('hour', now())`,
        device_type: deviceType,
        browser,
        is_returning: isReturning,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    ctx.status = 204;
  });

  router.post(apiRoutes.analyticsEvent, ...ingest, (ctx) => {
    counters.event(parseInput(eventRequestSchema, ctx.request.body).event);
    ctx.status = 204;
  });

  // Sent as a beacon when the page is hidden; a later one for the same session (another tab
  // closed, a page reloaded) can only lengthen it. Only a session that started is ended, and
  // never as longer than it can have lasted: since the start of the hour it started in (the
  // finest time kept).
  router.post(apiRoutes.analyticsSessionEnd, ...ingest, async (ctx) => {
    const { sessionId, duration } = parseInput(sessionEndRequestSchema, ctx.request.body);
    await db
      .updateTable('analytics_session')
      .set((eb) => ({
        duration_seconds: sql<number>`greatest(coalesce(${eb.ref('duration_seconds')}, 0), least(${duration}, floor(extract(epoch from now() - ${eb.ref('hour')}))::int))`,
      }))
      .where('id', '=', await salt.hash(sessionId))
      .execute();
    ctx.status = 204;
  });

  router.get(apiRoutes.analyticsSummary, requireAdmin, async (ctx) => {
    const { timeframe } = parseInput(summaryQuerySchema, ctx.query);
    // This instance's latest counts first; other instances flush on their own schedule.
    await counters.flush();
    answerJson(ctx, await analyticsSummary(database, timeframe));
  });

  return router;
}
