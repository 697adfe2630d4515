import {
  sql,
  type AliasedRawBuilder,
  type DeleteQueryBuilder,
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
} from 'kysely';
import type { DestroyReason, NoteFile } from '../../../shared/api/notes.ts';
import type { Arg, Database, DB } from '../db/database.ts';
import { statementBatch } from '../db/statement-batch.ts';
import { noteFilesRepository } from './files/note-files.repository.ts';
import { Note, NoteTombstone, ReadReceipt } from './notes.entities.ts';

export interface NewNote {
  id: string;
  content: string;
  /** Per image, how many parts its envelope is stored in (see upload/note-request.ts). */
  partsPerImage: number[];
  /** Those parts, image after image, taken one at a time as each is stored. */
  parts: AsyncIterable<string>;
  verifier: Buffer;
  linkVerifier: Buffer;
  /** SHA-256 of the status proof; null when the client made no status link. */
  statusVerifier: Buffer | null;
  kdf: { salt: string; iterations: number } | null;
  expiresInSeconds: number;
  sealedReceiptAddress: Buffer | null;
  /** Files to be uploaded after the note is stored; it stays unreadable until they are. */
  files: readonly NoteFile[];
  /** SHA-256 of the upload token; null exactly when there are no files. */
  uploadVerifier: Buffer | null;
}

export type NoteState =
  | {
      kind: 'live';
      hasPassword: boolean;
      kdf: { salt: string; iterations: number } | null;
      expiresAt: string;
      attachmentCount: number;
      fileCount: number;
    }
  | { kind: 'destroyed'; reason: DestroyReason; secondsAgo: number }
  | { kind: 'unknown' };

/**
 * What the status link may learn, with the verifier it must match (null: the note has no status
 * link). `ended` covers a note past its expiry that the sweeper has not buried yet.
 */
export type NoteStatusRow =
  | { kind: 'waiting'; statusVerifier: Uint8Array | null; createdAt: Date; expiresAt: Date }
  | { kind: 'ended'; statusVerifier: Uint8Array | null; reason: DestroyReason; endedAt: Date }
  | { kind: 'unknown' };

/**
 * A note just taken by its reader: the text, how many parts each image has waiting, and how many
 * files wait for the download token whose hash the read stored.
 */
export interface TakenNote {
  content: string;
  partsPerImage: number[];
  fileCount: number;
  receipts: number;
}

/** Parts of notes that never got their row (an upload cut short) are removed after this. */
const ORPHAN_PART_MINUTES = 15;
/** Parts deleted per statement when a note's images go all at once: a few megabytes. */
const PARTS_PER_DELETE = 4;
/** A note whose files are not all uploaded after this long is deleted, with what it has. */
export const UPLOAD_WINDOW_MINUTES = 60;

/** The database's clock (timestamps travel as text, see DB in database.ts). */
const now = sql<string>`now()`;
const secondsSince = (date: Date) => Math.max(0, Math.floor((Date.now() - date.getTime()) / 1000));

interface NoteArgs {
  id: string;
  content: string;
  imageParts: number[];
  verifier: Uint8Array;
  linkVerifier: Uint8Array;
  statusVerifier: Uint8Array | null;
  kdfSalt: string | null;
  kdfIterations: number | null;
  /** ISO text rather than a Date: pg would format a Date in local time on every insert. */
  expiresAt: string;
  fileCount: number;
  uploading: boolean;
  uploadVerifier: Uint8Array | null;
}

/** NoteArgs of several notes without images, column by column. */
interface NoteColumns {
  ids: string[];
  contents: string[];
  verifiers: Uint8Array[];
  linkVerifiers: Uint8Array[];
  statusVerifiers: (Uint8Array | null)[];
  kdfSalts: (string | null)[];
  kdfIterations: (number | null)[];
  expiresAt: string[];
}

/** A read asked for: the note, the verifier of the proof given, the reader's download token's. */
interface Wanted {
  id: string;
  verifier: Uint8Array;
  downloadVerifier: Uint8Array;
}

/** What a read deletes and hands back of each note it takes. */
interface TakenRow {
  id: string;
  content: string;
  image_parts: number[];
  status_verifier: Uint8Array | null;
  file_count: number;
}

/**
 * A read as one statement, for the notes `taken` deletes (one, or several at once): each leaves
 * a tombstone, arms its read receipt and hands its files to the reader (`download` stamps them
 * with the hash of the reader's download token); a row per note taken, with how many receipts
 * it armed.
 */
function takeStatement(
  db: Kysely<DB>,
  taken: (db: QueryCreator<DB>) => DeleteQueryBuilder<DB, 'note', TakenRow>,
  readers: AliasedRawBuilder<{ id: string; download_verifier: Uint8Array }, 'reader'>,
) {
  return db
    .with('taken', taken)
    .with('tombstone', (db) =>
      db
        .insertInto('note_tombstone')
        .columns(['id', 'reason', 'status_verifier'])
        .expression((eb) =>
          eb.selectFrom('taken').select(['id', sql.lit('read').as('reason'), 'status_verifier']),
        ),
    )
    .with('receipt', (db) =>
      db
        .updateTable('read_receipt')
        .set({ read_at: now, next_attempt_at: now })
        .where('note_id', 'in', (eb) => eb.selectFrom('taken').select('id'))
        .returning('note_id'),
    )
    .with('download', (db) =>
      db
        .updateTable('note_file')
        .from(readers)
        .set((eb) => ({ download_verifier: eb.ref('reader.download_verifier'), read_at: now }))
        .whereRef('note_file.note_id', '=', 'reader.id')
        .where('note_file.note_id', 'in', (eb) => eb.selectFrom('taken').select('id')),
    )
    .selectFrom('taken')
    .select([
      'id',
      'content',
      'image_parts',
      'file_count',
      sql<number>`(select count(*)::int from receipt where receipt.note_id = taken.id)`.as(
        'receipts',
      ),
    ]);
}

/**
 * Every note statement. Reading and destroying a note is one statement (`take`), so it is atomic
 * on PostgreSQL (row lock; a concurrent second delete finds nothing) and on the embedded store.
 * A note's images are then handed over part by part by whoever took the note: nobody else can
 * reach them, since the note they belong to is gone. Lookups and clean-ups go through the
 * entity manager; what must be one statement, or runs on every note, is typed SQL.
 */
export function notesRepository(database: Pick<Database, 'kind' | 'sql' | 'prepare' | 'em'>) {
  const db = database.sql;
  const files = noteFilesRepository(database);

  const insertPart = database.prepare(
    'note_part_insert_v2',
    (db, arg: Arg<{ noteId: string; image: number; seq: number; data: string }>) =>
      db.insertInto('note_part').values({
        note_id: arg('noteId'),
        image: arg('image'),
        seq: arg('seq'),
        data: arg('data'),
      }),
  );

  const noteValues = (arg: Arg<NoteArgs>) => ({
    id: arg('id'),
    content: arg('content'),
    image_parts: arg('imageParts'),
    verifier: arg('verifier'),
    link_verifier: arg('linkVerifier'),
    status_verifier: arg('statusVerifier'),
    kdf_salt: arg('kdfSalt'),
    kdf_iterations: arg('kdfIterations'),
    expires_at: arg('expiresAt'),
    file_count: arg('fileCount'),
    uploading: arg('uploading'),
    upload_verifier: arg('uploadVerifier'),
  });

  const insertOne = database.prepare('note_insert_v5', (db, arg: Arg<NoteArgs>) =>
    db.insertInto('note').values(noteValues(arg)),
  );

  /**
   * Several notes without images, files or a receipt address in one statement (see statementBatch):
   * each column's values as an array, unnested side by side.
   */
  const insertNotes = database.prepare('note_insert_batch_v2', (db, arg: Arg<NoteColumns>) =>
    db
      .insertInto('note')
      .columns([
        'id',
        'content',
        'verifier',
        'link_verifier',
        'status_verifier',
        'kdf_salt',
        'kdf_iterations',
        'expires_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom(
            sql<{
              id: string;
              content: string;
              verifier: Uint8Array;
              link_verifier: Uint8Array;
              status_verifier: Uint8Array | null;
              kdf_salt: string | null;
              kdf_iterations: number | null;
              expires_at: string;
            }>`unnest(${arg('ids')}::text[], ${arg('contents')}::text[], ${arg('verifiers')}::bytea[], ${arg('linkVerifiers')}::bytea[], ${arg('statusVerifiers')}::bytea[], ${arg('kdfSalts')}::text[], ${arg('kdfIterations')}::int[], ${arg('expiresAt')}::timestamptz[])`.as<'new_note'>(
              sql`new_note(id, content, verifier, link_verifier, status_verifier, kdf_salt, kdf_iterations, expires_at)`,
            ),
          )
          .selectAll(),
      ),
  );
  const insertNote = statementBatch({
    runOne: async (note: NoteArgs) => {
      await insertOne(note);
    },
    runMany: async (notes: readonly NoteArgs[]) => {
      await insertNotes({
        ids: notes.map((note) => note.id),
        contents: notes.map((note) => note.content),
        verifiers: notes.map((note) => note.verifier),
        linkVerifiers: notes.map((note) => note.linkVerifier),
        statusVerifiers: notes.map((note) => note.statusVerifier),
        kdfSalts: notes.map((note) => note.kdfSalt),
        kdfIterations: notes.map((note) => note.kdfIterations),
        expiresAt: notes.map((note) => note.expiresAt),
      });
      return notes.map(() => undefined);
    },
  });

  // The note and its sealed receipt address in one statement.
  const insertNoteWithReceipt = database.prepare(
    'note_insert_with_receipt_v5',
    (db, arg: Arg<NoteArgs & { sealedAddress: Uint8Array }>) =>
      db
        .with('inserted', (db) =>
          db.insertInto('note').values(noteValues(arg)).returning(['id', 'expires_at']),
        )
        .insertInto('read_receipt')
        .columns(['note_id', 'sealed_address', 'expires_at'])
        .expression((eb) =>
          eb
            .selectFrom('inserted')
            .select((eb) => [
              'id',
              eb.val(arg('sealedAddress')).as('sealed_address'),
              'expires_at',
            ]),
        ),
  );

  /**
   * The read: deletes the note, ciphertext and all, only if the verifier matches, it has not
   * expired and its files are all uploaded, leaves a tombstone, arms the read receipt and hands
   * the files to the reader, all in one statement; no row when nothing matched. The match compares SHA-256 digests of the client's secret, which the caller
   * cannot steer byte by byte, so the comparison's timing reveals nothing about the proof.
   */
  const takeNote = database.prepare('note_take_v6', (db, arg: Arg<Wanted>) =>
    takeStatement(
      db,
      (db) =>
        db
          .deleteFrom('note')
          .where('id', '=', arg('id'))
          .where('verifier', '=', arg('verifier'))
          .where('expires_at', '>', now)
          .where('uploading', '=', false)
          .returning(['id', 'content', 'image_parts', 'status_verifier', 'file_count']),
      sql<{
        id: string;
        download_verifier: Uint8Array;
      }>`(values (${arg('id')}::text, ${arg('downloadVerifier')}::bytea))`.as<'reader'>(
        sql`reader(id, download_verifier)`,
      ),
    ),
  );

  /**
   * `takeNote` for several notes in one statement (statementBatch never puts a note in twice):
   * the notes asked for, as two arrays unnested side by side, and a row for each note taken.
   */
  const takeNotes = database.prepare(
    'note_take_batch_v3',
    (db, arg: Arg<{ ids: string[]; verifiers: Uint8Array[]; downloadVerifiers: Uint8Array[] }>) =>
      takeStatement(
        db,
        (db) =>
          db
            .deleteFrom('note')
            .using(
              sql<{
                id: string;
                verifier: Uint8Array;
              }>`unnest(${arg('ids')}::text[], ${arg('verifiers')}::bytea[])`.as<'wanted'>(
                sql`wanted(id, verifier)`,
              ),
            )
            .whereRef('note.id', '=', 'wanted.id')
            .whereRef('note.verifier', '=', 'wanted.verifier')
            .where('note.expires_at', '>', now)
            .where('note.uploading', '=', false)
            .returning([
              'note.id',
              'note.content',
              'note.image_parts',
              'note.status_verifier',
              'note.file_count',
            ]),
        sql<{
          id: string;
          download_verifier: Uint8Array;
        }>`unnest(${arg('ids')}::text[], ${arg('downloadVerifiers')}::bytea[])`.as<'reader'>(
          sql`reader(id, download_verifier)`,
        ),
      ),
  );
  const takenNote = (row: {
    content: string;
    image_parts: number[];
    file_count: number;
    receipts: number;
  }): TakenNote => ({
    content: row.content,
    partsPerImage: row.image_parts,
    fileCount: row.file_count,
    receipts: row.receipts,
  });
  const take = statementBatch({
    runOne: async (wanted: Wanted) => {
      const [row] = await takeNote(wanted);
      return row ? takenNote(row) : null;
    },
    runMany: async (wanted: readonly Wanted[]) => {
      const rows = await takeNotes({
        ids: wanted.map(({ id }) => id),
        verifiers: wanted.map(({ verifier }) => verifier),
        downloadVerifiers: wanted.map(({ downloadVerifier }) => downloadVerifier),
      });
      const taken = new Map(rows.map((row) => [row.id, row]));
      return wanted.map(({ id }) => {
        const row = taken.get(id);
        return row ? takenNote(row) : null;
      });
    },
    keyOf: ({ id }) => id,
  });

  /** One part of an image of a note its caller has taken; deleted in the same statement. */
  const takePart = database.prepare(
    'note_part_take_v2',
    (db, arg: Arg<{ id: string; image: number; seq: number }>) =>
      db
        .deleteFrom('note_part')
        .where('note_id', '=', arg('id'))
        .where('image', '=', arg('image'))
        .where('seq', '=', arg('seq'))
        .returning('data'),
  );

  /** Deletes up to PARTS_PER_DELETE parts matching `where`; how many went. */
  async function deleteSomeParts(
    where: (
      eb: ExpressionBuilder<DB, 'note_part'>,
    ) => ReturnType<ExpressionBuilder<DB, 'note_part'>['and']>,
  ): Promise<number> {
    const result = await db
      .deleteFrom('note_part')
      .where((eb) =>
        eb(
          eb.refTuple('note_id', 'image', 'seq'),
          'in',
          eb
            .selectFrom('note_part')
            .select(['note_id', 'image', 'seq'])
            .where(where)
            .limit(PARTS_PER_DELETE)
            .$asTuple('note_id', 'image', 'seq'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Destroys the notes `which` picks (not by reading them): each leaves a tombstone with the
   * reason (and its status verifier), and its receipt is armed to report that ending, in one
   * statement. Returns how many went.
   */
  async function bury(
    which: (eb: ExpressionBuilder<DB, 'note'>) => ReturnType<ExpressionBuilder<DB, 'note'>['and']>,
    reason: Exclude<DestroyReason, 'read'>,
  ): Promise<number> {
    const result = await db
      .with('gone', (db) => db.deleteFrom('note').where(which).returning(['id', 'status_verifier']))
      .with('receipt', (db) =>
        db
          .updateTable('read_receipt')
          .set({ read_at: now, next_attempt_at: now, reason })
          .where('note_id', 'in', (eb) => eb.selectFrom('gone').select('id')),
      )
      .insertInto('note_tombstone')
      .columns(['id', 'reason', 'status_verifier'])
      .expression((eb) =>
        eb
          .selectFrom('gone')
          .select((eb) => ['id', eb.val(reason).as('reason'), 'status_verifier']),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /** A note's image parts, one statement each, as they come from its upload. */
  async function insertParts(note: NewNote): Promise<void> {
    const parts = note.parts[Symbol.asyncIterator]();
    for (const [image, count] of note.partsPerImage.entries()) {
      for (let seq = 0; seq < count; seq++) {
        const part = await parts.next();
        if (part.done) throw new Error('A note upload ended before its last image part');
        await insertPart({ noteId: note.id, image, seq, data: part.value });
      }
    }
    await parts.return?.();
  }

  /** Removes a note's remaining image parts, a few at a time so no statement runs long. */
  async function discardParts(id: string): Promise<void> {
    while ((await deleteSomeParts((eb) => eb.and([eb('note_id', '=', id)]))) > 0);
  }

  return {
    /**
     * Stores a note: its image parts first, then the note itself, which is what makes it exist
     * (with a read-receipt address, the note and its sealed address in one statement; with
     * neither images nor an address, as many as are stored at once in one statement). The
     * expiry is stamped here rather than by the database so the common case is a plain insert;
     * instances' clocks are kept by NTP, far closer than an hour.
     */
    async insert(note: NewNote): Promise<string> {
      const expiresAt = new Date(Date.now() + note.expiresInSeconds * 1000).toISOString();
      const hasFiles = note.files.length > 0;
      try {
        if (note.partsPerImage.length > 0) await insertParts(note);
        const args: NoteArgs = {
          id: note.id,
          content: note.content,
          imageParts: note.partsPerImage,
          verifier: note.verifier,
          linkVerifier: note.linkVerifier,
          statusVerifier: note.statusVerifier,
          kdfSalt: note.kdf?.salt ?? null,
          kdfIterations: note.kdf?.iterations ?? null,
          expiresAt,
          fileCount: note.files.length,
          uploading: hasFiles,
          uploadVerifier: note.uploadVerifier,
        };
        if (note.sealedReceiptAddress !== null) {
          await insertNoteWithReceipt({ ...args, sealedAddress: note.sealedReceiptAddress });
        } else if (note.partsPerImage.length > 0 || hasFiles) await insertOne(args);
        else await insertNote(args);
        // After the note, which cannot be read until its files are complete: a file row
        // without its note would be swept as left over.
        if (hasFiles) await files.insert(note.id, note.files);
      } catch (error) {
        if (note.partsPerImage.length > 0) await discardParts(note.id).catch(() => {});
        if (hasFiles) {
          await db
            .deleteFrom('note')
            .where('id', '=', note.id)
            .execute()
            .catch(() => {});
        }
        throw error;
      }
      return expiresAt;
    },

    /**
     * What the viewer may know without the key. Expired-but-unswept notes already count as gone;
     * a note whose files are still uploading is not known yet.
     */
    async state(id: string): Promise<NoteState> {
      const em = database.em();
      const note = await em.findOne(Note, id, {
        fields: ['kdfSalt', 'kdfIterations', 'expiresAt', 'imageParts', 'fileCount', 'uploading'],
      });
      if (note?.uploading) return { kind: 'unknown' };
      if (note) {
        if (note.expiresAt.getTime() <= Date.now()) {
          return { kind: 'destroyed', reason: 'expired', secondsAgo: secondsSince(note.expiresAt) };
        }
        const salt = note.kdfSalt ?? null;
        return {
          kind: 'live',
          hasPassword: salt !== null,
          kdf: salt === null ? null : { salt, iterations: note.kdfIterations! },
          expiresAt: note.expiresAt.toISOString(),
          attachmentCount: note.imageParts.length,
          fileCount: note.fileCount,
        };
      }
      const tombstone = await em.findOne(NoteTombstone, id);
      return tombstone
        ? {
            kind: 'destroyed',
            reason: tombstone.reason,
            secondsAgo: secondsSince(tombstone.destroyedAt),
          }
        : { kind: 'unknown' };
    },

    /** The status link's view: the note or its tombstone, with the verifier to check. */
    async status(id: string): Promise<NoteStatusRow> {
      const em = database.em();
      const note = await em.findOne(Note, id, {
        fields: ['statusVerifier', 'createdAt', 'expiresAt'],
      });
      if (note) {
        const statusVerifier = note.statusVerifier ?? null;
        return note.expiresAt.getTime() <= Date.now()
          ? { kind: 'ended', statusVerifier, reason: 'expired', endedAt: note.expiresAt }
          : {
              kind: 'waiting',
              statusVerifier,
              createdAt: note.createdAt,
              expiresAt: note.expiresAt,
            };
      }
      const tombstone = await em.findOne(NoteTombstone, id);
      return tombstone
        ? {
            kind: 'ended',
            statusVerifier: tombstone.statusVerifier ?? null,
            reason: tombstone.reason,
            endedAt: tombstone.destroyedAt,
          }
        : { kind: 'unknown' };
    },

    /**
     * The sender's "Destroy now": one statement deletes the note only if it is live and the
     * status verifier matches, like a read deletes it only if the proof matches; whichever of the
     * two comes first wins the row and the other finds nothing. True when this call destroyed it.
     */
    async destroyBySender(id: string, statusVerifier: Buffer): Promise<boolean> {
      const buried = await bury(
        (eb) =>
          eb.and([
            eb('id', '=', id),
            eb('status_verifier', '=', statusVerifier),
            eb('expires_at', '>', now),
          ]),
        'destroyed_by_sender',
      );
      if (buried === 0) return false;
      await discardParts(id);
      await files.discard(id);
      return true;
    },

    /**
     * The read (`take`): the note's text, image layout and file count, or null when nothing
     * matched. Its files, if any, become the holder's of the download token `downloadVerifier`
     * is the hash of.
     */
    takeWithVerifier(
      id: string,
      verifier: Buffer,
      downloadVerifier: Buffer,
    ): Promise<TakenNote | null> {
      return take({ id, verifier, downloadVerifier });
    },

    async takePart(id: string, image: number, seq: number): Promise<string | null> {
      const [row] = await takePart({ id, image, seq });
      return row?.data ?? null;
    },

    discardParts,

    /** A read note's files, for its reader (see noteFilesRepository). */
    filesOf: files.filesOf,

    /**
     * Counts a wrong proof from someone who has the link (the link verifier matches; notes made
     * before link verifiers count every wrong proof). Returns the new total, or null when no
     * live note has this id and link.
     */
    async countFailedAttempt(id: string, linkVerifier: Buffer): Promise<number | null> {
      const row = await db
        .updateTable('note')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .where('uploading', '=', false)
        .where((eb) =>
          eb.or([eb('link_verifier', 'is', null), eb('link_verifier', '=', linkVerifier)]),
        )
        .returning('failed_attempts')
        .executeTakeFirst();
      return row?.failed_attempts ?? null;
    },

    /** Destroys a note for a reason other than reading it (too many attempts). */
    async destroy(id: string, reason: Exclude<DestroyReason, 'read'>): Promise<void> {
      await bury((eb) => eb('id', '=', id), reason);
      await discardParts(id);
      await files.discard(id);
    },

    /**
     * Uploads not completed within UPLOAD_WINDOW_MINUTES (or by their expiry) are deleted with
     * their receipt, leaving no tombstone: nobody but their sender ever knew of them. Expired
     * notes become tombstones, tombstones older than 30 days disappear, and so do unread
     * receipts of expired notes, image parts no note owns any more, and files nobody can
     * download any more. Idempotent; returns how many notes expired, how many uploads were
     * abandoned, and whether anything at all was deleted.
     */
    async sweep(
      tombstoneDays: number,
    ): Promise<{ expired: number; abandoned: number; deleted: boolean }> {
      const abandoned = await db
        .with('abandoned', (db) =>
          db
            .deleteFrom('note')
            .where('uploading', '=', true)
            .where((eb) =>
              eb.or([
                eb('expires_at', '<=', now),
                eb(
                  'created_at',
                  '<=',
                  sql<string>`now() - make_interval(mins => ${UPLOAD_WINDOW_MINUTES})`,
                ),
              ]),
            )
            .returning('id'),
        )
        .with('receipt', (db) =>
          db
            .deleteFrom('read_receipt')
            .where('note_id', 'in', (eb) => eb.selectFrom('abandoned').select('id')),
        )
        .selectFrom('abandoned')
        .select('id')
        .execute();
      const abandonedCount = abandoned.length;
      const expired = await bury((eb) => eb('expires_at', '<=', now), 'expired');
      const em = database.em();
      const tombstones = await em.nativeDelete(NoteTombstone, {
        destroyedAt: { $lt: new Date(Date.now() - tombstoneDays * 86_400_000) },
      });
      const receipts = await em.nativeDelete(ReadReceipt, {
        readAt: null,
        expiresAt: { $lte: new Date() },
      });
      const orphanedBefore = new Date(Date.now() - ORPHAN_PART_MINUTES * 60_000).toISOString();
      let parts = 0;
      for (;;) {
        const deleted = await deleteSomeParts((eb) =>
          eb.and([
            eb('created_at', '<', orphanedBefore),
            eb.not(
              eb.exists(
                eb.selectFrom('note').select('id').whereRef('note.id', '=', 'note_part.note_id'),
              ),
            ),
          ]),
        );
        if (deleted === 0) break;
        parts += deleted;
      }
      const fileSets = await files.sweep();
      return {
        expired,
        abandoned: abandonedCount,
        deleted: expired + abandonedCount + parts + tombstones + receipts + fileSets > 0,
      };
    },

    /**
     * Claims up to `limit` due receipts of read notes, hiding them from other instances for
     * `leaseSeconds` (SKIP LOCKED: two instances never claim the same one).
     */
    async claimDueReceipts(limit: number, leaseSeconds: number) {
      return await db
        .updateTable('read_receipt')
        .set({ next_attempt_at: sql<string>`now() + make_interval(secs => ${leaseSeconds})` })
        .where('note_id', 'in', (eb) =>
          eb
            .selectFrom('read_receipt')
            .select('note_id')
            .where('read_at', 'is not', null)
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['note_id', 'sealed_address', 'read_at', 'reason', 'attempts'])
        .execute();
    },

    /** A receipt sent, or given up. */
    async deleteReceipt(noteId: string): Promise<void> {
      await db.deleteFrom('read_receipt').where('note_id', '=', noteId).execute();
    },

    /** A receipt that failed, tried again at `at` (ISO text: pg would format a Date locally). */
    async retryReceiptAt(noteId: string, attempts: number, at: Date): Promise<void> {
      await db
        .updateTable('read_receipt')
        .set({ attempts, next_attempt_at: at.toISOString() })
        .where('note_id', '=', noteId)
        .execute();
    },
  };
}

export type NotesRepository = ReturnType<typeof notesRepository>;
