import { Router } from '../http/router.ts';
import type { ParameterizedContext } from 'koa';
import {
  newsletterSubscribeRequestSchema,
  newsletterUnsubscribeQuerySchema,
  newsletterVerifyRequestSchema,
} from '../../../shared/api/newsletter.ts';
import { apiPaths, apiRoutes } from '../../../shared/api/paths.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../shared/languages.ts';
import { clientOf } from '../http/client-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { parseInput } from '../http/validate.ts';
import type { NewsletterService } from './newsletter.service.ts';
import { unsubscribePage, type UnsubscribeStep } from './unsubscribe-page.ts';
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
   * GET is the link in the mail: it only asks, because mail scanners and link prefetchers open
   * links. POST unsubscribes: the page's button, or RFC 8058's one-click POST that a mail client
   * sends by itself (`List-Unsubscribe=One-Click`, a body that says nothing the URL does not).
   */
  const languageFor = (ctx: ParameterizedContext, known: LanguageCode | null): LanguageCode => {
    if (known !== null) return known;
    const preferred = ctx.acceptsLanguages(LANGUAGE_CODES);
    return preferred === false ? FALLBACK_LANGUAGE : (preferred as LanguageCode);
  };
  const answerPage = (ctx: ParameterizedContext, language: LanguageCode, step: UnsubscribeStep) => {
    ctx.status = step.kind === 'invalid' ? 404 : 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = unsubscribePage(language, step);
  };
  const tokenOf = (ctx: ParameterizedContext) => {
    const query = newsletterUnsubscribeQuerySchema.safeParse(ctx.query);
    return query.success ? query.data.token : null;
  };

  router.get(apiRoutes.newsletterUnsubscribe, async (ctx) => {
    const token = tokenOf(ctx);
    const language = token === null ? null : await service.subscriberLanguage(token);
    answerPage(
      ctx,
      languageFor(ctx, language),
      token === null || language === null
        ? { kind: 'invalid' }
        : { kind: 'confirm', action: apiPaths.newsletterUnsubscribe(token) },
    );
  });

  router.post(apiRoutes.newsletterUnsubscribe, async (ctx) => {
    const token = tokenOf(ctx);
    const language = token === null ? null : await service.unsubscribe(token);
    answerPage(
      ctx,
      languageFor(ctx, language),
      language === null ? { kind: 'invalid' } : { kind: 'unsubscribed' },
    );
  });

  return router;
}
