import { describe, expect, it } from 'vitest';
import { concatBytes } from '../crypto/bytes.ts';
import { createFileMeta, encryptFileStream, type EncryptedChunk } from '../crypto/index.ts';
import { FILE_CHUNK_BYTES } from '../limits.ts';
import { downloadChunks, uploadChunks } from './file-transfer.ts';

/**
 * The pacing, retry and resume rules every client's file transfer follows, over a transport
 * held in memory: real chunks, real encryption, failures where the test puts them.
 */

class Transient extends Error {}
const isTransient = (error: unknown) => error instanceof Transient;

async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** getRandomValues fills at most 64 KiB at a time. */
function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  return bytes;
}

async function encrypted(size: number) {
  const plaintext = randomBytes(size);
  const meta = await createFileMeta({ name: 'f', type: '', size });
  const chunks: EncryptedChunk[] = [];
  for await (const chunk of encryptFileStream(meta, pieces(plaintext, 10_000))) chunks.push(chunk);
  return { plaintext, meta, chunks };
}

async function* yielding(chunks: EncryptedChunk[]): AsyncGenerator<EncryptedChunk> {
  yield* chunks;
}

describe('uploadChunks', () => {
  it('sends every chunk once, and after a lost answer asks before sending again', async () => {
    const { chunks } = await encrypted(3 * FILE_CHUNK_BYTES + 5);
    const stored = new Map<number, number>();
    let answerLost = true;
    const sent: number[] = [];
    await uploadChunks(yielding(chunks), {
      put: async (chunk) => {
        stored.set(chunk.index, (stored.get(chunk.index) ?? 0) + 1);
        // Chunk 1 arrives, but its answer does not.
        if (chunk.index === 1 && answerLost) {
          answerLost = false;
          throw new Transient();
        }
      },
      stillMissing: async (index) => !stored.has(index),
      isTransient,
      onSent: (bytes) => sent.push(bytes),
    });
    expect([...stored.entries()].sort()).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(sent.reduce((sum, bytes) => sum + bytes, 0)).toBe(3 * FILE_CHUNK_BYTES + 5);
  }, 10_000);

  it('stops at a failure that trying again cannot cure, and keeps no more than 4 in flight', async () => {
    const { chunks } = await encrypted(20 * FILE_CHUNK_BYTES);
    let inFlight = 0;
    let most = 0;
    const puts: number[] = [];
    const upload = uploadChunks(yielding(chunks), {
      put: async (chunk) => {
        puts.push(chunk.index);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        if (chunk.index === 6) throw new Error('refused');
      },
      stillMissing: async () => true,
      isTransient,
      onSent: () => undefined,
    });
    await expect(upload).rejects.toThrow('refused');
    expect(most).toBe(4);
    expect(puts.length).toBeLessThan(chunks.length);
  });
});

describe('downloadChunks', () => {
  it('resumes a cut-off download at the first chunk not yet written', async () => {
    const { plaintext, meta, chunks } = await encrypted(4 * FILE_CHUNK_BYTES + 7);
    const asked: number[] = [];
    const written: Uint8Array[] = [];
    await downloadChunks(meta, {
      async *chunksFrom(from) {
        asked.push(from);
        for (const chunk of chunks.slice(from)) {
          // The first connection drops halfway through chunk 2.
          if (asked.length === 1 && chunk.index === 2) {
            yield chunk.bytes.subarray(0, 100);
            throw new Transient();
          }
          yield chunk.bytes;
        }
      },
      write: async (bytes) => void written.push(bytes),
      isTransient,
    });
    expect(asked).toEqual([0, 2]);
    expect(concatBytes(...written)).toEqual(plaintext);
  }, 10_000);

  it('does not try again when a chunk fails to open', async () => {
    const { meta, chunks } = await encrypted(2 * FILE_CHUNK_BYTES);
    const asked: number[] = [];
    const tampered = chunks.map((chunk) => chunk.bytes.slice());
    tampered[1]![0]! ^= 1;
    const download = downloadChunks(meta, {
      async *chunksFrom(from) {
        asked.push(from);
        yield* tampered.slice(from);
      },
      write: async () => undefined,
      isTransient: () => true,
    });
    await expect(download).rejects.toMatchObject({ code: 'DECRYPT_FAILED' });
    expect(asked).toEqual([0]);
  });
});
