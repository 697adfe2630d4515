import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { NoteFile } from '../../../../shared/api/notes.ts';
import { FILE_CHUNK_BYTES, FILE_CHUNK_TAG_BYTES } from '../../../../shared/limits.ts';
import type { Arg, Database, DB } from '../../db/database.ts';

/** The database's clock (timestamps travel as text, see DB in database.ts). */
const now = sql<string>`now()`;

/** Files stay downloadable this long after their note was read, unless deleted sooner. */
export const DOWNLOAD_WINDOW_MINUTES = 60;
/** Chunks read per statement while a file streams out: a megabyte. */
const CHUNKS_PER_READ = 16;
/** Chunks deleted per statement when files go: a few megabytes, so no statement runs long. */
const CHUNKS_PER_DELETE = 64;

/** What an upload call needs to know about its note and file. */
export interface UploadTarget {
  uploadVerifier: Uint8Array | null;
  uploading: boolean;
  fileCount: number;
  expiresAt: string;
  /** The file's plaintext size; null when the note has no file at that index. */
  size: number | null;
}

/** What a download call needs to know about its file. */
export interface DownloadTarget {
  size: number;
  downloadVerifier: Uint8Array;
}

/** A chunk count in SQL, as fileChunkCount computes it (an empty file is one chunk). */
const chunkCountOf = (size: string) =>
  sql<number>`greatest(1, (${sql.ref(size)} + ${FILE_CHUNK_BYTES - 1}) / ${FILE_CHUNK_BYTES})`;

/**
 * The bytes chunk `chunk` of a file of `size` bytes has on the wire, as fileChunkWireBytes
 * computes them; null for a chunk past the file's last.
 */
const chunkWireBytesOf = (size: string, chunk: number) =>
  sql<number>`case when ${chunk}::integer < ${chunkCountOf(size)}
    then least(${sql.ref(size)} - ${chunk}::integer * ${FILE_CHUNK_BYTES}, ${FILE_CHUNK_BYTES})
      + ${FILE_CHUNK_TAG_BYTES} end`;

/** A chunk as its read returns it: base64 from PostgreSQL, bytes from the embedded database. */
const bytesOf = (data: string | Uint8Array): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'base64')
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * The statements of notes' files. Files are rows of `note_file` (sealed metadata and size), their
 * chunks rows of `note_file_chunk`. A file's rows outlive its note only for its reader: the read
 * (notes.repository.ts) stamps them with the download token's hash and the time. Rows of a note
 * that ended any other way, or read over an hour ago, are deleted by `discard` and `sweep`.
 */
export function noteFilesRepository(database: Pick<Database, 'kind' | 'sql' | 'prepare'>) {
  const db = database.sql;

  const uploadTarget = database.prepare(
    'note_file_upload_target_v1',
    (db, arg: Arg<{ id: string; file: number }>) =>
      db
        .selectFrom('note')
        .leftJoin('note_file', (join) =>
          join.onRef('note_file.note_id', '=', 'note.id').on('note_file.file', '=', arg('file')),
        )
        .select([
          'note.upload_verifier',
          'note.uploading',
          'note.file_count',
          'note.expires_at',
          'note_file.size',
        ])
        .where('note.id', '=', arg('id'))
        .where('note.expires_at', '>', now),
  );

  // Stored only when everything about it is right: the note is live and uploading, the upload
  // token's, and has the file, the chunk is one of it and has its length. One statement, the
  // only one a chunk's upload needs; re-sending a chunk replaces it, so an upload cut off
  // mid-chunk simply sends it again.
  const putChunk = database.prepare(
    'note_file_chunk_put_v2',
    (
      db,
      arg: Arg<{
        id: string;
        file: number;
        chunk: number;
        data: Uint8Array;
        length: number;
        uploadVerifier: Uint8Array;
      }>,
    ) =>
      db
        .insertInto('note_file_chunk')
        .columns(['note_id', 'file', 'chunk', 'data'])
        .expression(
          db
            .selectFrom('note')
            .innerJoin('note_file', 'note_file.note_id', 'note.id')
            .select([
              'note.id',
              'note_file.file',
              sql<number>`${arg('chunk')}::integer`.as('chunk'),
              sql<Uint8Array>`${arg('data')}::bytea`.as('data'),
            ])
            .where('note.id', '=', arg('id'))
            .where('note_file.file', '=', arg('file'))
            .where('note.uploading', '=', true)
            .where('note.upload_verifier', '=', arg('uploadVerifier'))
            .where('note.expires_at', '>', now)
            .where(chunkWireBytesOf('note_file.size', arg('chunk')), '=', arg('length')),
        )
        .onConflict((oc) =>
          oc
            .columns(['note_id', 'file', 'chunk'])
            .doUpdateSet({ data: (eb) => eb.ref('excluded.data') }),
        )
        .returning('chunk'),
  );

  // `pg` reads every column as UTF-8 text (its binary mode decodes bytes as UTF-8 too), so on
  // PostgreSQL a chunk comes as base64, a third shorter than the hex it would otherwise be: the
  // server's thread spent 200–240 ms of CPU per 100 MB downloaded instead of 440–520, and the
  // download took 0.5 s instead of 0.7–1.3 (the built server, three runs each, load ~3). The
  // embedded database sends the bytes as they are (db/embedded/wire-messages.ts).
  const readChunks = database.prepare(
    'note_file_chunks_read_v2',
    (db, arg: Arg<{ id: string; file: number; from: number }>) =>
      db
        .selectFrom('note_file_chunk')
        .select((eb) => [
          'chunk',
          database.kind === 'postgres'
            ? sql<Uint8Array | string>`encode(data, 'base64')`.as('data')
            : eb.ref('data').$castTo<Uint8Array | string>().as('data'),
        ])
        .where('note_id', '=', arg('id'))
        .where('file', '=', arg('file'))
        .where('chunk', '>=', arg('from'))
        .orderBy('chunk')
        .limit(CHUNKS_PER_READ),
  );

  /** Deletes up to CHUNKS_PER_DELETE chunks matching `where`; how many went. */
  async function deleteSomeChunks(
    where: (
      eb: ExpressionBuilder<DB, 'note_file_chunk'>,
    ) => ReturnType<ExpressionBuilder<DB, 'note_file_chunk'>['and']>,
  ): Promise<number> {
    const result = await db
      .deleteFrom('note_file_chunk')
      .where((eb) =>
        eb(
          eb.refTuple('note_id', 'file', 'chunk'),
          'in',
          eb
            .selectFrom('note_file_chunk')
            .select(['note_id', 'file', 'chunk'])
            .where(where)
            .limit(CHUNKS_PER_DELETE)
            .$asTuple('note_id', 'file', 'chunk'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A note's files and their chunks, chunks first, a few megabytes per statement. */
  async function discard(id: string): Promise<void> {
    while ((await deleteSomeChunks((eb) => eb.and([eb('note_id', '=', id)]))) > 0);
    await db.deleteFrom('note_file').where('note_id', '=', id).execute();
  }

  return {
    /**
     * A new note's files (the note itself was stored just before), in the caller's transaction
     * when it gives one.
     */
    async insert(id: string, files: readonly NoteFile[], within: Kysely<DB> = db): Promise<void> {
      await within
        .insertInto('note_file')
        .values(files.map((file, index) => ({ note_id: id, file: index, ...file })))
        .execute();
    },

    /** The note (live, uploading or not) with the file an upload call names; null when none. */
    async uploadTarget(id: string, file: number): Promise<UploadTarget | null> {
      const [row] = await uploadTarget({ id, file });
      if (!row) return null;
      return {
        uploadVerifier: row.upload_verifier,
        uploading: row.uploading,
        fileCount: row.file_count,
        expiresAt: new Date(row.expires_at).toISOString(),
        size: row.size,
      };
    },

    /**
     * Stores a chunk when the note is live and uploading, `uploadVerifier` its upload token's,
     * the file and chunk exist, and `data` has the chunk's length; false when it did not.
     */
    async putChunk(
      id: string,
      file: number,
      chunk: number,
      data: Uint8Array,
      uploadVerifier: Uint8Array,
    ): Promise<boolean> {
      const stored = await putChunk({ id, file, chunk, data, length: data.length, uploadVerifier });
      return stored.length === 1;
    },

    /** Each file's size, and the chunks of it received so far (ascending). */
    async received(id: string): Promise<{ size: number; chunks: number[] }[]> {
      const files = await db
        .selectFrom('note_file')
        .select(['file', 'size'])
        .where('note_id', '=', id)
        .orderBy('file')
        .execute();
      const chunks = await db
        .selectFrom('note_file_chunk')
        .select(['file', 'chunk'])
        .where('note_id', '=', id)
        .orderBy('file')
        .orderBy('chunk')
        .execute();
      const byFile = new Map(files.map((row) => [row.file, [] as number[]]));
      for (const row of chunks) byFile.get(row.file)?.push(row.chunk);
      return files.map((row) => ({ size: row.size, chunks: byFile.get(row.file)! }));
    },

    /**
     * Makes an uploading note readable, in one statement that checks the upload token and that
     * every file has all its chunks (each chunk's index and length were checked as it came).
     * Returns the note's expiry, or null when nothing matched.
     */
    async complete(id: string, uploadVerifier: Uint8Array): Promise<string | null> {
      const row = await db
        .updateTable('note')
        .set({ uploading: false })
        .where('id', '=', id)
        .where('uploading', '=', true)
        .where('upload_verifier', '=', uploadVerifier)
        .where('expires_at', '>', now)
        .where((eb) =>
          eb(
            'file_count',
            '=',
            eb
              .selectFrom('note_file')
              .select((eb) => eb.fn.countAll<number>().as('files'))
              .whereRef('note_file.note_id', '=', 'note.id'),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('note_file')
                .select('note_file.file')
                .whereRef('note_file.note_id', '=', 'note.id')
                .where(
                  (eb) =>
                    eb
                      .selectFrom('note_file_chunk')
                      .select((eb) => eb.fn.countAll<number>().as('chunks'))
                      .whereRef('note_file_chunk.note_id', '=', 'note_file.note_id')
                      .whereRef('note_file_chunk.file', '=', 'note_file.file'),
                  '<>',
                  chunkCountOf('note_file.size'),
                ),
            ),
          ),
        )
        .returning('expires_at')
        .executeTakeFirst();
      return row ? new Date(row.expires_at).toISOString() : null;
    },

    /** A read note's files, in order: what its reader is told with the download token. */
    async filesOf(id: string): Promise<NoteFile[]> {
      return await db
        .selectFrom('note_file')
        .select(['meta', 'size'])
        .where('note_id', '=', id)
        .orderBy('file')
        .execute();
    },

    /**
     * A file of a note read within the download window, with the hash of its reader's download
     * token; null when there is none (never read, deleted, or read too long ago).
     */
    async downloadTarget(id: string, file: number): Promise<DownloadTarget | null> {
      const row = await db
        .selectFrom('note_file')
        .select(['size', 'download_verifier'])
        .where('note_id', '=', id)
        .where('file', '=', file)
        .where('download_verifier', 'is not', null)
        .where(
          'read_at',
          '>',
          sql<string>`now() - make_interval(mins => ${DOWNLOAD_WINDOW_MINUTES})`,
        )
        .executeTakeFirst();
      return row ? { size: row.size, downloadVerifier: row.download_verifier! } : null;
    },

    /**
     * The chunks of a file from `from` on, CHUNKS_PER_READ per statement. The next statement is
     * sent as soon as a batch arrives, so the database reads it while this one goes out, and no
     * further: at most two batches are in memory, and a reader who stops reading stops the
     * reads. Throws when a chunk is missing (the files were deleted meanwhile).
     */
    async *chunks(id: string, file: number, from: number, count: number): AsyncGenerator<Buffer> {
      const read = (first: number) => {
        // Decoded at once: text kept until its chunk went out outlived V8's young generation,
        // and the server's RSS grew by up to 70 MB during a 100 MB download (now ~0).
        const rows = readChunks({ id, file, from: first }).then((batch) =>
          batch.map(({ chunk, data }) => ({ chunk, bytes: bytesOf(data) })),
        );
        // A batch read ahead for a reader who went away may fail unawaited.
        rows.catch(() => {});
        return rows;
      };
      let next = from;
      let reading = read(next);
      while (next < count) {
        const rows = await reading;
        if (next + rows.length < count) reading = read(next + rows.length);
        for (const row of rows) {
          if (row.chunk !== next) break;
          yield row.bytes;
          next++;
        }
        if (rows.length === 0 || rows.at(-1)!.chunk !== next - 1) {
          throw new Error('A chunk of a file being downloaded is missing');
        }
      }
    },

    discard,

    /**
     * Files nobody can download any more: their note ended unread (expired, too many wrong
     * passwords, destroyed by its sender, or an upload never finished), or was read more than
     * DOWNLOAD_WINDOW_MINUTES ago; then chunks whose file is gone (an upload call that raced the
     * file's deletion). Idempotent; returns how many notes' files went.
     */
    async sweep(): Promise<number> {
      const stale = await db
        .selectFrom('note_file')
        .select('note_id')
        .distinct()
        .where((eb) =>
          eb.or([
            eb.and([
              eb('read_at', 'is', null),
              eb.not(
                eb.exists(
                  eb.selectFrom('note').select('id').whereRef('note.id', '=', 'note_file.note_id'),
                ),
              ),
            ]),
            eb(
              'read_at',
              '<=',
              sql<string>`now() - make_interval(mins => ${DOWNLOAD_WINDOW_MINUTES})`,
            ),
          ]),
        )
        .execute();
      for (const { note_id } of stale) await discard(note_id);
      while (
        (await deleteSomeChunks((eb) =>
          eb.and([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('note_file')
                  .select('note_file.file')
                  .whereRef('note_file.note_id', '=', 'note_file_chunk.note_id')
                  .whereRef('note_file.file', '=', 'note_file_chunk.file'),
              ),
            ),
          ]),
        )) > 0
      );
      return stale.length;
    },
  };
}

export type NoteFilesRepository = ReturnType<typeof noteFilesRepository>;
