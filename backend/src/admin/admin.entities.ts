import { defineEntity, p } from '@mikro-orm/core';

/**
 * A signed-in administrator. The browser holds a random token in an HttpOnly cookie; the
 * database holds only its SHA-256, so a copy of the database cannot be used to sign in.
 */
export const AdminSession = defineEntity({
  name: 'AdminSession',
  tableName: 'admin_session',
  properties: {
    tokenHash: p.type('uint8array').columnType('bytea').primary(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz').index('admin_session_expires_at_idx'),
  },
});
