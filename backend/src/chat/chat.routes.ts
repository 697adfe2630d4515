import { Router } from '@koa/router';
import { chatRoomIdSchema } from '../../../shared/api/chat.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { AppError } from '../http/app-error.ts';
import type { ChatService } from './chat.service.ts';

function roomId(raw: string | undefined): string {
  const parsed = chatRoomIdSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'The chat URL is malformed.');
  }
  return parsed.data;
}

export function chatRoutes(service: ChatService): Router {
  const router = new Router();

  router.post(apiRoutes.chatCreate, async (ctx) => {
    ctx.status = 201;
    ctx.body = await service.create(ctx.request.body, ctx.ip);
  });

  router.get(apiRoutes.chatRoom, async (ctx) => {
    ctx.body = await service.status(roomId(ctx.params.id));
  });

  return router;
}
