import crypto from 'node:crypto';

const ID_BYTES = 16;
/**
 * Random bytes drawn from the system in blocks: one call per 256 ids instead of one per id
 * (every relayed message and every note gets an id, and a call each showed in the profiles).
 * The bytes are the same CSPRNG output either way, and each is handed out once.
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/** 128 random bits: a note's id, an instance's name, a join's connection token, a message's id. */
export function randomId(): string {
  if (offset === pool.length) {
    crypto.randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
