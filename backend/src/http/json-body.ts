import type { IncomingMessage } from 'node:http';
import type { Next, ParameterizedContext as Context } from 'koa';
import { AppError } from './app-error.ts';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body; `undefined` when the request had none. Validate before use. */
    body?: unknown;
  }
}

/** Bodies of every JSON call but note creation: a proof, a duration, an e-mail address. */
export const SMALL_JSON_BODY_BYTES = 4 * 1024;

export function hasBody(request: IncomingMessage): boolean {
  return (
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0
  );
}

/**
 * A request refused before its body was read: the connection closes after the answer, so Node
 * does not read (and discard) the rest of a body that may be enormous or never end.
 */
function refuse(ctx: Context, error: AppError): never {
  ctx.set('Connection', 'close');
  throw error;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.');

/**
 * GET, HEAD, DELETE and OPTIONS carry no body here (only POST and a file chunk's PUT do): one
 * that comes is refused, unread.
 */
export function refuseUnexpectedBody(ctx: Context): void {
  if (ctx.method !== 'POST' && ctx.method !== 'PUT' && hasBody(ctx.req)) {
    refuse(ctx, new AppError('VALIDATION_FAILED', 'This request must not have a body.'));
  }
}

/**
 * A Content-Type's media type without its parameters, lower-cased: `application/json` for
 * `Application/JSON; charset=utf-8`. Koa's `ctx.is` (type-is) does the same with a full parse
 * and a MIME-table lookup, on every JSON call.
 */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * What every JSON body must be before a byte of it is read: JSON, uncompressed (a compressed
 * body could expand past the limit), and not announced larger than the route's limit.
 */
export function checkJsonRequest(ctx: Context, limitBytes: number): void {
  if (mediaType(ctx.req.headers['content-type']) !== 'application/json') {
    refuse(ctx, new AppError('VALIDATION_FAILED', 'Send the request body as application/json.'));
  }
  const encoding = ctx.get('content-encoding');
  if (encoding !== '' && encoding.toLowerCase() !== 'identity') {
    refuse(ctx, new AppError('VALIDATION_FAILED', 'Send the request body uncompressed.'));
  }
  if (Number(ctx.get('content-length') || 0) > limitBytes) refuse(ctx, tooLarge());
}

/**
 * Feeds the body to `onChunk` as it arrives, up to `limitBytes`. Past the limit, or when
 * `onChunk` throws, it stops reading without destroying the request, so the error can still be
 * answered. A client that goes away mid-body settles the promise too: nobody is left to answer,
 * but the request must end.
 */
export function streamBody(
  ctx: Context,
  limitBytes: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  const request = ctx.req;
  return new Promise((resolve, reject) => {
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      try {
        if (size > limitBytes) throw tooLarge();
        onChunk(chunk);
      } catch (error) {
        finish();
        ctx.set('Connection', 'close');
        reject(error);
      }
    };
    const onEnd = () => {
      finish();
      resolve(size);
    };
    const onAbort = () => {
      finish();
      reject(new AppError('VALIDATION_FAILED', 'The request body was not received completely.'));
    };
    const finish = () => {
      request.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
      request.pause();
    };
    request.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onAbort);
  });
}

/** Parses a whole (small) JSON body on this thread. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
}

/** Reads the whole body into memory, up to the limit. */
export async function readBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const size = await streamBody(ctx, limitBytes, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks, size);
}

/**
 * A route's JSON body, read and parsed within that route's own limit; routes that take no body
 * never read one. `ctx.request.body` stays undefined for a bodiless request, so the route's
 * schema names what is missing.
 */
export function jsonBody(limitBytes: number = SMALL_JSON_BODY_BYTES) {
  return async (ctx: Context, next: Next) => {
    if (hasBody(ctx.req)) {
      checkJsonRequest(ctx, limitBytes);
      ctx.request.body = parseJson((await readBody(ctx, limitBytes)).toString('utf8'));
    }
    await next();
  };
}
