import type { SchemaMigration } from '../migrate.ts';

/** Requests for a secret: sealed labels and claim verifiers only (see requests.entities.ts). */
export const Migration20261128000002Requests: SchemaMigration = {
  name: 'Migration20261128000002Requests',

  async up(run) {
    await run(`create table secret_request (
      id text primary key,
      label text not null,
      claim_verifier bytea not null,
      ephemeral_key text null,
      created_at timestamptz not null default now(),
      answered_at timestamptz null,
      expires_at timestamptz not null
    )`);
    await run('create index secret_request_expires_at_idx on secret_request (expires_at)');
  },
};
