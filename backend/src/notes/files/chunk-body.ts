import type { ParameterizedContext as Context } from 'koa';
import { FILE_CONTENT_TYPE } from '../../../../shared/api/note-files.ts';
import { FILE_CHUNK_BYTES, FILE_CHUNK_TAG_BYTES } from '../../../../shared/limits.ts';
import { AppError } from '../../http/app-error.ts';
import { hasBody, streamBody } from '../../http/json-body.ts';

/** The longest body a chunk upload can have: a whole chunk and its tag. */
const MAX_CHUNK_WIRE_BYTES = FILE_CHUNK_BYTES + FILE_CHUNK_TAG_BYTES;

const wrongLength = (expected: number) =>
  new AppError('VALIDATION_FAILED', `This chunk must be exactly ${expected} bytes.`, {
    details: { expectedBytes: expected },
  });

/**
 * Reads a chunk's body (raw ciphertext and tag) into one buffer of exactly `expected` bytes:
 * never more than one chunk in memory, and a body of any other length is refused, before a
 * byte is read when its Content-Length says so.
 */
export async function readChunkBody(ctx: Context, expected: number): Promise<Buffer> {
  const type = (ctx.get('content-type').split(';', 1)[0] ?? '').trim().toLowerCase();
  if (type !== FILE_CONTENT_TYPE) {
    throw new AppError('VALIDATION_FAILED', `Send the chunk as ${FILE_CONTENT_TYPE}.`);
  }
  const encoding = ctx.get('content-encoding');
  if (encoding !== '' && encoding.toLowerCase() !== 'identity') {
    throw new AppError('VALIDATION_FAILED', 'Send the chunk uncompressed.');
  }
  const declared = ctx.get('content-length');
  if (declared !== '' && Number(declared) !== expected) throw wrongLength(expected);
  const data = Buffer.allocUnsafe(expected);
  let offset = 0;
  await streamBody(ctx, MAX_CHUNK_WIRE_BYTES, (piece) => {
    if (offset + piece.length > expected) throw wrongLength(expected);
    piece.copy(data, offset);
    offset += piece.length;
  });
  if (offset !== expected) throw wrongLength(expected);
  return data;
}

/**
 * The body of a chunk upload refused before it was read (or while it was): read and dropped
 * when it is at most a chunk long, so the client gets the answer and keeps its connection;
 * anything longer is left unread and the connection closed after the answer.
 */
export async function dropChunkBody(ctx: Context): Promise<void> {
  const request = ctx.req;
  if (!hasBody(request) || request.readableEnded || request.destroyed) return;
  if (ctx.response.get('Connection') === 'close') return;
  if (Number(ctx.get('content-length') || 0) > MAX_CHUNK_WIRE_BYTES) {
    ctx.set('Connection', 'close');
    return;
  }
  await streamBody(ctx, MAX_CHUNK_WIRE_BYTES, () => {}).catch(() => {});
}
