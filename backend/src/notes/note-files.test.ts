import crypto from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../../shared/api/config.ts';
import { FILE_CONTENT_TYPE, type UploadProgressResponse } from '../../../shared/api/note-files.ts';
import type { NoteInfoResponse, VerifyNoteResponse } from '../../../shared/api/notes.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import type { ErrorBody, ErrorCode } from '../../../shared/errors.ts';
import {
  DEFAULT_NOTE_MAX_FILE_BYTES,
  FILE_CHUNK_BYTES,
  NOTE_MAX_FILES,
  NOTE_MAX_PROOF_ATTEMPTS,
  fileChunkCount,
  fileChunkWireBytes,
} from '../../../shared/limits.ts';
import {
  createFakeNote,
  fakeEnvelope,
  noteProofs,
  postJson,
  UNLIMITED_NOTES,
} from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { notesRepository } from './notes.repository.ts';

/** A note with files as the browser makes it: sealed metadata (random here) and sizes. */
interface FileNote {
  noteId: string;
  uploadToken: string;
  proof: string;
  linkProof: string;
  files: { meta: string; size: number }[];
  /** Stands for the key the chunks are encrypted with: each chunk's bytes follow from it. */
  seed: Buffer;
}

/** Chunk `chunk` of file `file` as uploaded: random-looking bytes of the right length. */
function chunkBytes(note: FileNote, file: number, chunk: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(file, 0);
  iv.writeUInt32BE(chunk, 4);
  const length = fileChunkWireBytes(note.files[file]!.size, chunk);
  return crypto.createCipheriv('aes-128-ctr', note.seed, iv).update(Buffer.alloc(length));
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const randomToken = () => crypto.randomBytes(32).toString('base64url');
const errorOf = async <Code extends ErrorCode = ErrorCode>(response: Response) =>
  ((await response.json()) as ErrorBody<Code>).error;

async function createFileNote(
  t: TestServer,
  sizes: number[],
  extra: Record<string, unknown> = {},
): Promise<FileNote> {
  const files = sizes.map((size) => ({ meta: fakeEnvelope(200), size }));
  const note = await createFakeNote(t.url, { files, ...extra });
  const { uploadToken } = note as typeof note & { uploadToken: string };
  expect(uploadToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { ...note, uploadToken, files, seed: crypto.randomBytes(16) };
}

const putChunk = (
  t: TestServer,
  note: FileNote,
  file: number,
  chunk: number,
  body: Uint8Array = chunkBytes(note, file, chunk),
  token = note.uploadToken,
) =>
  fetch(`${t.url}${apiPaths.noteFileChunk(note.noteId, file, chunk)}`, {
    method: 'PUT',
    headers: { 'Content-Type': FILE_CONTENT_TYPE, ...bearer(token) },
    body,
  });

/** Uploads every chunk of every file, a few at once, and checks each was taken. */
async function uploadAll(t: TestServer, note: FileNote, except: [number, number][] = []) {
  const all = note.files.flatMap((file, index) =>
    Array.from({ length: fileChunkCount(file.size) }, (_, chunk) => [index, chunk] as const),
  );
  const todo = all.filter(([file, chunk]) => !except.some(([f, c]) => f === file && c === chunk));
  const worker = async () => {
    for (let next = todo.shift(); next !== undefined; next = todo.shift()) {
      const response = await putChunk(t, note, next[0], next[1]);
      expect(response.status).toBe(204);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

const complete = (t: TestServer, note: FileNote, token = note.uploadToken) =>
  fetch(`${t.url}${apiPaths.noteComplete(note.noteId)}`, {
    method: 'POST',
    headers: bearer(token),
  });
const progress = (t: TestServer, note: FileNote) =>
  fetch(`${t.url}${apiPaths.noteUpload(note.noteId)}`, { headers: bearer(note.uploadToken) });
const verify = (t: TestServer, note: FileNote, proof = note.proof) =>
  postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, { proof, linkProof: note.linkProof });
const download = (t: TestServer, id: string, file: number, token: string, from = 0) =>
  fetch(`${t.url}${apiPaths.noteFile(id, file, from)}`, { headers: bearer(token) });
const deleteFiles = (t: TestServer, id: string, token: string) =>
  fetch(`${t.url}${apiPaths.noteFiles(id)}`, { method: 'DELETE', headers: bearer(token) });

/** A created, fully uploaded and completed note with files. */
async function completedNote(t: TestServer, sizes: number[], extra: Record<string, unknown> = {}) {
  const note = await createFileNote(t, sizes, extra);
  await uploadAll(t, note);
  expect((await complete(t, note)).status).toBe(200);
  return note;
}

async function read(t: TestServer, note: FileNote): Promise<VerifyNoteResponse> {
  const response = await verify(t, note);
  expect(response.status).toBe(200);
  return (await response.json()) as VerifyNoteResponse;
}

/** What the server keeps of a note's files: file rows and chunk rows. */
async function storedRows(t: TestServer, id: string) {
  const db = t.server.database.sql;
  const count = async (table: 'note_file' | 'note_file_chunk') =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where note_id = ${id}`.execute(db)
    ).rows[0]!.n;
  return { files: await count('note_file'), chunks: await count('note_file_chunk') };
}

const sweep = (t: TestServer) => notesRepository(t.server.database).sweep(30);

/**
 * The figure once it has dropped below `limit`, or its last value after 10 s. V8 frees the
 * memory behind dead byte arrays on a background thread after a collection, so what a
 * collection released shows a moment later (longer on a busy machine); a file still held
 * would never drop below the limit.
 */
async function settledBelow(measure: () => number, limit: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let bytes = measure();
  while (bytes >= limit && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    bytes = measure();
  }
  return bytes;
}

describe.each(TEST_DATABASES)('files in notes on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {}, { notes: UNLIMITED_NOTES });
  });
  afterAll(() => t.stop());

  it('announces the file limits in the configuration', async () => {
    const config = publicConfigSchema.parse(await (await fetch(`${t.url}/api/config`)).json());
    expect(config.limits).toMatchObject({
      noteMaxFiles: NOTE_MAX_FILES,
      noteMaxFileBytes: DEFAULT_NOTE_MAX_FILE_BYTES,
    });
  });

  it('uploads, completes, reads, streams and deletes a note’s files, refusing every wrong step', async () => {
    // Three chunks (the last 100 bytes), and an empty file: one chunk of just the tag.
    const note = await createFileNote(t, [2 * FILE_CHUNK_BYTES + 100, 0]);
    const { noteId } = note;

    // Not readable, not even known, until complete.
    expect((await fetch(`${t.url}${apiPaths.note(noteId)}`)).status).toBe(404);
    expect((await verify(t, note)).status).toBe(404);

    // Wrong or missing tokens, lengths and places are refused.
    expect((await putChunk(t, note, 0, 0, undefined, randomToken())).status).toBe(403);
    const anonymous = await fetch(`${t.url}${apiPaths.noteFileChunk(noteId, 0, 0)}`, {
      method: 'PUT',
      headers: { 'Content-Type': FILE_CONTENT_TYPE },
      body: chunkBytes(note, 0, 0),
    });
    expect(anonymous.status).toBe(401);
    const short = await putChunk(t, note, 0, 0, Buffer.alloc(100));
    expect(short.status).toBe(400);
    expect((await errorOf<'VALIDATION_FAILED'>(short)).details).toEqual({
      expectedBytes: FILE_CHUNK_BYTES + 16,
    });
    const long = await putChunk(t, note, 0, 2, Buffer.alloc(FILE_CHUNK_BYTES + 16));
    expect(long.status).toBe(400);
    expect((await errorOf<'VALIDATION_FAILED'>(long)).details).toEqual({ expectedBytes: 116 });
    expect((await putChunk(t, note, 0, 3, Buffer.alloc(16))).status).toBe(400);
    expect((await putChunk(t, note, 2, 0, Buffer.alloc(16))).status).toBe(400);
    expect((await storedRows(t, noteId)).chunks).toBe(0);

    // A chunk sent with other bytes first is replaced when sent again.
    expect((await putChunk(t, note, 0, 1, crypto.randomBytes(FILE_CHUNK_BYTES + 16))).status).toBe(
      204,
    );
    expect((await putChunk(t, note, 0, 0)).status).toBe(204);
    expect(await (await progress(t, note)).json()).toEqual({
      complete: false,
      files: [
        { chunks: 3, missing: [{ from: 2, to: 3 }] },
        { chunks: 1, missing: [{ from: 0, to: 1 }] },
      ],
    } satisfies UploadProgressResponse);

    const early = await complete(t, note);
    expect(early.status).toBe(409);
    expect(await errorOf<'UPLOAD_INCOMPLETE'>(early)).toMatchObject({
      code: 'UPLOAD_INCOMPLETE',
      details: { missingChunks: 2 },
    });
    expect((await complete(t, note, randomToken())).status).toBe(403);
    expect((await fetch(`${t.url}${apiPaths.note(noteId)}`)).status).toBe(404);

    await uploadAll(t, note, [[0, 0]]); // re-sends chunk 1 with its right bytes
    const done = await complete(t, note);
    expect(done.status).toBe(200);
    // Asked again (an answer lost on the way), it answers the same.
    expect(await (await complete(t, note)).json()).toEqual(await done.json());
    expect((await putChunk(t, note, 0, 0)).status).toBe(409);
    // The check before the read says how many files wait (the reader can get ready to save).
    expect(await (await fetch(`${t.url}${apiPaths.note(noteId)}`)).json()).toMatchObject({
      isDestroyed: false,
      attachmentCount: 0,
      fileCount: 2,
    } satisfies Partial<NoteInfoResponse>);

    const answer = await read(t, note);
    expect(answer.files).toEqual(note.files);
    expect(answer.downloadToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = answer.downloadToken!;

    const whole = await download(t, noteId, 0, token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe(FILE_CONTENT_TYPE);
    const expected = Buffer.concat([0, 1, 2].map((chunk) => chunkBytes(note, 0, chunk)));
    expect(Number(whole.headers.get('content-length'))).toBe(expected.length);
    expect(Buffer.from(await whole.arrayBuffer()).equals(expected)).toBe(true);
    const resumed = await download(t, noteId, 0, token, 2);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(chunkBytes(note, 0, 2))).toBe(true);
    const empty = await download(t, noteId, 1, token);
    expect(Buffer.from(await empty.arrayBuffer()).equals(chunkBytes(note, 1, 0))).toBe(true);
    expect((await download(t, noteId, 0, token, 3)).status).toBe(400);
    expect((await download(t, noteId, 0, randomToken())).status).toBe(403);
    expect((await download(t, noteId, 0, note.uploadToken)).status).toBe(403);

    // Read once, as any note.
    const again = await verify(t, note);
    expect(again.status).toBe(410);
    expect((await errorOf<'GONE'>(again)).details).toEqual({ reason: 'read' });

    expect((await deleteFiles(t, noteId, randomToken())).status).toBe(403);
    expect((await deleteFiles(t, noteId, token)).status).toBe(204);
    expect((await download(t, noteId, 0, token)).status).toBe(404);
    expect(await storedRows(t, noteId)).toEqual({ files: 0, chunks: 0 });
    // Tokens travel only in headers and are never logged.
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(note.uploadToken);
    expect(logs).not.toContain(token);
  });

  it('takes a chunk streamed without its length, checked before it is read; refuses other kinds of body', async () => {
    const note = await createFileNote(t, [100]);
    const url = `${t.url}${apiPaths.noteFileChunk(note.noteId, 0, 0)}`;
    const send = (headers: Record<string, string>, body: Uint8Array, streamed: boolean) =>
      fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': FILE_CONTENT_TYPE, ...bearer(note.uploadToken), ...headers },
        // A stream goes chunked, with no Content-Length.
        body: streamed
          ? new ReadableStream({
              start(controller) {
                controller.enqueue(body);
                controller.close();
              },
            })
          : body,
        duplex: 'half',
      } as RequestInit);
    const chunk = chunkBytes(note, 0, 0);
    expect((await send(bearer(randomToken()), chunk, true)).status).toBe(403);
    const long = await send({}, crypto.randomBytes(FILE_CHUNK_BYTES + 16), true);
    expect(long.status).toBe(400);
    expect((await errorOf<'VALIDATION_FAILED'>(long)).details).toEqual({ expectedBytes: 116 });
    expect((await send({ 'Content-Type': 'text/plain' }, chunk, false)).status).toBe(400);
    expect((await send({ 'Content-Encoding': 'gzip' }, chunk, false)).status).toBe(400);
    expect((await storedRows(t, note.noteId)).chunks).toBe(0);

    expect((await send({}, chunk, true)).status).toBe(204);
    expect((await complete(t, note)).status).toBe(200);
  });

  it('answers notes without files as before, with neither files nor a download token', async () => {
    const note = await createFakeNote(t.url);
    expect(note).not.toHaveProperty('uploadToken');
    const response = await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
      linkProof: note.linkProof,
    });
    expect(await response.json()).toEqual({ content: note.content, attachedImages: [] });
  });

  it('refuses files over the size limit, with the limit, and more than ten files, storing nothing', async () => {
    const notesBefore = await sql<{
      n: number;
    }>`select (select count(*) from note) + (select count(*) from note_file) as n`.execute(
      t.server.database.sql,
    );
    const proofs = noteProofs();
    const create = (files: { meta: string; size: number }[]) =>
      postJson(`${t.url}${apiPaths.notes}`, {
        content: fakeEnvelope(),
        verifier: proofs.verifier,
        linkVerifier: proofs.linkVerifier,
        expiration: '1d',
        files,
      });
    const half = DEFAULT_NOTE_MAX_FILE_BYTES / 2;
    const tooLarge = await create([
      { meta: fakeEnvelope(), size: half },
      { meta: fakeEnvelope(), size: half + 1 },
    ]);
    expect(tooLarge.status).toBe(413);
    expect(await errorOf<'FILES_TOO_LARGE'>(tooLarge)).toMatchObject({
      code: 'FILES_TOO_LARGE',
      message: expect.stringContaining('100 MB'),
      details: { maxFileBytes: DEFAULT_NOTE_MAX_FILE_BYTES },
    });
    const tooMany = await create(
      Array.from({ length: NOTE_MAX_FILES + 1 }, () => ({ meta: fakeEnvelope(), size: 1 })),
    );
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).code).toBe('VALIDATION_FAILED');
    const notesAfter = await sql<{
      n: number;
    }>`select (select count(*) from note) + (select count(*) from note_file) as n`.execute(
      t.server.database.sql,
    );
    expect(notesAfter.rows[0]!.n).toEqual(notesBefore.rows[0]!.n);
    // Exactly the limit is fine.
    expect(
      (await create([{ meta: fakeEnvelope(), size: DEFAULT_NOTE_MAX_FILE_BYTES }])).status,
    ).toBe(201);
  });

  it('sweeps an upload not completed within the hour, with its chunks', async () => {
    const note = await createFileNote(t, [FILE_CHUNK_BYTES + 1]);
    expect((await putChunk(t, note, 0, 0)).status).toBe(204);
    await sweep(t);
    expect(await storedRows(t, note.noteId)).toEqual({ files: 1, chunks: 1 });
    await sql`update note set created_at = now() - interval '61 minutes' where id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    expect((await sweep(t)).abandoned).toBeGreaterThanOrEqual(1);
    expect(await storedRows(t, note.noteId)).toEqual({ files: 0, chunks: 0 });
    expect((await putChunk(t, note, 0, 1)).status).toBe(404);
    expect((await complete(t, note)).status).toBe(404);
  });

  it('deletes the chunks with the note on Destroy now, expiry and too many wrong passwords', async () => {
    const statusProof = crypto.randomBytes(32);
    const destroyed = await completedNote(t, [3000], {
      statusVerifier: crypto.createHash('sha256').update(statusProof).digest('base64url'),
    });
    expect(await storedRows(t, destroyed.noteId)).toEqual({ files: 1, chunks: 1 });
    const destroy = await postJson(`${t.url}${apiPaths.noteDestroy(destroyed.noteId)}`, {
      statusProof: statusProof.toString('base64url'),
    });
    expect(destroy.status).toBe(200);
    expect(await storedRows(t, destroyed.noteId)).toEqual({ files: 0, chunks: 0 });

    const expired = await completedNote(t, [FILE_CHUNK_BYTES, 10]);
    expect(await storedRows(t, expired.noteId)).toEqual({ files: 2, chunks: 2 });
    await sql`update note set expires_at = now() - interval '1 minute' where id = ${expired.noteId}`.execute(
      t.server.database.sql,
    );
    expect((await sweep(t)).expired).toBeGreaterThanOrEqual(1);
    expect(await storedRows(t, expired.noteId)).toEqual({ files: 0, chunks: 0 });
    const info = (await (
      await fetch(`${t.url}${apiPaths.note(expired.noteId)}`)
    ).json()) as NoteInfoResponse;
    expect(info).toMatchObject({ isDestroyed: true, reason: 'expired' });

    const guessed = await completedNote(t, [1]);
    for (let attempt = 0; attempt < NOTE_MAX_PROOF_ATTEMPTS; attempt++) {
      await verify(t, guessed, randomToken());
    }
    expect((await verify(t, guessed)).status).toBe(410);
    expect(await storedRows(t, guessed.noteId)).toEqual({ files: 0, chunks: 0 });
  });

  it('keeps a read note’s files for an hour for its reader, then sweeps them', async () => {
    const note = await completedNote(t, [500]);
    const { downloadToken } = await read(t, note);
    await sweep(t);
    expect(await storedRows(t, note.noteId)).toEqual({ files: 1, chunks: 1 });
    await sql`update note_file set read_at = now() - interval '61 minutes' where note_id = ${note.noteId}`.execute(
      t.server.database.sql,
    );
    expect((await download(t, note.noteId, 0, downloadToken!)).status).toBe(404);
    await sweep(t);
    expect(await storedRows(t, note.noteId)).toEqual({ files: 0, chunks: 0 });
  });

  it('moves a 20 MB file up and down without holding it in memory', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    /** What the server's thread holds (JS heap and buffers), after a collection. */
    const held = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const MB = 1024 * 1024;
    const size = 20 * MB;
    const note = await createFileNote(t, [size]);
    const before = held();
    const heldSinceBefore = () => settledBelow(() => held() - before, 16 * MB);

    await uploadAll(t, note);
    expect(await heldSinceBefore()).toBeLessThan(16 * MB);
    expect((await complete(t, note)).status).toBe(200);
    const { downloadToken } = await read(t, note);

    // The download's first chunk: were the file read whole before sending, it would be held now.
    const response = await download(t, note.noteId, 0, downloadToken!);
    expect(Number(response.headers.get('content-length'))).toBe(size + fileChunkCount(size) * 16);
    const reader = response.body!.getReader();
    let received = Buffer.from((await reader.read()).value!);
    expect(await heldSinceBefore()).toBeLessThan(16 * MB);

    // The rest, checked chunk by chunk as it comes.
    let chunk = 0;
    for (;;) {
      while (received.length >= fileChunkWireBytes(size, chunk) && chunk < fileChunkCount(size)) {
        const length = fileChunkWireBytes(size, chunk);
        expect(received.subarray(0, length).equals(chunkBytes(note, 0, chunk))).toBe(true);
        received = received.subarray(length);
        chunk++;
      }
      const next = await reader.read();
      if (next.done) break;
      received = Buffer.concat([received, next.value]);
    }
    expect(chunk).toBe(fileChunkCount(size));
    expect(received.length).toBe(0);
    expect(await heldSinceBefore()).toBeLessThan(16 * MB);
  }, 120_000);
});
