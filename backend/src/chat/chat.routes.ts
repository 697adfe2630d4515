import { Router } from '../http/router.ts';
import { chatRoomIdSchema, createChatRequestSchema } from '../../../shared/api/chat.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { clientOf } from '../http/client-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { parseInput, parseParam } from '../http/validate.ts';
import type { ChatService } from './chat.service.ts';
import { answerJson } from '../http/json-answer.ts';

const roomId = (raw: string | undefined) =>
  parseParam(chatRoomIdSchema, raw, 'The chat URL is malformed.');

export function chatRoutes(service: ChatService): Router {
  const router = new Router();

  router.post(apiRoutes.chatCreate, jsonBody(), async (ctx) => {
    const { duration } = parseInput(createChatRequestSchema, ctx.request.body);
    const created = await service.create(Number(duration), clientOf(ctx));
    ctx.status = 201;
    answerJson(ctx, created);
  });

  router.get(apiRoutes.chatRoom, async (ctx) => {
    answerJson(ctx, await service.status(roomId(ctx.params.id)));
  });

  return router;
}
