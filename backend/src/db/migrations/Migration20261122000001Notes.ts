import type { SchemaMigration } from '../migrate.ts';

/** Notes, their tombstones, the read-receipt outbox, shared rate limits and server secrets. */
export const Migration20261122000001Notes: SchemaMigration = {
  name: 'Migration20261122000001Notes',

  async up(run) {
    await run(`create table note (
      id text primary key,
      content text not null,
      images text[] not null default '{}',
      verifier bytea not null,
      kdf_salt text null,
      kdf_iterations integer null,
      failed_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
    await run('create index note_expires_at_idx on note (expires_at)');

    await run(`create table note_tombstone (
      id text primary key,
      reason text not null check (reason in ('read', 'expired', 'too_many_attempts')),
      destroyed_at timestamptz not null default now()
    )`);
    await run('create index note_tombstone_destroyed_at_idx on note_tombstone (destroyed_at)');

    // The address is sealed with MAIL_KEY, only ever sits here until its one mail is sent.
    await run(`create table read_receipt (
      note_id text primary key,
      sealed_address bytea not null,
      read_at timestamptz null,
      attempts integer not null default 0,
      next_attempt_at timestamptz null,
      expires_at timestamptz not null
    )`);
    await run(
      'create index read_receipt_due_idx on read_receipt (next_attempt_at) where read_at is not null',
    );

    await run(`create table rate_limit (
      bucket text primary key,
      window_start timestamptz not null,
      hits integer not null
    )`);

    await run(`create table server_secret (
      name text primary key,
      value bytea not null
    )`);
  },
};
