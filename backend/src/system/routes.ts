import { Router } from '../http/router.ts';
import { buildPublicConfig, type Health } from '../../../shared/api/config.ts';
import { openApiDocument } from '../../../shared/api/openapi.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { JSON_CONTENT_TYPE, answerJson } from '../http/json-answer.ts';

/** Liveness with database reachability, and the public capabilities the web bundle reads at start. */
export function systemRoutes(config: AppConfig, database: Database): Router {
  const router = new Router();
  const publicConfig = buildPublicConfig({
    emailAvailable: config.smtpUrl !== null,
    aiArticlesAvailable: config.ai !== null,
    adminAvailable: config.adminPasswordHash !== null,
    socialUrl: config.socialUrl,
    expirations: config.noteExpirations,
    maxFileBytes: config.noteMaxFileBytes,
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

  // Built on first request (not on every start's critical path), then kept: the contract does
  // not change while the server runs.
  let openApi: string | null = null;
  router.get(apiRoutes.openapi, (ctx) => {
    openApi ??= JSON.stringify(openApiDocument());
    ctx.set('Content-Type', JSON_CONTENT_TYPE);
    ctx.body = openApi;
  });

  return router;
}
