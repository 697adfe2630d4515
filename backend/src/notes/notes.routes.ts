import { Router } from '../http/router.ts';
import {
  noteIdSchema,
  noteStatusRequestSchema,
  verifyNoteRequestSchema,
} from '../../../shared/api/notes.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { AppError } from '../http/app-error.ts';
import { clientOf } from '../http/client-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { parseInput, parseParam } from '../http/validate.ts';
import { noteResponse } from './note-response.ts';
import type { NotesRepository } from './notes.repository.ts';
import type { NotesService } from './notes.service.ts';
import type { MemoryBudget } from './upload/memory-budget.ts';
import { noteUploadReader } from './upload/read-note-upload.ts';
import { JSON_CONTENT_TYPE, answerJson } from '../http/json-answer.ts';

const noteId = (raw: string | undefined) =>
  parseParam(noteIdSchema, raw, 'The note URL is malformed or missing required parameters.');

export function notesRoutes(
  service: NotesService,
  repo: Pick<NotesRepository, 'takePart' | 'discardParts'>,
  uploadBudget: MemoryBudget,
): Router {
  const router = new Router();
  const readNoteUpload = noteUploadReader(uploadBudget);

  // The one body that may be large (five 10 MB images): read by its own reader, see upload/.
  router.post(apiRoutes.notes, async (ctx) => {
    const upload = await readNoteUpload(ctx);
    ctx.status = 201;
    answerJson(ctx, await service.create(upload, clientOf(ctx)));
  });

  router.get(apiRoutes.note, async (ctx) => {
    answerJson(ctx, await service.info(noteId(ctx.params.id)));
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

  router.post(apiRoutes.noteVerify, jsonBody(), async (ctx) => {
    const id = noteId(ctx.params.id);
    const { proof, linkProof } = parseInput(verifyNoteRequestSchema, ctx.request.body);
    const taken = await service.verify(id, proof, linkProof, clientOf(ctx));
    ctx.set('Content-Type', JSON_CONTENT_TYPE);
    ctx.body = noteResponse(id, taken, repo);
  });

  // The status link's two calls: the proof travels in the body, never in a URL that gets logged.
  router.post(apiRoutes.noteStatus, jsonBody(), async (ctx) => {
    const id = noteId(ctx.params.id);
    const { statusProof } = parseInput(noteStatusRequestSchema, ctx.request.body);
    answerJson(ctx, await service.status(id, statusProof, clientOf(ctx)));
  });

  router.post(apiRoutes.noteDestroy, jsonBody(), async (ctx) => {
    const id = noteId(ctx.params.id);
    const { statusProof } = parseInput(noteStatusRequestSchema, ctx.request.body);
    answerJson(ctx, await service.destroy(id, statusProof, clientOf(ctx)));
  });

  return router;
}
