import type { SchemaMigration } from '../migrate.ts';

/** Administrator sessions (token hashes only) and security events (keyed client hashes only). */
export const Migration20261123000004Admin: SchemaMigration = {
  name: 'Migration20261123000004Admin',

  async up(run) {
    await run(`create table admin_session (
      token_hash bytea primary key,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
    await run('create index admin_session_expires_at_idx on admin_session (expires_at)');
    await run(`create table security_event (
      id text primary key,
      kind text not null check (kind in ('rate_limited', 'admin_login_failed', 'note_attempts_exhausted', 'invalid_frame')),
      client text not null,
      created_at timestamptz not null default now()
    )`);
    await run('create index security_event_created_at_idx on security_event (created_at)');
  },
};
