import {
  answerRequestRequestSchema,
  createRequestRequestSchema,
  requestIdSchema,
} from '../../../shared/api/requests.ts';
import { MAX_FILE_META_ENVELOPE } from '../../../shared/api/notes.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { NOTE_MAX_FILES } from '../../../shared/limits.ts';
import { clientOf } from '../http/client-key.ts';
import { answerJson } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { Router } from '../http/router.ts';
import { parseInput, parseParam } from '../http/validate.ts';
import type { RequestsService } from './requests.service.ts';

const requestId = (raw: string | undefined) =>
  parseParam(requestIdSchema, raw, 'The request URL is malformed.');

/**
 * An answer is a note's text at most (50,000 four-byte characters, sealed, in JSON) and the
 * sealed metadata of its files; their chunks come separately.
 */
const ANSWER_BODY_BYTES = 300 * 1024 + NOTE_MAX_FILES * MAX_FILE_META_ENVELOPE;

export function requestsRoutes(service: RequestsService): Router {
  const router = new Router();

  router.post(apiRoutes.requests, jsonBody(), async (ctx) => {
    const input = parseInput(createRequestRequestSchema, ctx.request.body);
    const created = await service.create(input, clientOf(ctx));
    ctx.status = 201;
    answerJson(ctx, created);
  });

  router.get(apiRoutes.request, async (ctx) => {
    answerJson(ctx, await service.info(requestId(ctx.params.id)));
  });

  router.post(apiRoutes.requestAnswer, jsonBody(ANSWER_BODY_BYTES), async (ctx) => {
    const id = requestId(ctx.params.id);
    const input = parseInput(answerRequestRequestSchema, ctx.request.body);
    const answered = await service.answer(id, input, clientOf(ctx));
    ctx.status = 201;
    answerJson(ctx, answered);
  });

  return router;
}
