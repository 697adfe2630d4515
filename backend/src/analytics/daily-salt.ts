import crypto from 'node:crypto';
import type { AnalyticsRepository } from './analytics.repository.ts';

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
export function dailySalt(repo: Pick<AnalyticsRepository, 'saltOf'>): DailySalt {
  let current: { day: string; salt: Promise<Buffer> } | null = null;
  const load = (day: string) => repo.saltOf(day, crypto.randomBytes(32));

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
