import type { ParameterizedContext as Context } from 'koa';
import { MAX_JSON_BODY_BYTES } from '../../../../shared/limits.ts';
import { AppError } from '../../http/app-error.ts';
import { checkJsonRequest, hasBody, parseJson, streamBody } from '../../http/json-body.ts';
import { startWorkerBelowServer } from '../../thread-priority.ts';
import { workerEntry } from '../../worker-entry.ts';
import { inlineUpload, type NoteUpload } from './note-request.ts';
import type { FromParser, ToParser } from './protocol.ts';

/** Bodies up to this size are parsed right here: about a millisecond of work. */
export const INLINE_PARSE_BYTES = 1024 * 1024;
/**
 * Large notes parsed at once. Each holds up to ~70 MB twice (bytes and strings) while it is
 * parsed; past this many the next one is asked to come back shortly, so memory stays bounded.
 */
export const MAX_PARALLEL_LARGE_UPLOADS = 6;

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
 * parts, so that a maximum-size upload never stops the event loop for more than a moment.
 */
export function noteUploadReader(parserEntry: URL = PARSER_ENTRY) {
  let largeInFlight = 0;

  function takeLargeSlot(ctx: Context): () => void {
    if (largeInFlight >= MAX_PARALLEL_LARGE_UPLOADS) {
      // Refused before the body is read: close afterwards rather than read 70 MB to discard.
      ctx.set('Connection', 'close');
      throw new AppError(
        'UNAVAILABLE',
        'The server is busy with other large notes. Please try again in a moment.',
        { headers: { 'Retry-After': '5' } },
      );
    }
    largeInFlight++;
    let released = false;
    return () => {
      if (!released) largeInFlight--;
      released = true;
    };
  }

  return async function readNoteUpload(ctx: Context): Promise<NoteUpload> {
    // No body at all reaches the schema, which names what is missing.
    if (!hasBody(ctx.req)) return inlineUpload(undefined);
    checkJsonRequest(ctx, MAX_JSON_BODY_BYTES);

    const small: Buffer[] = [];
    let smallSize = 0;
    let job: ParseJob | null = null;
    // The slot is held for as long as the worker lives: until its last part is taken.
    const toWorker = () => {
      job = startParseJob(parserEntry, takeLargeSlot(ctx));
      for (const chunk of small) job.push(chunk);
      small.length = 0;
    };
    if (Number(ctx.get('content-length') || 0) > INLINE_PARSE_BYTES) toWorker();
    try {
      await streamBody(ctx, MAX_JSON_BODY_BYTES, (chunk) => {
        if (job !== null) {
          job.push(chunk);
          return;
        }
        small.push(chunk);
        smallSize += chunk.length;
        // A chunked body that turns out large moves to the worker with what came so far.
        if (smallSize > INLINE_PARSE_BYTES) toWorker();
      });
      if (job === null) {
        return inlineUpload(parseJson(Buffer.concat(small, smallSize).toString('utf8')));
      }
      return await (job as ParseJob).result();
    } catch (error) {
      (job as ParseJob | null)?.abort();
      throw error;
    }
  };
}
