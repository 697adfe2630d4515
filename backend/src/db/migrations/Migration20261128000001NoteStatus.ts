import type { SchemaMigration } from '../migrate.ts';

/**
 * The sender's status link (DESIGN §3):
 * - `status_verifier` on a note and on its tombstone: SHA-256 of the status proof, so the status
 *   link can tell the state and destroy the note, and still tell how it ended once only its
 *   tombstone is left. Null for notes made without one (older clients): they have no status link.
 * - A fourth way to end, `destroyed_by_sender` ("Destroy now" on the status link), allowed in
 *   tombstones.
 * - `read_receipt.reason`: which ending the receipt reports. Receipts armed before this were all
 *   for reads.
 */
export const Migration20261128000001NoteStatus: SchemaMigration = {
  name: 'Migration20261128000001NoteStatus',

  async up(run) {
    await run('alter table note add column status_verifier bytea null');
    await run('alter table note_tombstone add column status_verifier bytea null');
    const reasons = `('read', 'expired', 'too_many_attempts', 'destroyed_by_sender')`;
    await run('alter table note_tombstone drop constraint note_tombstone_reason_check');
    await run(
      `alter table note_tombstone add constraint note_tombstone_reason_check check (reason in ${reasons})`,
    );
    await run(`alter table read_receipt add column reason text not null default 'read'
      constraint read_receipt_reason_check check (reason in ${reasons})`);
  },
};
