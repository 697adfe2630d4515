import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import { AppError } from './app-error.ts';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body; `undefined` when the request had none. Validate before use. */
    body?: unknown;
  }
}

/**
 * Request bodies are JSON only, read into memory up to `limitBytes` and parsed with
 * `JSON.parse`. Compressed bodies are refused: they would let a small request expand past the
 * limit. Every route validates the parsed value with a schema from `shared/` that copies only
 * the fields it knows, so keys such as `__proto__` never reach an object that is merged.
 */
export function jsonBody(limitBytes: number) {
  return async (ctx: Context, next: Next) => {
    if (hasBody(ctx.req)) {
      if (!ctx.is('application/json')) {
        throw new AppError('VALIDATION_FAILED', 'Send the request body as application/json.');
      }
      const encoding = ctx.get('content-encoding');
      if (encoding !== '' && encoding.toLowerCase() !== 'identity') {
        throw new AppError('VALIDATION_FAILED', 'Send the request body uncompressed.');
      }
      const text = await readText(ctx.req, limitBytes);
      try {
        ctx.request.body = JSON.parse(text);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
      }
    }
    await next();
  };
}

function hasBody(request: IncomingMessage): boolean {
  return (
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0
  );
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.');

/**
 * Stops reading at the limit without destroying the request, so the 413 can still be sent;
 * Node discards the rest of an unread body once the response has finished.
 */
function readText(request: IncomingMessage, limitBytes: number): Promise<string> {
  if (Number(request.headers['content-length'] ?? 0) > limitBytes) {
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        finish();
        reject(tooLarge());
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      finish();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    // A client that goes away mid-body: nobody is left to answer, but the request must settle.
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
