import { Readable } from 'node:stream';
import type { ParameterizedContext as Context } from 'koa';
import {
  FILE_CONTENT_TYPE,
  bearerHeaderSchema,
  chunkIndexSchema,
  fileDownloadQuerySchema,
  fileIndexSchema,
} from '../../../../shared/api/note-files.ts';
import { noteIdSchema } from '../../../../shared/api/notes.ts';
import { apiRoutes } from '../../../../shared/api/paths.ts';
import { AppError } from '../../http/app-error.ts';
import { answerJson } from '../../http/json-answer.ts';
import { Router } from '../../http/router.ts';
import { parseInput, parseParam } from '../../http/validate.ts';
import { announcedChunkLength, dropChunkBody, readChunkBody } from './chunk-body.ts';
import type { NoteFilesService } from './note-files.service.ts';

const noteId = (raw: string | undefined) =>
  parseParam(noteIdSchema, raw, 'The note URL is malformed or missing required parameters.');
const fileIndex = (raw: string | undefined) =>
  parseParam(fileIndexSchema, raw, 'The file number in the URL is not one a note can have.');
const chunkIndex = (raw: string | undefined) =>
  parseParam(chunkIndexSchema, raw, 'The chunk number in the URL is not one a file can have.');

/** The token of `Authorization: Bearer …`; it travels only there, never in a URL that is logged. */
function bearerToken(ctx: Context, which: 'upload' | 'download'): string {
  const parsed = bearerHeaderSchema.safeParse(ctx.get('authorization'));
  if (parsed.success) return parsed.data;
  throw new AppError(
    'UNAUTHORIZED',
    `This call needs the note’s ${which} token: Authorization: Bearer <token>.`,
  );
}

/** The calls that upload and download a note's files, as raw bytes (see shared/api/note-files.ts). */
export function noteFilesRoutes(service: NoteFilesService): Router {
  const router = new Router();

  router.put(apiRoutes.noteFileChunk, async (ctx) => {
    const { id, file, chunk, token, data } = await (async () => {
      try {
        const id = noteId(ctx.params.id);
        const file = fileIndex(ctx.params.file);
        const chunk = chunkIndex(ctx.params.chunk);
        const token = bearerToken(ctx, 'upload');
        // A body announced as a chunk is read first, so that one statement checks and stores
        // it; any other only once the checks have said how long it must be.
        const length =
          announcedChunkLength(ctx) ?? (await service.chunkLength(id, file, chunk, token));
        return { id, file, chunk, token, data: await readChunkBody(ctx, length) };
      } catch (error) {
        await dropChunkBody(ctx);
        throw error;
      }
    })();
    await service.storeChunk(id, file, chunk, token, data);
    ctx.status = 204;
  });

  router.get(apiRoutes.noteUpload, async (ctx) => {
    const id = noteId(ctx.params.id);
    answerJson(ctx, await service.progress(id, bearerToken(ctx, 'upload')));
  });

  router.post(apiRoutes.noteComplete, async (ctx) => {
    const id = noteId(ctx.params.id);
    answerJson(ctx, await service.complete(id, bearerToken(ctx, 'upload')));
  });

  // Streamed as the chunks are read, a few per statement, as fast as the reader takes them.
  router.get(apiRoutes.noteFile, async (ctx) => {
    const id = noteId(ctx.params.id);
    const file = fileIndex(ctx.params.file);
    const { from } = parseInput(fileDownloadQuerySchema, ctx.query);
    const download = await service.download(id, file, from, bearerToken(ctx, 'download'));
    ctx.set('Content-Type', FILE_CONTENT_TYPE);
    ctx.body = Readable.from(download.chunks, { objectMode: false });
    ctx.length = download.length;
  });

  router.delete(apiRoutes.noteFiles, async (ctx) => {
    const id = noteId(ctx.params.id);
    await service.discard(id, bearerToken(ctx, 'download'));
    ctx.status = 204;
  });

  return router;
}
