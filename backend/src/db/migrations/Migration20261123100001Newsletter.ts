import { Migration } from '@mikro-orm/migrations';

/** Newsletter subscribers: hashes and a sealed address only (see newsletter.entities.ts). */
export class Migration20261123100001Newsletter extends Migration {
  override name = 'Migration20261123100001Newsletter';

  override up(): void {
    this.addSql(`create table newsletter_subscriber (
      address_hash bytea primary key,
      sealed bytea not null,
      unsubscribe_hash bytea not null,
      active boolean not null default false,
      code_hash bytea null,
      code_sent_at timestamptz null,
      code_expires_at timestamptz null,
      code_attempts int not null default 0,
      created_at timestamptz not null default now(),
      activated_at timestamptz null
    )`);
    this.addSql(
      'alter table newsletter_subscriber add constraint newsletter_subscriber_unsubscribe_hash_key unique (unsubscribe_hash)',
    );
    this.addSql(
      'create index newsletter_subscriber_code_expires_at_idx on newsletter_subscriber (code_expires_at)',
    );
  }
}
