import crypto from 'node:crypto';
import type { Database } from '../db/database.ts';

/** Length of a stored id hash (base64url of 132 bits): plenty to tell a day's visitors apart. */
const HASH_CHARS = 22;

export interface DailySalt {
  /** The keyed hash of a visitor or session id under today's salt. */
  hash(id: string): Promise<string>;
}

/**
 * A random salt per UTC day, made by whichever instance needs it first and stored so every
 * instance hashes alike. It is random, not derived from a lasting secret, and earlier days' salts
 * are deleted as soon as a new day's is made: once a day has passed, nobody (the operator
 * included) can link its hashes to another day's, so no visitor can be followed across days.
 */
export function dailySalt(database: Pick<Database, 'sql'>): DailySalt {
  const db = database.sql;
  let current: { day: string; salt: Promise<Buffer> } | null = null;

  async function load(day: string): Promise<Buffer> {
    await db
      .insertInto('analytics_salt')
      .values({ day, salt: crypto.randomBytes(32) })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await db
      .selectFrom('analytics_salt')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('analytics_salt').where('day', '<', day).execute();
    return Buffer.from(row.salt);
  }

  return {
    async hash(id) {
      const day = new Date().toISOString().slice(0, 10);
      if (current?.day !== day) {
        const salt = load(day);
        current = { day, salt };
        salt.catch(() => {
          if (current?.salt === salt) current = null;
        });
      }
      const salt = await current.salt;
      return crypto.createHmac('sha256', salt).update(id).digest('base64url').slice(0, HASH_CHARS);
    },
  };
}
