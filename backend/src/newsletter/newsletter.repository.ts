import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** The database's clock (timestamps travel as text, see DB in database.ts). */
const now = sql<string>`now()`;

/**
 * The newsletter_subscriber table: SQL only (typed from NewsletterSubscriber in
 * newsletter.entities.ts). Whatever must hold under concurrent requests (the resend throttle, the
 * count of tries at a code) is the condition of one statement.
 */
export function newsletterRepository(database: Pick<Database, 'sql'>) {
  const db = database.sql;
  return {
    /** The sealed part of the mailbox's row, if it has one. */
    async sealedOf(addressHash: Buffer): Promise<Uint8Array | null> {
      const row = await db
        .selectFrom('newsletter_subscriber')
        .select('sealed')
        .where('address_hash', '=', addressHash)
        .executeTakeFirst();
      return row?.sealed ?? null;
    },

    /**
     * Stores a fresh code for the mailbox, new or known, unless one was sent less than
     * `resendSeconds` ago; true when stored (so the code may be mailed).
     */
    async storeCode(row: {
      addressHash: Buffer;
      sealed: Uint8Array;
      unsubscribeHash: Buffer;
      codeHash: Buffer;
      validMinutes: number;
      resendSeconds: number;
    }): Promise<boolean> {
      const stored = await db
        .insertInto('newsletter_subscriber')
        .values({
          address_hash: row.addressHash,
          sealed: row.sealed,
          unsubscribe_hash: row.unsubscribeHash,
          code_hash: row.codeHash,
          code_sent_at: now,
          code_expires_at: sql<string>`now() + make_interval(mins => ${row.validMinutes})`,
          code_attempts: 0,
        })
        .onConflict((oc) =>
          oc
            .column('address_hash')
            .doUpdateSet((eb) => ({
              sealed: eb.ref('excluded.sealed'),
              unsubscribe_hash: eb.ref('excluded.unsubscribe_hash'),
              code_hash: eb.ref('excluded.code_hash'),
              code_sent_at: eb.ref('excluded.code_sent_at'),
              code_expires_at: eb.ref('excluded.code_expires_at'),
              code_attempts: 0,
            }))
            .where((eb) =>
              eb.or([
                eb('newsletter_subscriber.code_sent_at', 'is', null),
                eb(
                  'newsletter_subscriber.code_sent_at',
                  '<=',
                  sql<string>`now() - make_interval(secs => ${row.resendSeconds})`,
                ),
              ]),
            ),
        )
        .returning('address_hash')
        .executeTakeFirst();
      return stored !== undefined;
    },

    /** Forgets that a code was sent (it was not): asking again need not wait for the throttle. */
    async forgetCodeSent(addressHash: Buffer): Promise<void> {
      await db
        .updateTable('newsletter_subscriber')
        .set({ code_sent_at: null, code_hash: null })
        .where('address_hash', '=', addressHash)
        .execute();
    },

    /**
     * Counts a try at the mailbox's live code and hands back the code's hash; null when there
     * is no live code or it has had `maxAttempts` tries. One statement: however many requests
     * race, a code is compared at most `maxAttempts` times.
     */
    async countAttempt(addressHash: Buffer, maxAttempts: number): Promise<Uint8Array | null> {
      const attempt = await db
        .updateTable('newsletter_subscriber')
        .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
        .where('address_hash', '=', addressHash)
        .where('code_hash', 'is not', null)
        .where('code_expires_at', '>', now)
        .where('code_attempts', '<', maxAttempts)
        .returning('code_hash')
        .executeTakeFirst();
      return attempt?.code_hash ?? null;
    },

    /**
     * Activates the subscription while `codeHash` is still its newest code, and forgets the
     * code; the sealed part, or null when a newer code replaced it.
     */
    async activate(addressHash: Buffer, codeHash: Buffer): Promise<Uint8Array | null> {
      const activated = await db
        .updateTable('newsletter_subscriber')
        .set({
          active: true,
          activated_at: sql<string>`coalesce(activated_at, now())`,
          code_hash: null,
          code_expires_at: null,
          code_attempts: 0,
        })
        .where('address_hash', '=', addressHash)
        .where('code_hash', '=', codeHash)
        .returning('sealed')
        .executeTakeFirst();
      return activated?.sealed ?? null;
    },

    /** The sealed part of the row with this unsubscribe hash, if any. */
    async sealedByUnsubscribeHash(unsubscribeHash: Buffer): Promise<Uint8Array | null> {
      const found = await db
        .selectFrom('newsletter_subscriber')
        .select('sealed')
        .where('unsubscribe_hash', '=', unsubscribeHash)
        .executeTakeFirst();
      return found?.sealed ?? null;
    },

    /** Deletes the row with this unsubscribe hash; its sealed part, or null for no match. */
    async deleteByUnsubscribeHash(unsubscribeHash: Buffer): Promise<Uint8Array | null> {
      const removed = await db
        .deleteFrom('newsletter_subscriber')
        .where('unsubscribe_hash', '=', unsubscribeHash)
        .returning('sealed')
        .executeTakeFirst();
      return removed?.sealed ?? null;
    },

    /** Deletes sign-ups never verified whose code expired (or was never sent); how many. */
    async deleteUnverifiedExpired(): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('newsletter_subscriber')
        .where('active', '=', false)
        .where((eb) => eb.or([eb('code_expires_at', 'is', null), eb('code_expires_at', '<', now)]))
        .executeTakeFirst();
      return Number(numDeletedRows);
    },

    /** Forgets expired codes of active subscribers. */
    async forgetExpiredCodes(): Promise<void> {
      await db
        .updateTable('newsletter_subscriber')
        .set({ code_hash: null, code_expires_at: null, code_attempts: 0 })
        .where('active', '=', true)
        .where('code_expires_at', '<', now)
        .execute();
    },
  };
}

export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
