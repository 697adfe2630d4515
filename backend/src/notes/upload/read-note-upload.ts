import type { ParameterizedContext as Context } from 'koa';
import { MAX_JSON_BODY_BYTES } from '../../../../shared/limits.ts';
import { AppError } from '../../http/app-error.ts';
import {
  checkJsonRequest,
  hasBody,
  parseJson,
  readBody,
  streamBody,
} from '../../http/json-body.ts';
import { startWorkerBelowServer } from '../../thread-priority.ts';
import { workerEntry } from '../../worker-entry.ts';
import { largeUploadCost, type MemoryBudget } from './memory-budget.ts';
import { inlineUpload, type NoteUpload } from './note-request.ts';
import type { FromParser, ToParser } from './protocol.ts';

/** Bodies up to this size are parsed right here: about a millisecond of work. */
export const INLINE_PARSE_BYTES = 1024 * 1024;

const PARSER_ENTRY = workerEntry(new URL('./parse.worker.ts', import.meta.url));

interface ParseJob {
  push(chunk: Buffer): void;
  /** Ends the input; resolves with the validated note once the worker has parsed it. */
  result(): Promise<NoteUpload>;
  /** Ends the worker early (the request failed before its body was complete). */
  abort(): void;
}

/** A chunk's memory moves to the worker when it owns its whole buffer; else it is copied. */
function transferable(chunk: Buffer): ArrayBuffer[] {
  const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
  return whole && chunk.buffer instanceof ArrayBuffer ? [chunk.buffer] : [];
}

/** A worker parsing one large note; `onEnd` runs once when it is gone, whatever the cause. */
function startParseJob(entry: URL, onEnd: () => void): ParseJob {
  // Below the server's priority from its start: up to six start at once, next to the server.
  const worker = startWorkerBelowServer(entry, {
    resourceLimits: { maxOldGenerationSizeMb: 768 },
  });
  worker.once('exit', onEnd);
  const post = (message: ToParser, transfer: ArrayBuffer[] = []) =>
    worker.postMessage(message, transfer);
  let waiting: { resolve: (message: FromParser) => void; reject: (error: Error) => void } | null =
    null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = null;
  };
  worker.on('message', (message: FromParser) => {
    const current = waiting;
    waiting = null;
    current?.resolve(message);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The note parser stopped before it answered')));
  const next = (request: ToParser) =>
    new Promise<FromParser>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting = { resolve, reject };
      post(request);
    });
  const stop = () => void worker.terminate();

  async function* parts(): AsyncGenerator<string> {
    try {
      for (;;) {
        const message = await next('next');
        if (message.kind !== 'part') return;
        yield message.data;
      }
    } finally {
      stop();
    }
  }

  return {
    push: (chunk) => post(chunk, transferable(chunk)),
    async result() {
      const answer = await next('end');
      switch (answer.kind) {
        case 'fields':
          return {
            fields: answer.fields,
            partsPerImage: answer.partsPerImage,
            parts: parts(),
            discard: stop,
          };
        case 'refused':
          stop();
          throw new AppError(answer.error.code, answer.error.message, answer.error);
        case 'part':
        case 'done':
          stop();
          throw new Error(`The note parser answered ${answer.kind} before the fields`);
      }
    },
    abort: stop,
  };
}

/**
 * The body of `POST /api/notes`, validated. A small one (nearly every note) is parsed here; a
 * large one streams into a worker thread as it arrives and is parsed there, then comes back in
 * parts, so that a maximum-size upload never stops the event loop for more than a moment. A
 * large one first reserves its memory in `budget` (see memory-budget.ts), before a byte of it
 * is read: by its declared length, or the largest a note can be when it declares none.
 */
export function noteUploadReader(budget: MemoryBudget, parserEntry: URL = PARSER_ENTRY) {
  async function reserveLarge(ctx: Context, declared: number | null): Promise<() => void> {
    const release = await budget.reserve(largeUploadCost(declared ?? MAX_JSON_BODY_BYTES));
    if (release !== null) return release;
    // Refused before the body is read: close afterwards rather than read 70 MB to discard.
    ctx.set('Connection', 'close');
    throw new AppError(
      'UNAVAILABLE',
      'The server is busy with other large notes. Please try again in a moment.',
      { headers: { 'Retry-After': '5' } },
    );
  }

  return async function readNoteUpload(ctx: Context): Promise<NoteUpload> {
    // No body at all reaches the schema, which names what is missing.
    if (!hasBody(ctx.req)) return inlineUpload(undefined);
    checkJsonRequest(ctx, MAX_JSON_BODY_BYTES);
    const lengthHeader = ctx.get('content-length');
    const declared = lengthHeader === '' ? null : Number(lengthHeader);
    if (declared !== null && declared <= INLINE_PARSE_BYTES) {
      return inlineUpload(parseJson((await readBody(ctx, INLINE_PARSE_BYTES)).toString('utf8')));
    }
    // The memory is held for as long as the worker lives: until its last part is taken.
    const job = startParseJob(parserEntry, await reserveLarge(ctx, declared));
    try {
      await streamBody(ctx, MAX_JSON_BODY_BYTES, (chunk) => job.push(chunk));
      return await job.result();
    } catch (error) {
      job.abort();
      throw error;
    }
  };
}
