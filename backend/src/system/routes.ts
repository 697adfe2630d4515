import { Router } from '../http/router.ts';
import { buildPublicConfig, type Health } from '../../../shared/api/config.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { answerJson } from '../http/json-answer.ts';

/** Liveness with database reachability, and the public capabilities the web bundle reads at start. */
export function systemRoutes(config: AppConfig, database: Database): Router {
  const router = new Router();
  const publicConfig = buildPublicConfig({
    emailAvailable: config.smtpUrl !== null,
    aiArticlesAvailable: config.ai !== null,
    adminAvailable: config.adminPasswordHash !== null,
    socialUrl: config.socialUrl,
  });

  router.get(apiRoutes.health, async (ctx) => {
    const up = await database.isReachable();
    const body: Health = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' };
    ctx.status = up ? 200 : 503;
    answerJson(ctx, body);
  });

  router.get(apiRoutes.config, (ctx) => {
    answerJson(ctx, publicConfig);
  });

  return router;
}
