import { sql } from 'kysely';
import type { DestroyReason } from '../../../shared/api/notes.ts';
import type { Database } from '../db/database.ts';

export interface NewNote {
  id: string;
  content: string;
  images: string[];
  verifier: Buffer;
  kdf: { salt: string; iterations: number } | null;
  expiresInSeconds: number;
  sealedReceiptAddress: Buffer | null;
}

export type NoteState =
  | {
      kind: 'live';
      hasPassword: boolean;
      kdf: { salt: string; iterations: number } | null;
      expiresAt: string;
      attachmentCount: number;
    }
  | { kind: 'destroyed'; reason: DestroyReason; secondsAgo: number }
  | { kind: 'unknown' };

const INSERT_NOTE = `
  insert into note (id, content, images, verifier, kdf_salt, kdf_iterations, expires_at)
  values ($1, $2, $3, $4, $5, $6, $7)`;

const INSERT_NOTE_WITH_RECEIPT = `
  with inserted as (${INSERT_NOTE} returning id, expires_at)
  insert into read_receipt (note_id, sealed_address, expires_at)
  select id, $8, expires_at from inserted`;

/**
 * The read: deletes the note only if the verifier matches and it has not expired, leaves a
 * tombstone and arms the read receipt, all in one statement; no row when nothing matched.
 * The match compares SHA-256 digests of the client's secret, which the caller cannot steer
 * byte by byte, so the comparison's timing reveals nothing about the proof.
 */
const TAKE_NOTE = `
  with taken as (
    delete from note where id = $1 and verifier = $2 and expires_at > now()
    returning id, content, images
  ), tombstone as (
    insert into note_tombstone (id, reason) select id, 'read' from taken
  ), receipt as (
    update read_receipt set read_at = now(), next_attempt_at = now()
    where note_id in (select id from taken)
    returning note_id
  )
  select content, images, (select count(*) from receipt)::int as receipts from taken`;

/**
 * Every note statement. Each is a single SQL statement, so "read and destroy" is atomic on
 * PostgreSQL (row lock; a concurrent second delete finds nothing) and on the embedded store.
 */
export function notesRepository(database: Pick<Database, 'sql' | 'prepared'>) {
  const db = database.sql;
  return {
    /**
     * Stores a note; with a read-receipt address, the note and its sealed address in one
     * statement. The expiry is stamped here rather than by the database so the common case is
     * a plain insert; instances' clocks are kept by NTP, far closer than an hour.
     */
    async insert(note: NewNote): Promise<string> {
      const expiresAt = new Date(Date.now() + note.expiresInSeconds * 1000);
      const values = [
        note.id,
        note.content,
        note.images,
        note.verifier,
        note.kdf?.salt ?? null,
        note.kdf?.iterations ?? null,
        expiresAt,
      ];
      if (note.sealedReceiptAddress === null) {
        await database.prepared('note_insert_v1', INSERT_NOTE, values);
      } else {
        await database.prepared('note_insert_with_receipt_v1', INSERT_NOTE_WITH_RECEIPT, [
          ...values,
          note.sealedReceiptAddress,
        ]);
      }
      return expiresAt.toISOString();
    },

    /** What the viewer may know without the key. Expired-but-unswept notes already count as gone. */
    async state(id: string): Promise<NoteState> {
      const live = await sql<{
        kdf_salt: string | null;
        kdf_iterations: number | null;
        expires_at: string;
        attachments: number;
        expired: boolean;
        seconds_since_expiry: number;
      }>`
        select kdf_salt, kdf_iterations, to_json(expires_at)#>>'{}' as expires_at,
               cardinality(images) as attachments, expires_at <= now() as expired,
               floor(extract(epoch from now() - expires_at))::int as seconds_since_expiry
        from note where id = ${id}`.execute(db);
      const note = live.rows[0];
      if (note && !note.expired) {
        return {
          kind: 'live',
          hasPassword: note.kdf_salt !== null,
          kdf:
            note.kdf_salt === null
              ? null
              : { salt: note.kdf_salt, iterations: note.kdf_iterations! },
          expiresAt: new Date(note.expires_at).toISOString(),
          attachmentCount: note.attachments,
        };
      }
      if (note)
        return { kind: 'destroyed', reason: 'expired', secondsAgo: note.seconds_since_expiry };
      const tombstone = await sql<{ reason: DestroyReason; seconds_ago: number }>`
        select reason, floor(extract(epoch from now() - destroyed_at))::int as seconds_ago
        from note_tombstone where id = ${id}`.execute(db);
      const dead = tombstone.rows[0];
      return dead
        ? { kind: 'destroyed', reason: dead.reason, secondsAgo: dead.seconds_ago }
        : { kind: 'unknown' };
    },

    /** The read (TAKE_NOTE): the note's ciphertext, or null when nothing matched. */
    async takeWithVerifier(
      id: string,
      verifier: Buffer,
    ): Promise<{ content: string; images: string[]; receipts: number } | null> {
      const rows = await database.prepared<{ content: string; images: string[]; receipts: number }>(
        'note_take_v1',
        TAKE_NOTE,
        [id, verifier],
      );
      return rows[0] ?? null;
    },

    /** Counts a wrong proof; returns the new total, or null when no live note has this id. */
    async countFailedAttempt(id: string): Promise<number | null> {
      const { rows } = await sql<{ failed_attempts: number }>`
        update note set failed_attempts = failed_attempts + 1
        where id = ${id} and expires_at > now()
        returning failed_attempts`.execute(db);
      return rows[0]?.failed_attempts ?? null;
    },

    /** Destroys a note for a reason other than reading it (too many attempts, expiry). */
    async destroy(id: string, reason: DestroyReason): Promise<void> {
      await sql`
        with gone as (delete from note where id = ${id} returning id),
        receipt as (delete from read_receipt where note_id in (select id from gone))
        insert into note_tombstone (id, reason) select id, ${reason} from gone
        on conflict (id) do nothing`.execute(db);
    },

    /** Expired notes become tombstones, tombstones older than 30 days disappear. Idempotent. */
    async sweep(tombstoneDays: number): Promise<{ expired: number }> {
      const { rows } = await sql<{ expired: number }>`
        with gone as (delete from note where expires_at <= now() returning id),
        receipt as (delete from read_receipt where note_id in (select id from gone)),
        tombstone as (
          insert into note_tombstone (id, reason) select id, 'expired' from gone on conflict (id) do nothing
        )
        select count(*)::int as expired from gone`.execute(db);
      await sql`delete from note_tombstone where destroyed_at < now() - make_interval(days => ${tombstoneDays})`.execute(
        db,
      );
      await sql`delete from read_receipt where read_at is null and expires_at <= now()`.execute(db);
      return { expired: rows[0]?.expired ?? 0 };
    },
  };
}

export type NotesRepository = ReturnType<typeof notesRepository>;
