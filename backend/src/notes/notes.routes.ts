import { Router } from '@koa/router';
import { noteIdSchema, verifyNoteRequestSchema } from '../../../shared/api/notes.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { AppError } from '../http/app-error.ts';
import { parseInput, parseParam } from '../http/validate.ts';
import type { NotesService } from './notes.service.ts';

const noteId = (raw: string | undefined) =>
  parseParam(noteIdSchema, raw, 'The note URL is malformed or missing required parameters.');

export function notesRoutes(service: NotesService): Router {
  const router = new Router();

  router.post(apiRoutes.notes, async (ctx) => {
    ctx.status = 201;
    ctx.body = await service.create(ctx.request.body, ctx.ip);
  });

  router.get(apiRoutes.note, async (ctx) => {
    ctx.body = await service.info(noteId(ctx.params.id));
  });

  // The seed's unauthenticated read path stays closed: reading needs the proof of key, so a
  // link-preview bot or an old client can never burn a note here.
  router.get(apiRoutes.noteContent, (ctx) => {
    noteId(ctx.params.id);
    throw new AppError(
      'PROOF_REQUIRED',
      'Reading a note requires proof of its key. Update the app and open the link again.',
    );
  });

  router.post(apiRoutes.noteVerify, async (ctx) => {
    const { proof } = parseInput(verifyNoteRequestSchema, ctx.request.body);
    ctx.body = await service.verify(noteId(ctx.params.id), proof, ctx.ip);
  });

  return router;
}
