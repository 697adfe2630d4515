import type { Middleware, Next, ParameterizedContext } from 'koa';
import { z } from 'zod';
import { SESSION_ID_HEADER, VISITOR_ID_HEADER } from '../../../shared/api/analytics-tracking.ts';
import {
  eventRequestSchema,
  pageViewRequestSchema,
  sessionEndRequestSchema,
  sessionIdSchema,
  sessionStartRequestSchema,
  summaryQuerySchema,
  visitorIdSchema,
} from '../../../shared/api/analytics.ts';
import { API_PREFIX, apiRoutes, isApiPath } from '../../../shared/api/paths.ts';
import { clientOf } from '../http/client-key.ts';
import { answerJson } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { Router } from '../http/router.ts';
import { parseInput } from '../http/validate.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Ingest bodies are a path and an origin at most. */
const INGEST_BODY_BYTES = 1024;

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

/** A request's route group for the performance summary: the matched API route, or its kind. */
export function routeGroup(ctx: ParameterizedContext): string {
  const matched = (ctx as ParameterizedContext & { _matchedRoute?: string })._matchedRoute;
  if (matched !== undefined) return `${ctx.method} ${matched}`;
  return isApiPath(ctx.path) ? `${ctx.method} ${API_PREFIX} (other)` : 'web bundle';
}

export function analyticsRoutes(
  service: AnalyticsService,
  options: { trustProxy: boolean; requireAdmin: Middleware },
): Router {
  const { trustProxy, requireAdmin } = options;
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
      await service.admitIngest(clientOf(ctx));
      await next();
    },
    jsonBody(INGEST_BODY_BYTES),
  ];
  const clientIds = (ctx: ParameterizedContext) =>
    parseInput(clientIdsSchema, {
      visitor: ctx.get(VISITOR_ID_HEADER),
      session: ctx.get(SESSION_ID_HEADER),
    });
  router.post(apiRoutes.analyticsPageView, ...ingest, async (ctx) => {
    const view = parseInput(pageViewRequestSchema, ctx.request.body);
    await service.pageView(view, clientIds(ctx), countryOf(ctx, trustProxy));
    ctx.status = 204;
  });

  router.post(apiRoutes.analyticsSession, ...ingest, async (ctx) => {
    const start = parseInput(sessionStartRequestSchema, ctx.request.body);
    await service.sessionStart(start, clientIds(ctx));
    ctx.status = 204;
  });

  router.post(apiRoutes.analyticsEvent, ...ingest, (ctx) => {
    service.event(parseInput(eventRequestSchema, ctx.request.body).event);
    ctx.status = 204;
  });

  // Sent as a beacon when the page is hidden; a later one for the same session (another tab
  // closed, a page reloaded) can only lengthen it.
  router.post(apiRoutes.analyticsSessionEnd, ...ingest, async (ctx) => {
    const { sessionId, duration } = parseInput(sessionEndRequestSchema, ctx.request.body);
    await service.sessionEnd(sessionId, duration);
    ctx.status = 204;
  });

  router.get(apiRoutes.analyticsSummary, requireAdmin, async (ctx) => {
    const { timeframe } = parseInput(summaryQuerySchema, ctx.query);
    answerJson(ctx, await service.summary(timeframe));
  });

  return router;
}
