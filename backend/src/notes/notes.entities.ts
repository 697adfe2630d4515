import { defineEntity, p } from '@mikro-orm/core';
import { DESTROY_REASONS } from '../../../shared/api/notes.ts';

/**
 * A live note: ciphertext, the verifiers of its two proofs, and when it dies. Nothing here can
 * open it (DESIGN §3): the key lives only in the link.
 */
export const Note = defineEntity({
  name: 'Note',
  tableName: 'note',
  properties: {
    id: p.text().primary(),
    content: p.text(),
    /** How many parts each image is stored in (see NotePart). */
    imageParts: p.array<number>(Number, String).columnType('integer[]').defaultRaw("'{}'"),
    verifier: p.type('uint8array').columnType('bytea'),
    /** Null for notes made before link proofs: every wrong proof counts for those. */
    linkVerifier: p.type('uint8array').columnType('bytea').nullable(),
    /** SHA-256 of the sender's status proof; null for notes made without a status link. */
    statusVerifier: p.type('uint8array').columnType('bytea').nullable(),
    kdfSalt: p.text().nullable(),
    kdfIterations: p.integer().nullable(),
    failedAttempts: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz').index('note_expires_at_idx'),
    /** How many files the note carries (rows of NoteFile). */
    fileCount: p.smallint().default(0),
    /** True until every chunk of its files is uploaded: nobody can read it meanwhile. */
    uploading: p.boolean().default(false),
    /** SHA-256 of the upload token its files are uploaded with; null for notes without files. */
    uploadVerifier: p.type('uint8array').columnType('bytea').nullable(),
  },
});

/**
 * One file of a note: its sealed metadata and plaintext size. It outlives the note's read for
 * the reader alone, who holds the download token (`readAt` set then, with the token's hash),
 * until the reader deletes it or an hour has passed.
 */
export const NoteFile = defineEntity({
  name: 'NoteFile',
  tableName: 'note_file',
  properties: {
    noteId: p.text().primary(),
    file: p.smallint().primary(),
    meta: p.text(),
    size: p.integer(),
    downloadVerifier: p.type('uint8array').columnType('bytea').nullable(),
    readAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

/** One chunk of a file of a note: ciphertext and tag, 65,552 bytes but for a file's last. */
export const NoteFileChunk = defineEntity({
  name: 'NoteFileChunk',
  tableName: 'note_file_chunk',
  properties: {
    noteId: p.text().primary(),
    file: p.smallint().primary(),
    chunk: p.integer().primary(),
    data: p.type('uint8array').columnType('bytea'),
  },
});

/** One part (up to 1 MiB) of one image of a note, written before the note and read after it. */
export const NotePart = defineEntity({
  name: 'NotePart',
  tableName: 'note_part',
  properties: {
    noteId: p.text().primary(),
    image: p.smallint().primary(),
    seq: p.integer().primary(),
    data: p.text(),
    createdAt: p
      .datetime()
      .columnType('timestamptz')
      .defaultRaw('now()')
      .index('note_part_created_at_idx'),
  },
});

/**
 * What is left of a destroyed note for 30 days: only that it was destroyed, how and when, and
 * the verifier of its status link, so that the sender can still learn how it ended.
 */
export const NoteTombstone = defineEntity({
  name: 'NoteTombstone',
  tableName: 'note_tombstone',
  properties: {
    id: p.text().primary(),
    reason: p.enum(DESTROY_REASONS).columnType('text'),
    statusVerifier: p.type('uint8array').columnType('bytea').nullable(),
    destroyedAt: p
      .datetime()
      .columnType('timestamptz')
      .defaultRaw('now()')
      .index('note_tombstone_destroyed_at_idx'),
  },
});

/**
 * A read receipt waiting for its note to end; the address (with the sender's reference for the
 * note) sealed with MAIL_KEY. `readAt` is when the note ended, `reason` how.
 */
export const ReadReceipt = defineEntity({
  name: 'ReadReceipt',
  tableName: 'read_receipt',
  indexes: [
    {
      name: 'read_receipt_due_idx',
      expression:
        'create index read_receipt_due_idx on read_receipt (next_attempt_at) where read_at is not null',
    },
  ],
  properties: {
    noteId: p.text().primary(),
    sealedAddress: p.type('uint8array').columnType('bytea'),
    readAt: p.datetime().columnType('timestamptz').nullable(),
    reason: p.enum(DESTROY_REASONS).columnType('text').default('read'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    expiresAt: p.datetime().columnType('timestamptz'),
  },
});
