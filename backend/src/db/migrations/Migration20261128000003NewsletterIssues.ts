import type { SchemaMigration } from '../migrate.ts';

/**
 * Newsletter issues and who has been mailed each (see newsletter.entities.ts), and the mark on
 * a subscriber whose mail bounced for good.
 */
export const Migration20261128000003NewsletterIssues: SchemaMigration = {
  name: 'Migration20261128000003NewsletterIssues',

  async up(run) {
    await run('alter table newsletter_subscriber add column bounced_at timestamptz null');
    await run(`create table newsletter_issue (
      id text primary key,
      texts jsonb not null,
      status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      queued_at timestamptz null,
      sent_at timestamptz null
    )`);
    // Deleting a subscriber (unsubscribing) deletes their deliveries: nothing is left that names
    // them, not even that they were mailed.
    await run(`create table newsletter_delivery (
      issue_id text not null references newsletter_issue (id) on update cascade on delete cascade,
      address_hash bytea not null references newsletter_subscriber (address_hash)
        on update cascade on delete cascade,
      status text not null default 'claimed' check (status in ('claimed', 'sent', 'failed')),
      at timestamptz not null default now(),
      primary key (issue_id, address_hash)
    )`);
    await run(
      'create index newsletter_delivery_address_hash_idx on newsletter_delivery (address_hash)',
    );
  },
};
