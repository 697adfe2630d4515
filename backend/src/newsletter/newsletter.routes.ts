import { Router } from '../http/router.ts';
import type { ParameterizedContext } from 'koa';
import {
  newsletterSubscribeRequestSchema,
  newsletterUnsubscribeTokenSchema,
  newsletterVerifyRequestSchema,
} from '../../../shared/api/newsletter.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../shared/languages.ts';
import { clientOf } from '../http/client-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { parseInput } from '../http/validate.ts';
import type { NewsletterService } from './newsletter.service.ts';
import { unsubscribePage } from './unsubscribe-page.ts';
import { answerJson } from '../http/json-answer.ts';

export function newsletterRoutes(service: NewsletterService): Router {
  const router = new Router();

  router.post(apiRoutes.newsletterSubscribe, jsonBody(), async (ctx) => {
    const input = parseInput(newsletterSubscribeRequestSchema, ctx.request.body);
    answerJson(ctx, await service.subscribe(input, clientOf(ctx)));
  });

  router.post(apiRoutes.newsletterVerify, jsonBody(), async (ctx) => {
    const input = parseInput(newsletterVerifyRequestSchema, ctx.request.body);
    answerJson(ctx, await service.verify(input, clientOf(ctx)));
  });

  /**
   * GET is the link in the mail; POST is RFC 8058's one-click unsubscribe, sent by the mail
   * client with a form body (`List-Unsubscribe=One-Click`) that says nothing the URL does not.
   */
  const unsubscribe = async (ctx: ParameterizedContext) => {
    const token = newsletterUnsubscribeTokenSchema.safeParse(ctx.query.token);
    const language = token.success ? await service.unsubscribe(token.data) : null;
    const preferred = ctx.acceptsLanguages(LANGUAGE_CODES);
    ctx.status = language === null ? 404 : 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = unsubscribePage(
      language ?? (preferred === false ? FALLBACK_LANGUAGE : (preferred as LanguageCode)),
      language !== null,
    );
  };
  router.get(apiRoutes.newsletterUnsubscribe, unsubscribe);
  router.post(apiRoutes.newsletterUnsubscribe, unsubscribe);

  return router;
}
