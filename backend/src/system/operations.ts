import type { Context, Next } from 'koa';
import type { Readiness } from '../../../shared/api/config.ts';
import { probeRoutes } from '../../../shared/api/paths.ts';
import type { Database } from '../db/database.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { METRICS_PATH, bearerCheck, scrapeAnswer } from '../metrics/metrics-endpoint.ts';

/** The routes this answers for anyone, as the API document lists them (metrics need a token). */
export const OPERATIONS_ROUTES = [
  { method: 'get', path: probeRoutes.liveness },
  { method: 'get', path: probeRoutes.readiness },
] as const;

/** A readiness check that hangs (a database lost without a word) counts as not ready. */
const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * The operators' endpoints, answered before every other middleware: `/healthz` (the process
 * answers; no database call, so a slow database never gets a live instance restarted),
 * `/readyz` (the database answers and has every migration this version needs; 503 from the
 * first moment of a shutdown), and `/metrics` on this port when METRICS_TOKEN is set.
 *
 * Answered first, they are not logged, not counted in the request metrics or the analytics
 * (probes every few seconds would drown both), and not held to the loopback Host check: a
 * container's health check and a load balancer address the instance by its IP, and these
 * answers tell nothing worth a DNS-rebinding attack. Without the right token, `/metrics` goes on
 * to the rest of the app like any unknown path, so its existence is not revealed.
 */
export function operationsEndpoints(deps: {
  database: Pick<Database, 'readiness'>;
  isDraining: () => boolean;
  metrics: AppMetrics;
  metricsToken: string | null;
}) {
  const { database, isDraining, metrics } = deps;
  const authorized = deps.metricsToken === null ? null : bearerCheck(deps.metricsToken);

  async function readiness(): Promise<Readiness> {
    if (isDraining()) return { status: 'draining' };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'unreachable'>((resolve) => {
      timer = setTimeout(() => resolve('unreachable'), READY_CHECK_TIMEOUT_MS);
    });
    const state = await Promise.race([database.readiness(), timedOut]).finally(() =>
      clearTimeout(timer),
    );
    if (isDraining()) return { status: 'draining' };
    return state === 'ready' ? { status: 'ready' } : { status: 'not_ready', database: state };
  }

  const answer = (ctx: Context, status: number, body: unknown) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = body;
  };

  return (ctx: Context, next: Next) => {
    const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
    switch (isRead ? ctx.path : '') {
      case probeRoutes.liveness:
        answer(ctx, 200, { status: 'ok' });
        return;
      case probeRoutes.readiness:
        return readiness().then((state) =>
          answer(ctx, state.status === 'ready' ? 200 : 503, state),
        );
      case METRICS_PATH:
        if (authorized === null || !authorized(ctx.get('Authorization'))) return next();
        return scrapeAnswer(metrics).then(({ headers, body }) => {
          ctx.set(headers);
          ctx.body = body;
        });
      default:
        return next();
    }
  };
}
