import crypto from 'node:crypto';
import type { Database } from '../db/database.ts';
import { AdminSession } from './admin.entities.ts';

/** How long an administrator stays signed in, from signing in. */
export const ADMIN_SESSION_HOURS = 12;

const digest = (token: string) => crypto.createHash('sha256').update(token).digest();

/** Administrator sessions: random tokens for the cookie, only their hashes in the database. */
export function adminSessions(database: Pick<Database, 'em'>) {
  return {
    /** A new session's token (for the cookie) and when it ends. */
    async open(): Promise<{ token: string; expiresAt: Date }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ADMIN_SESSION_HOURS * 3_600_000);
      await database.em().insert(AdminSession, { tokenHash: digest(token), expiresAt });
      return { token, expiresAt };
    },
    async isOpen(token: string): Promise<boolean> {
      const session = await database.em().findOne(AdminSession, { tokenHash: digest(token) });
      return session !== null && session.expiresAt.getTime() > Date.now();
    },
    async close(token: string): Promise<void> {
      await database.em().nativeDelete(AdminSession, { tokenHash: digest(token) });
    },
    async sweep(): Promise<void> {
      await database.em().nativeDelete(AdminSession, { expiresAt: { $lte: new Date() } });
    },
  };
}

export type AdminSessions = ReturnType<typeof adminSessions>;
