import type { Middleware } from 'koa';
import {
  NEWSLETTER_BODY_MAX,
  NEWSLETTER_SUBJECT_MAX,
  newsletterDraftRequestSchema,
  newsletterIssueIdSchema,
  newsletterPreviewRequestSchema,
  newsletterTestSendRequestSchema,
  type NewsletterIssueList,
} from '../../../shared/api/newsletter-issues.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { LANGUAGE_CODES } from '../../../shared/languages.ts';
import { answerJson } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { Router } from '../http/router.ts';
import { parseInput } from '../http/validate.ts';
import { issueNotFound, type NewsletterIssuesService } from './newsletter-issues.service.ts';

/** A draft in every language at its longest, in UTF-8 (at most 4 bytes a character). */
const DRAFT_BODY_BYTES =
  LANGUAGE_CODES.length * (NEWSLETTER_SUBJECT_MAX + NEWSLETTER_BODY_MAX) * 4 + 4096;
/** One language's text at its longest. */
const PREVIEW_BODY_BYTES = (NEWSLETTER_SUBJECT_MAX + NEWSLETTER_BODY_MAX) * 4 + 1024;

/** The administrator's newsletter calls; every one behind `requireAdmin` (session + origin). */
export function newsletterIssuesRoutes(
  service: NewsletterIssuesService,
  requireAdmin: Middleware,
): Router {
  const router = new Router();
  // An unknown id is simply not there, whatever its shape.
  const issueId = (raw: string | undefined) => {
    const parsed = newsletterIssueIdSchema.safeParse(raw);
    if (!parsed.success) throw issueNotFound();
    return parsed.data;
  };

  router.get(apiRoutes.newsletterIssues, requireAdmin, async (ctx) => {
    answerJson(ctx, { issues: await service.list() } satisfies NewsletterIssueList);
  });

  router.post(apiRoutes.newsletterIssues, requireAdmin, jsonBody(DRAFT_BODY_BYTES), async (ctx) => {
    const { texts } = parseInput(newsletterDraftRequestSchema, ctx.request.body);
    ctx.status = 201;
    answerJson(ctx, await service.create(texts));
  });

  router.post(
    apiRoutes.newsletterPreview,
    requireAdmin,
    jsonBody(PREVIEW_BODY_BYTES),
    async (ctx) => {
      const { language, ...text } = parseInput(newsletterPreviewRequestSchema, ctx.request.body);
      answerJson(ctx, await service.preview(text, language));
    },
  );

  router.post(apiRoutes.newsletterIssue, requireAdmin, jsonBody(DRAFT_BODY_BYTES), async (ctx) => {
    const id = issueId(ctx.params.id);
    const { texts } = parseInput(newsletterDraftRequestSchema, ctx.request.body);
    answerJson(ctx, await service.update(id, texts));
  });

  router.post(apiRoutes.newsletterIssueTest, requireAdmin, jsonBody(), async (ctx) => {
    const id = issueId(ctx.params.id);
    const { email, language } = parseInput(newsletterTestSendRequestSchema, ctx.request.body);
    await service.sendTest(id, email, language);
    answerJson(ctx, { success: true });
  });

  router.post(apiRoutes.newsletterIssueSend, requireAdmin, async (ctx) => {
    answerJson(ctx, await service.send(issueId(ctx.params.id)));
  });

  return router;
}
