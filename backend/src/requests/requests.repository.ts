import { sql } from 'kysely';
import type { NoteFile } from '../../../shared/api/notes.ts';
import type { Database } from '../db/database.ts';
import { noteFilesRepository } from '../notes/files/note-files.repository.ts';

export interface NewRequest {
  id: string;
  label: string;
  claimVerifier: Buffer;
  expiresInSeconds: number;
}

/** What anyone with the request's id may see: sealed, or public. */
export interface RequestState {
  label: string;
  expiresAt: string;
  answered: boolean;
  ephemeralKey: string | null;
  answerUploading: boolean;
}

/** The database's clock. */
const now = sql<string>`now()`;

/**
 * The request statements. The answer is stored as a note under the request's id, whose
 * verifier (and link verifier: the claim link has no password) is the request's claim verifier,
 * so the notes' read-once machinery reads, destroys, tombstones and expires it unchanged.
 */
export function requestsRepository(database: Pick<Database, 'kind' | 'sql' | 'prepare'>) {
  const db = database.sql;
  const files = noteFilesRepository(database);

  return {
    /** Stores a request; returns its expiry (ISO text: pg would format a Date locally). */
    async insert(request: NewRequest): Promise<string> {
      const expiresAt = new Date(Date.now() + request.expiresInSeconds * 1000).toISOString();
      await db
        .insertInto('secret_request')
        .values({
          id: request.id,
          label: request.label,
          claim_verifier: request.claimVerifier,
          expires_at: expiresAt,
        })
        .execute();
      return expiresAt;
    },

    /** A live request, or null when none has this id or it has expired. */
    async state(id: string): Promise<RequestState | null> {
      const row = await db
        .selectFrom('secret_request as r')
        // The answer is the note under the request's id (see above).
        .leftJoin('note', 'note.id', 'r.id')
        .select(['r.label', 'r.expires_at', 'r.answered_at', 'r.ephemeral_key', 'note.uploading'])
        .where('r.id', '=', id)
        .where('r.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return null;
      return {
        label: row.label,
        expiresAt: new Date(row.expires_at).toISOString(),
        answered: row.answered_at !== null,
        ephemeralKey: row.ephemeral_key,
        answerUploading: row.uploading === true,
      };
    },

    /**
     * Answers a live, unanswered request in one statement: the request is marked answered (a
     * conditional update, so of concurrent answers exactly one finds it unanswered) and the
     * answer becomes a note under its id, expiring with the request. With files, the note waits
     * for their upload (as a note's) and their rows go in the same transaction, so an answer is
     * never half stored. Returns the expiry, or null when nothing was answered.
     */
    async answer(answer: {
      id: string;
      ephemeralKey: string;
      content: string;
      files: readonly NoteFile[];
      /** SHA-256 of the upload token; null exactly when there are no files. */
      uploadVerifier: Buffer | null;
    }): Promise<string | null> {
      const hasFiles = answer.files.length > 0;
      const store = (db: typeof database.sql) =>
        db
          .with('answered', (db) =>
            db
              .updateTable('secret_request')
              .set({ answered_at: now, ephemeral_key: answer.ephemeralKey })
              .where('id', '=', answer.id)
              .where('answered_at', 'is', null)
              .where('expires_at', '>', now)
              .returning(['id', 'claim_verifier', 'expires_at']),
          )
          .insertInto('note')
          .columns([
            'id',
            'content',
            'verifier',
            'link_verifier',
            'expires_at',
            'file_count',
            'uploading',
            'upload_verifier',
          ])
          .expression((eb) =>
            eb
              .selectFrom('answered')
              .select((eb) => [
                'id',
                eb.val(answer.content).as('content'),
                'claim_verifier',
                'claim_verifier as link_verifier',
                'expires_at',
                eb.val(answer.files.length).as('file_count'),
                eb.val(hasFiles).as('uploading'),
                eb.val(answer.uploadVerifier).as('upload_verifier'),
              ]),
          )
          .returning('expires_at')
          .executeTakeFirst();
      const row = hasFiles
        ? await db.transaction().execute(async (trx) => {
            const stored = await store(trx);
            if (stored) await files.insert(answer.id, answer.files, trx);
            return stored;
          })
        : await store(db);
      return row ? new Date(row.expires_at).toISOString() : null;
    },

    /**
     * Opens again the live requests whose answer was abandoned: its files never all arrived, so
     * the notes' sweep deleted it unread (UPLOAD_WINDOW_MINUTES), leaving no tombstone. Without
     * this the request link would say "already answered" and the claim link "not found" until
     * the request expired; now the responder can answer again and the claim link waits for it.
     * An answer read, expired or destroyed leaves a tombstone in the statement that deletes it,
     * and the answer and its request row are made in one statement, so "answered, with neither
     * a note nor a tombstone" means abandoned and nothing else. (Tombstones are kept 30 days
     * after the answer went, longer than a request lives.) Idempotent; returns how many opened.
     */
    async reopenAbandoned(): Promise<number> {
      const result = await db
        .updateTable('secret_request')
        .set({ answered_at: null, ephemeral_key: null })
        .where('answered_at', 'is not', null)
        .where('expires_at', '>', now)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('note')
                .select('note.id')
                .whereRef('note.id', '=', 'secret_request.id')
                .union(
                  selectFrom('note_tombstone')
                    .select('note_tombstone.id')
                    .whereRef('note_tombstone.id', '=', 'secret_request.id'),
                ),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Expired requests go (their answer, read or not, is the notes' to sweep). Idempotent;
     * returns how many went.
     */
    async sweep(): Promise<number> {
      const result = await db
        .deleteFrom('secret_request')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RequestsRepository = ReturnType<typeof requestsRepository>;
