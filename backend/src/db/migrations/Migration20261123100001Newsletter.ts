import type { SchemaMigration } from '../migrate.ts';

/** Newsletter subscribers: hashes and a sealed address only (see newsletter.entities.ts). */
export const Migration20261123100001Newsletter: SchemaMigration = {
  name: 'Migration20261123100001Newsletter',

  async up(run) {
    await run(`create table newsletter_subscriber (
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
    await run(
      'alter table newsletter_subscriber add constraint newsletter_subscriber_unsubscribe_hash_key unique (unsubscribe_hash)',
    );
    await run(
      'create index newsletter_subscriber_code_expires_at_idx on newsletter_subscriber (code_expires_at)',
    );
  },
};
