import { Migration } from '@mikro-orm/migrations';

/** Administrator sessions (token hashes only) and security events (keyed client hashes only). */
export class Migration20261123000004Admin extends Migration {
  override name = 'Migration20261123000004Admin';

  override up(): void {
    this.addSql(`create table admin_session (
      token_hash bytea primary key,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
    this.addSql('create index admin_session_expires_at_idx on admin_session (expires_at)');
    this.addSql(`create table security_event (
      id text primary key,
      kind text not null check (kind in ('rate_limited', 'admin_login_failed', 'note_attempts_exhausted', 'invalid_frame')),
      client text not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index security_event_created_at_idx on security_event (created_at)');
  }
}
