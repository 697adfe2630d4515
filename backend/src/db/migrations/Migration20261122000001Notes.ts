import { Migration } from '@mikro-orm/migrations';

/** Notes, their tombstones, the read-receipt outbox, shared rate limits and server secrets. */
export class Migration20261122000001Notes extends Migration {
  override name = 'Migration20261122000001Notes';

  override up(): void {
    this.addSql(`create table note (
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
    this.addSql('create index note_expires_at_idx on note (expires_at)');

    this.addSql(`create table note_tombstone (
      id text primary key,
      reason text not null check (reason in ('read', 'expired', 'too_many_attempts')),
      destroyed_at timestamptz not null default now()
    )`);
    this.addSql('create index note_tombstone_destroyed_at_idx on note_tombstone (destroyed_at)');

    // The address is sealed with MAIL_KEY, only ever sits here until its one mail is sent.
    this.addSql(`create table read_receipt (
      note_id text primary key,
      sealed_address bytea not null,
      read_at timestamptz null,
      attempts integer not null default 0,
      next_attempt_at timestamptz null,
      expires_at timestamptz not null
    )`);
    this.addSql(
      'create index read_receipt_due_idx on read_receipt (next_attempt_at) where read_at is not null',
    );

    this.addSql(`create table rate_limit (
      bucket text primary key,
      window_start timestamptz not null,
      hits integer not null
    )`);

    this.addSql(`create table server_secret (
      name text primary key,
      value bytea not null
    )`);
  }
}
