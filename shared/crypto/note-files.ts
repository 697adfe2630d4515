import { z } from 'zod';
import { FILE_CHUNK_BYTES, fileChunkCount, fileChunkPlaintextBytes } from '../limits.ts';
import { assertLength, concatBytes, encodeFields, u32be } from './bytes.ts';
import { base64UrlEncode, utf8Decode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { openEnvelope, sealEnvelope } from './envelope.ts';
import { CryptoError } from './errors.ts';
import { resolveEngine } from './get-engine.ts';
import { decodeKeyText } from './keys.ts';
import { IV_BYTES, KEY_BYTES, LABEL, TAG_BYTES } from './protocol.ts';

/**
 * Files of any kind and size, in chunks (DESIGN §3 files; exact bytes in docs/protocol.md). What
 * each part protects against:
 * - K_file, 32 random bytes made for one file and never reused, encrypts that file's chunks. A
 *   chunk spliced in from another file, of this note or any other, does not open.
 * - Chunk i of n is AES-256-GCM under K_file with IV and AAD holding i and a last flag (1 only
 *   for i = n-1): the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár 2015). Reordered
 *   chunks do not open; a file cut after any chunk lacks the one chunk that opens as the last,
 *   and no other chunk passes for it. As the key is fresh per file, the IV needs no random part.
 * - The metadata `{ name, type, size, key }` is an envelope under the note's content key with an
 *   AAD holding the file's index and the file count, so the server cannot reorder, drop, repeat
 *   or move files between notes; K_file travels only inside it.
 * The server learns how many files there are and each one's size (the ciphertext tells it).
 *
 * Chunks are deterministic for a key: encrypting chunk i again (a resumed upload) gives the same
 * bytes, which is harmless, but only if they are the same plaintext. Different bytes under the
 * same key and index would reuse an IV, revealing both plaintexts and allowing forgeries: a
 * file that changed must get a new key and new metadata, never a resumed upload.
 */

/** A file's description as its sender gave it; after decryption, whatever the sender chose. */
export interface FileMeta {
  /** Never use it as a path as is. */
  name: string;
  /** The MIME type the sender's system reported; may be empty. Never trust it to render. */
  type: string;
  /** Plaintext bytes. */
  size: number;
  /** K_file (32 bytes). Never leaves the client unencrypted; never log it. */
  key: Uint8Array;
}

/** What encrypting or decrypting a file's chunks needs; a `FileMeta` will do. */
export type FileCipher = Pick<FileMeta, 'key' | 'size'>;

/** Where a file sits among its note's files, as the sender attached them. */
export interface FilePosition {
  /** From 0. */
  index: number;
  /** How many files the note has. */
  count: number;
}

/** The chunk index is a u32, so a file has at most 2³² chunks. */
const MAX_FILE_BYTES = 2 ** 32 * FILE_CHUNK_BYTES;

function checkSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_FILE_BYTES) {
    throw new CryptoError('INVALID_INPUT', 'file size must be a byte count within 2^48');
  }
}

/** How many chunks a file of `size` bytes has: an empty file is one empty chunk. */
export function chunkCount(size: number): number {
  checkSize(size);
  return fileChunkCount(size);
}

/** Plaintext bytes in chunk `index` of a file of `size` bytes. */
export function chunkPlaintextLength(size: number, index: number): number {
  const count = chunkCount(size);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new CryptoError('INVALID_INPUT', 'chunk index must be within the chunk count');
  }
  return fileChunkPlaintextBytes(size, index);
}

/** Bytes of chunk `index` as stored and sent: its plaintext length plus the GCM tag. */
export function chunkWireLength(size: number, index: number): number {
  return chunkPlaintextLength(size, index) + TAG_BYTES;
}

const metaSchema = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().int().min(0).max(MAX_FILE_BYTES),
  key: z.string(),
});

function metaAad({ index, count }: FilePosition): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new CryptoError('INVALID_INPUT', 'file index must be within the file count');
  }
  return concatBytes(encodeFields(LABEL.noteFileMeta), u32be(index), u32be(count));
}

/** The metadata of a file about to be sent, with its own fresh K_file. */
export async function createFileMeta(
  file: Omit<FileMeta, 'key'>,
  engine?: CryptoEngine,
): Promise<FileMeta> {
  checkSize(file.size);
  const key = (await resolveEngine(engine)).randomBytes(KEY_BYTES);
  return { name: file.name, type: file.type, size: file.size, key };
}

/** The metadata as an envelope under the note's content key (JSON, the key base64url). */
export async function encryptFileMeta(
  contentKey: Uint8Array,
  meta: FileMeta,
  position: FilePosition,
  engine?: CryptoEngine,
): Promise<string> {
  checkSize(meta.size);
  assertLength(meta.key, KEY_BYTES, 'file key');
  const aad = metaAad(position);
  const { name, type, size } = meta;
  const json = JSON.stringify({ name, type, size, key: base64UrlEncode(meta.key) });
  return sealEnvelope(await resolveEngine(engine), contentKey, aad, utf8Encode(json));
}

/**
 * What a note or a request's answer carries for its files: each one's metadata sealed at its
 * place among `metas`, and its size, which the server checks against its limits.
 */
export async function encryptFileMetas(
  contentKey: Uint8Array,
  metas: readonly FileMeta[],
  engine?: CryptoEngine,
): Promise<{ meta: string; size: number }[]> {
  const files: { meta: string; size: number }[] = [];
  for (const [index, meta] of metas.entries()) {
    const position = { index, count: metas.length };
    files.push({
      meta: await encryptFileMeta(contentKey, meta, position, engine),
      size: meta.size,
    });
  }
  return files;
}

/**
 * `position` is where the envelope arrived among the note's file envelopes. Throws
 * `DECRYPT_FAILED` (wrong key, tampering, a file moved, repeated or from another note),
 * `MALFORMED` or `UNSUPPORTED_VERSION`.
 */
export async function decryptFileMeta(
  contentKey: Uint8Array,
  envelope: string,
  position: FilePosition,
  engine?: CryptoEngine,
): Promise<FileMeta> {
  const aad = metaAad(position);
  const plaintext = await openEnvelope(await resolveEngine(engine), contentKey, aad, envelope);
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(plaintext));
  } catch (cause) {
    throw new CryptoError('MALFORMED', 'file metadata is not JSON', { cause });
  }
  const meta = metaSchema.safeParse(parsed);
  if (!meta.success) throw new CryptoError('MALFORMED', 'not file metadata');
  const { name, type, size } = meta.data;
  return { name, type, size, key: decodeKeyText(meta.data.key, 'file key') };
}

/** IV = 7 zero bytes ‖ u32be(index) ‖ u8(last); AAD = fields(label) ‖ u32be(index) ‖ u8(last). */
function chunkNonce(size: number, index: number): { iv: Uint8Array; aad: Uint8Array } {
  const last = index === chunkCount(size) - 1 ? 1 : 0;
  const place = concatBytes(u32be(index), Uint8Array.of(last));
  const iv = concatBytes(new Uint8Array(IV_BYTES - place.length), place);
  return { iv, aad: concatBytes(encodeFields(LABEL.noteFileChunk), place) };
}

async function sealChunk(
  engine: CryptoEngine,
  file: FileCipher,
  index: number,
  plaintext: Uint8Array,
): Promise<Uint8Array> {
  if (plaintext.length !== chunkPlaintextLength(file.size, index)) {
    throw new CryptoError('LENGTH_MISMATCH', 'chunk length does not match the file size');
  }
  assertLength(file.key, KEY_BYTES, 'file key');
  const { iv, aad } = chunkNonce(file.size, index);
  return engine.aesGcmEncrypt(file.key, iv, plaintext, aad);
}

async function openChunk(
  engine: CryptoEngine,
  file: FileCipher,
  index: number,
  wire: Uint8Array,
): Promise<Uint8Array> {
  if (wire.length !== chunkWireLength(file.size, index)) {
    throw new CryptoError('LENGTH_MISMATCH', 'chunk length does not match the file size');
  }
  assertLength(file.key, KEY_BYTES, 'file key');
  const { iv, aad } = chunkNonce(file.size, index);
  return engine.aesGcmDecrypt(file.key, iv, wire, aad);
}

/**
 * Chunk `index` of the file, as stored and sent (ciphertext ‖ tag). `plaintext` must be exactly
 * that chunk's bytes (`LENGTH_MISMATCH` otherwise).
 */
export async function encryptFileChunk(
  file: FileCipher,
  index: number,
  plaintext: Uint8Array,
  engine?: CryptoEngine,
): Promise<Uint8Array> {
  return sealChunk(await resolveEngine(engine), file, index, plaintext);
}

/**
 * Throws `DECRYPT_FAILED` (another file's chunk, another index, a changed byte) or
 * `LENGTH_MISMATCH` (not the length chunk `index` has).
 */
export async function decryptFileChunk(
  file: FileCipher,
  index: number,
  wire: Uint8Array,
  engine?: CryptoEngine,
): Promise<Uint8Array> {
  return openChunk(await resolveEngine(engine), file, index, wire);
}

/**
 * Takes exact byte counts from a source that cuts its bytes anywhere (a file's stream, a fetch
 * body), holding no more than one request's worth plus one piece of the source.
 */
class ExactReader {
  readonly #source: AsyncIterator<Uint8Array>;
  readonly #pieces: Uint8Array[] = [];
  /** Bytes of `#pieces[0]` already taken. */
  #offset = 0;
  #buffered = 0;
  #ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** Exactly `length` bytes, in a fresh array; `LENGTH_MISMATCH` when the source ends first. */
  async read(length: number): Promise<Uint8Array> {
    while (this.#buffered < length) {
      if (!(await this.#pull())) throw new CryptoError('LENGTH_MISMATCH', 'the stream ended early');
    }
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const piece = this.#pieces[0]!;
      const taken = Math.min(piece.length - this.#offset, length - filled);
      out.set(piece.subarray(this.#offset, this.#offset + taken), filled);
      filled += taken;
      this.#offset += taken;
      if (this.#offset === piece.length) {
        this.#pieces.shift();
        this.#offset = 0;
      }
    }
    this.#buffered -= length;
    return out;
  }

  /** `LENGTH_MISMATCH` unless the source has no bytes left. */
  async expectEnd(): Promise<void> {
    while (this.#buffered === 0) {
      if (!(await this.#pull())) return;
    }
    throw new CryptoError('LENGTH_MISMATCH', 'bytes follow the last chunk');
  }

  /** Lets go of the source (cancels a stream) when it was not read to its end. */
  async close(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.#source.return?.();
  }

  async #pull(): Promise<boolean> {
    const next = await this.#source.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    if (!(next.value instanceof Uint8Array)) {
      throw new CryptoError('INVALID_INPUT', 'a byte stream must yield Uint8Arrays');
    }
    if (next.value.length > 0) {
      this.#pieces.push(next.value);
      this.#buffered += next.value.length;
    }
    return true;
  }
}

export interface EncryptedChunk {
  index: number;
  /** True for the file's last chunk only. */
  last: boolean;
  /** The chunk as stored and sent: ciphertext ‖ tag. */
  bytes: Uint8Array;
}

/**
 * The file's chunks in order, encrypted, from its plaintext cut anywhere (e.g. a Blob's
 * stream). The last chunk comes only once the source has ended, and a source shorter or longer
 * than `file.size` throws `LENGTH_MISMATCH` (chunks before that point have been yielded). Holds
 * one chunk and one piece of the source at a time.
 */
export async function* encryptFileStream(
  file: FileCipher,
  source: AsyncIterable<Uint8Array>,
  engine?: CryptoEngine,
): AsyncGenerator<EncryptedChunk, void, undefined> {
  const resolved = await resolveEngine(engine);
  const count = chunkCount(file.size);
  const reader = new ExactReader(source);
  try {
    for (let index = 0; index < count; index++) {
      const plaintext = await reader.read(chunkPlaintextLength(file.size, index));
      const last = index === count - 1;
      if (last) await reader.expectEnd();
      yield { index, last, bytes: await sealChunk(resolved, file, index, plaintext) };
    }
  } finally {
    await reader.close();
  }
}

/**
 * The file's plaintext chunk by chunk, from its chunks' bytes cut anywhere (e.g. a fetch body),
 * starting at chunk `from` (a resumed download). Each chunk is authenticated before it is
 * yielded, but the file is complete only when the generator finishes: throws `DECRYPT_FAILED`
 * (a changed, reordered or foreign chunk) or `LENGTH_MISMATCH` (the stream ends before the last
 * chunk, or bytes follow it), after which what was yielded must be thrown away. The last chunk
 * comes only once the source has ended. Holds one chunk and one piece of the source at a time.
 */
export async function* decryptFileStream(
  file: FileCipher,
  source: AsyncIterable<Uint8Array>,
  from = 0,
  engine?: CryptoEngine,
): AsyncGenerator<Uint8Array, void, undefined> {
  const resolved = await resolveEngine(engine);
  const count = chunkCount(file.size);
  if (!Number.isInteger(from) || from < 0 || from >= count) {
    throw new CryptoError('INVALID_INPUT', 'the first chunk must be within the chunk count');
  }
  const reader = new ExactReader(source);
  try {
    for (let index = from; index < count; index++) {
      const wire = await reader.read(chunkWireLength(file.size, index));
      if (index === count - 1) await reader.expectEnd();
      yield await openChunk(resolved, file, index, wire);
    }
  } finally {
    await reader.close();
  }
}
