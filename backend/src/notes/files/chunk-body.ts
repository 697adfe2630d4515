import type { ParameterizedContext as Context } from 'koa';
import { FILE_CONTENT_TYPE } from '../../../../shared/api/note-files.ts';
import { FILE_CHUNK_BYTES, FILE_CHUNK_TAG_BYTES } from '../../../../shared/limits.ts';
import { AppError } from '../../http/app-error.ts';
import { hasBody, streamBody } from '../../http/json-body.ts';
import { wrongChunkLength } from './upload-rules.ts';

/** The longest body a chunk upload can have: a whole chunk and its tag. */
const MAX_CHUNK_WIRE_BYTES = FILE_CHUNK_BYTES + FILE_CHUNK_TAG_BYTES;

const mediaType = (ctx: Context) =>
  (ctx.get('content-type').split(';', 1)[0] ?? '').trim().toLowerCase();
const isUncompressed = (ctx: Context) => {
  const encoding = ctx.get('content-encoding');
  return encoding === '' || encoding.toLowerCase() === 'identity';
};

/**
 * The body's length when its headers announce a chunk as the clients send one: raw bytes,
 * uncompressed, with a Content-Length from a tag's to a whole chunk's and its tag. Such a body is read
 * before anything is checked, so that one statement checks and stores it (see the PUT route);
 * null for any other, which is read only once the checks have given its length.
 */
export function announcedChunkLength(ctx: Context): number | null {
  const declared = ctx.get('content-length');
  if (declared === '' || mediaType(ctx) !== FILE_CONTENT_TYPE || !isUncompressed(ctx)) return null;
  const length = Number(declared);
  return length >= FILE_CHUNK_TAG_BYTES && length <= MAX_CHUNK_WIRE_BYTES ? length : null;
}

/**
 * Reads a chunk's body (raw ciphertext and tag) into one buffer of exactly `expected` bytes:
 * never more than one chunk in memory, and a body of any other length is refused, before a
 * byte is read when its Content-Length says so.
 */
export async function readChunkBody(ctx: Context, expected: number): Promise<Buffer> {
  if (mediaType(ctx) !== FILE_CONTENT_TYPE) {
    throw new AppError('VALIDATION_FAILED', `Send the chunk as ${FILE_CONTENT_TYPE}.`);
  }
  if (!isUncompressed(ctx)) {
    throw new AppError('VALIDATION_FAILED', 'Send the chunk uncompressed.');
  }
  const declared = ctx.get('content-length');
  if (declared !== '' && Number(declared) !== expected) throw wrongChunkLength(expected);
  const data = Buffer.allocUnsafe(expected);
  let offset = 0;
  await streamBody(ctx, MAX_CHUNK_WIRE_BYTES, (piece) => {
    if (offset + piece.length > expected) throw wrongChunkLength(expected);
    piece.copy(data, offset);
    offset += piece.length;
  });
  if (offset !== expected) throw wrongChunkLength(expected);
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
