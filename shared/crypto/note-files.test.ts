import { describe, expect, it } from 'vitest';
import { FILE_CHUNK_BYTES } from '../limits.ts';
import { concatBytes, encodeFields, u32be } from './bytes.ts';
import { utf8Encode } from './encoding.ts';
import { sealEnvelope } from './envelope.ts';
import {
  chunkCount,
  chunkPlaintextLength,
  chunkWireLength,
  createFileMeta,
  decryptFileChunk,
  decryptFileMeta,
  decryptFileStream,
  encryptFileChunk,
  encryptFileMeta,
  encryptFileStream,
  type FileMeta,
} from './note-files.ts';
import { LABEL } from './protocol.ts';
import { ENGINES, fixedEngine, fromHex, hex, rejection } from './testing.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';

/**
 * Known answers computed independently of this code with Node's node:crypto (createCipheriv,
 * createHash) from the recipe in docs/protocol.md: K_file = bytes 60..7f, plaintext byte i =
 * (7i + 3) mod 256. `sha256` is that of the file's chunks as stored, one after the other.
 */
const FILE_KEY = fromHex('606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f');
const VECTORS = [
  {
    size: 0,
    wire: 16,
    sha256: 'ef75ff49d042f678be067fe4b8dc8512e5ed677e0cc8f613eb2cb37187f9ee0a',
    hex: '2c728613b0d1b8714d17218e8a53e122',
  },
  {
    size: 1,
    wire: 17,
    sha256: '4fb7381949cfd38edb519ae9789f61cb8967b0d360b7b6623cb4052b722500a6',
    hex: 'd1dd2d85beec751377026894e1b326044a',
  },
  {
    size: 65_536,
    wire: 65_552,
    sha256: 'b419706049ef58617b6e54addc89bc95f7c8e9081d6a6bad6b5523fbd3d833ab',
  },
  {
    size: 65_537,
    wire: 65_569,
    sha256: '7a868845ee74443d2ce1871335ef2437744ccc7efcaaabcb249b9329cb014647',
  },
];
/**
 * The metadata of the second of two files under the note vector's K_content (note.test.ts, no
 * password), IV = bytes 70..7b, AAD fields("ashnote/v1/note/file/meta") ‖ u32be(1) ‖ u32be(2).
 */
const CONTENT_KEY = fromHex('25fb36256b95c838587cc39f470133678e26b8dd54ec15b11c75f44750e9ab71');
const META_IV = fromHex('707172737475767778797a7b');
const META: FileMeta = {
  name: 'contract ✓.pdf',
  type: 'application/pdf',
  size: 65_537,
  key: FILE_KEY,
};
const META_ENVELOPE =
  'v1.cHFyc3R1dnd4eXp7.dxZ_v4bZpDBjztXnldApSFYY9kvATZf6PNUbvPeYcxiLsic-DiJnHnRkEyp19ddQVvFnKk5zU5f7G-9J27y3iKL5vKAMnetRjLuPuEeLcvqBjNp4iwJ0mMY5TE_rMan4P7wVGko4hP980zNuV7CP983zjuO3EdNWuDfSuO5JYpfPdE_5LQ';
const SECOND_OF_TWO = { index: 1, count: 2 };

const plaintextOf = (size: number) =>
  Uint8Array.from({ length: size }, (_, i) => (i * 7 + 3) % 256);

/** A reproducible stream of numbers in [0, 1) (mulberry32), so a failing split can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `bytes` cut at random places into pieces from empty to a few chunks long, as a stream. */
async function* split(bytes: Uint8Array, random: () => number): AsyncGenerator<Uint8Array> {
  let offset = 0;
  while (offset < bytes.length) {
    const kind = random();
    const length =
      kind < 0.1 ? 0 : kind < 0.6 ? Math.floor(random() * 5000) : Math.floor(random() * 200_000);
    yield bytes.slice(offset, offset + length);
    offset += length;
  }
}

async function* whole(...pieces: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* pieces;
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

/** The chunks of a file with `size` bytes of the vector plaintext under `key`, as stored. */
async function sealedChunks(size: number, key = FILE_KEY): Promise<Uint8Array[]> {
  const chunks = await collect(encryptFileStream({ key, size }, whole(plaintextOf(size))));
  return chunks.map((chunk) => chunk.bytes);
}

const openAll = (size: number, ...wire: Uint8Array[]) =>
  collect(decryptFileStream({ key: FILE_KEY, size }, whole(...wire))).then((chunks) =>
    concatBytes(...chunks),
  );

describe('chunk arithmetic', () => {
  it('cuts at 65,536 bytes, an empty file being one empty chunk', () => {
    expect(FILE_CHUNK_BYTES).toBe(65_536);
    expect([0, 1, 65_536, 65_537, 3 * 65_536].map(chunkCount)).toEqual([1, 1, 1, 2, 3]);
    expect(chunkPlaintextLength(0, 0)).toBe(0);
    expect([chunkWireLength(65_537, 0), chunkWireLength(65_537, 1)]).toEqual([65_552, 17]);
    expect(chunkWireLength(3 * 65_536, 2)).toBe(65_552);
  });

  it('refuses sizes and indexes the format cannot have', () => {
    for (const size of [-1, 1.5, Number.NaN, 2 ** 48 + 1]) {
      expect(() => chunkCount(size), String(size)).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT' }),
      );
    }
    expect(chunkCount(2 ** 48)).toBe(2 ** 32);
    for (const index of [-1, 2, 0.5]) {
      expect(() => chunkWireLength(65_537, index)).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT' }),
      );
    }
  });
});

describe.each(ENGINES)('files on the %s engine', (_name, engine) => {
  it.each(VECTORS)('seals $size bytes as the fixed chunks', async (vector) => {
    const plaintext = plaintextOf(vector.size);
    const file = { key: FILE_KEY, size: vector.size };
    const streamed = await collect(encryptFileStream(file, whole(plaintext), engine));
    expect(streamed.map(({ index, last }) => ({ index, last }))).toEqual(
      streamed.map((_, index) => ({ index, last: index === streamed.length - 1 })),
    );
    const wire = concatBytes(...streamed.map((chunk) => chunk.bytes));
    expect(wire.length).toBe(vector.wire);
    expect(hex(await engine.sha256(wire))).toBe(vector.sha256);
    if (vector.hex) expect(hex(wire)).toBe(vector.hex);

    // One chunk at a time gives the same bytes, and opens them again.
    for (const chunk of streamed) {
      const start = chunk.index * FILE_CHUNK_BYTES;
      const part = plaintext.subarray(start, start + FILE_CHUNK_BYTES);
      expect(await encryptFileChunk(file, chunk.index, part, engine)).toEqual(chunk.bytes);
      expect(await decryptFileChunk(file, chunk.index, chunk.bytes, engine)).toEqual(part);
    }
    const opened = await collect(decryptFileStream(file, whole(wire), 0, engine));
    expect(opened.map((chunk) => chunk.length)).toEqual(
      streamed.map((_, index) => chunkPlaintextLength(vector.size, index)),
    );
    expect(concatBytes(...opened)).toEqual(plaintext);
  });

  it('seals the fixed metadata and opens it', async () => {
    const sealer = fixedEngine(engine, [META_IV]);
    expect(await encryptFileMeta(CONTENT_KEY, META, SECOND_OF_TWO, sealer)).toBe(META_ENVELOPE);
    expect(await decryptFileMeta(CONTENT_KEY, META_ENVELOPE, SECOND_OF_TWO, engine)).toEqual(META);
  });

  it('round-trips files cut anywhere, on the way in and on the way out', async () => {
    for (const [seed, size] of [0, 1, 65_535, 65_536, 65_537, 3 * 65_536 + 123].entries()) {
      const random = seeded(seed + 1);
      const meta = await createFileMeta({ name: 'a.bin', type: '', size }, engine);
      const plaintext = engine.randomBytes(size);
      const chunks = await collect(encryptFileStream(meta, split(plaintext, random), engine));
      expect(chunks.map((chunk) => chunk.bytes.length)).toEqual(
        chunks.map((_, index) => chunkWireLength(size, index)),
      );
      const wire = concatBytes(...chunks.map((chunk) => chunk.bytes));
      const opened = await collect(decryptFileStream(meta, split(wire, random), 0, engine));
      expect(concatBytes(...opened), `size ${size}`).toEqual(plaintext);
    }
  });

  it('gives every file a fresh key', async () => {
    const file = { name: 'x', type: 'text/plain', size: 1 };
    const [a, b] = [await createFileMeta(file, engine), await createFileMeta(file, engine)];
    expect(a.key.length).toBe(32);
    expect(hex(a.key)).not.toBe(hex(b.key));
  });
});

describe('a streamed file', () => {
  it('resumes a download from any chunk', async () => {
    const size = 2 * 65_536 + 5;
    const chunks = await sealedChunks(size);
    const file = { key: FILE_KEY, size };
    const rest = await collect(decryptFileStream(file, whole(...chunks.slice(1)), 1));
    expect(concatBytes(...rest)).toEqual(plaintextOf(size).subarray(65_536));
    for (const from of [-1, 3, 0.5]) {
      expect(await rejection(collect(decryptFileStream(file, whole(), from)))).toBe(
        'INVALID_INPUT',
      );
    }
  });

  it('refuses a source shorter or longer than the announced size', async () => {
    const file = { key: FILE_KEY, size: 65_537 };
    const encrypt = (...pieces: Uint8Array[]) => collect(encryptFileStream(file, whole(...pieces)));
    const plaintext = plaintextOf(65_537);
    expect(await rejection(encrypt(plaintext.subarray(1)))).toBe('LENGTH_MISMATCH');
    expect(await rejection(encrypt(plaintextOf(65_538)))).toBe('LENGTH_MISMATCH');
    expect(await rejection(encrypt(plaintext, new Uint8Array(0), Uint8Array.of(1)))).toBe(
      'LENGTH_MISMATCH',
    );
    expect(await encrypt(plaintext, new Uint8Array(0))).toHaveLength(2);

    // The last chunk waits for the end of the source, so a longer one never yields it.
    const yielded: boolean[] = [];
    const longer = encryptFileStream(file, whole(plaintext, Uint8Array.of(0)));
    await expect(async () => {
      for await (const chunk of longer) yielded.push(chunk.last);
    }).rejects.toThrow(expect.objectContaining({ code: 'LENGTH_MISMATCH' }));
    expect(yielded).toEqual([false]);
  });

  it('reads its source a chunk at a time and lets go of it when stopped', async () => {
    let pulled = 0;
    let released = false;
    async function* source() {
      try {
        for (let i = 0; i < 40; i++) {
          pulled += 10_000;
          yield new Uint8Array(10_000);
        }
      } finally {
        released = true;
      }
    }
    for await (const chunk of encryptFileStream({ key: FILE_KEY, size: 400_000 }, source())) {
      expect(chunk.index).toBe(0);
      expect(pulled).toBe(70_000);
      break;
    }
    expect(released).toBe(true);
  });
});

describe('attacks on a file fail', () => {
  const size = 3 * 65_536;

  it('a flipped byte, in a chunk or in a tag', async () => {
    const chunks = await sealedChunks(size);
    for (const [chunk, at] of [
      [0, 0],
      [1, 40_000],
      [2, 65_551],
    ] as const) {
      const copy = chunks.map((bytes) => bytes.slice());
      copy[chunk]![at]! ^= 0x80;
      expect(await rejection(openAll(size, ...copy))).toBe('DECRYPT_FAILED');
    }
  });

  it('a dropped last chunk, or a stream cut inside a chunk', async () => {
    const chunks = await sealedChunks(size);
    expect(await rejection(openAll(size, chunks[0]!, chunks[1]!))).toBe('LENGTH_MISMATCH');
    const cut = chunks[2]!.subarray(0, 65_000);
    expect(await rejection(openAll(size, chunks[0]!, chunks[1]!, cut))).toBe('LENGTH_MISMATCH');
  });

  it('two chunks swapped', async () => {
    const [first, second, third] = await sealedChunks(size);
    expect(await rejection(openAll(size, second!, first!, third!))).toBe('DECRYPT_FAILED');
    expect(await rejection(openAll(size, first!, third!, second!))).toBe('DECRYPT_FAILED');
  });

  it('a chunk taken from another file', async () => {
    const ours = await sealedChunks(size);
    const theirs = await sealedChunks(size, fromHex('ff'.repeat(32)));
    expect(await rejection(openAll(size, ours[0]!, theirs[1]!, ours[2]!))).toBe('DECRYPT_FAILED');
  });

  it('a chunk re-marked last, or the last chunk passed off as a middle one', async () => {
    // Same key and bytes, so only the last flag differs: a 2-chunk file's chunk 1 is its last.
    const three = await sealedChunks(size);
    const two = await sealedChunks(2 * 65_536);
    expect(await rejection(openAll(2 * 65_536, three[0]!, three[1]!))).toBe('DECRYPT_FAILED');
    expect(await rejection(openAll(size, two[0]!, two[1]!, three[2]!))).toBe('DECRYPT_FAILED');
    expect(await openAll(size, two[0]!, three[1]!, three[2]!)).toEqual(plaintextOf(size));
  });

  it('bytes after the last chunk', async () => {
    const chunks = await sealedChunks(size);
    expect(await rejection(openAll(size, ...chunks, Uint8Array.of(0)))).toBe('LENGTH_MISMATCH');
    expect(await rejection(openAll(size, ...chunks, chunks[2]!))).toBe('LENGTH_MISMATCH');
    const glued = concatBytes(chunks[2]!, Uint8Array.of(0));
    expect(await rejection(openAll(size, chunks[0]!, chunks[1]!, glued))).toBe('LENGTH_MISMATCH');
  });

  it('a chunk of the wrong length, one at a time', async () => {
    const file = { key: FILE_KEY, size };
    const [first] = await sealedChunks(size);
    expect(await rejection(decryptFileChunk(file, 0, first!.subarray(1)))).toBe('LENGTH_MISMATCH');
    expect(await rejection(encryptFileChunk(file, 2, new Uint8Array(5)))).toBe('LENGTH_MISMATCH');
  });
});

describe('attacks on the metadata fail', () => {
  it('moved to another index, another file count or another note', async () => {
    const engine = webCryptoEngine;
    const first = await encryptFileMeta(CONTENT_KEY, META, { index: 0, count: 2 }, engine);
    const open = (key: Uint8Array, index: number, count: number, envelope = META_ENVELOPE) =>
      decryptFileMeta(key, envelope, { index, count }, engine);
    expect(await open(CONTENT_KEY, 0, 2, first)).toEqual(META);
    expect(await rejection(open(CONTENT_KEY, 1, 2, first))).toBe('DECRYPT_FAILED');
    expect(await rejection(open(CONTENT_KEY, 0, 1, first))).toBe('DECRYPT_FAILED');
    expect(await rejection(open(CONTENT_KEY, 0, 2))).toBe('DECRYPT_FAILED');
    expect(await rejection(open(CONTENT_KEY, 1, 3))).toBe('DECRYPT_FAILED');
    expect(await rejection(open(fromHex('00'.repeat(32)), 1, 2))).toBe('DECRYPT_FAILED');
    expect(await rejection(open(CONTENT_KEY, 2, 2))).toBe('INVALID_INPUT');
  });

  it('opens only JSON of the metadata’s shape with a 32-byte key', async () => {
    const aad = concatBytes(encodeFields(LABEL.noteFileMeta), u32be(0), u32be(1));
    const only = { index: 0, count: 1 };
    const key = 'YGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6e3x9fn8';
    for (const text of [
      'not json',
      '{"name":"a","type":"","size":-1,"key":"' + key + '"}',
      '{"name":"a","type":"","size":1}',
      '{"name":"a","type":"","size":1,"key":"AAAA"}',
    ]) {
      const envelope = await sealEnvelope(webCryptoEngine, CONTENT_KEY, aad, utf8Encode(text));
      expect(await rejection(decryptFileMeta(CONTENT_KEY, envelope, only)), text).toBe('MALFORMED');
    }
  });
});
