import type { SchemaMigration } from '../migrate.ts';

/**
 * Files in notes (issue 33 §2):
 * - On a note: how many files it carries, whether they are still being uploaded (such a note
 *   cannot be read), and SHA-256 of the upload token.
 * - `note_file`: each file's sealed metadata and size; after the read, SHA-256 of the reader's
 *   download token and when the note was read (the files go an hour later at most).
 * - `note_file_chunk`: the files' chunks as raw ciphertext, stored without compression attempts
 *   (ciphertext does not compress).
 */
export const Migration20261201000001NoteFiles: SchemaMigration = {
  name: 'Migration20261201000001NoteFiles',

  async up(run) {
    await run('alter table note add column file_count smallint not null default 0');
    await run('alter table note add column uploading boolean not null default false');
    await run('alter table note add column upload_verifier bytea null');
    await run(`create table note_file (
      note_id text not null,
      file smallint not null,
      meta text not null,
      size integer not null,
      download_verifier bytea null,
      read_at timestamptz null,
      primary key (note_id, file)
    )`);
    await run(`create table note_file_chunk (
      note_id text not null,
      file smallint not null,
      chunk integer not null,
      data bytea not null,
      primary key (note_id, file, chunk)
    )`);
    await run('alter table note_file_chunk alter column data set storage external');
  },
};
