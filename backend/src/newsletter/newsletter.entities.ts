import { defineEntity, p } from '@mikro-orm/core';

/**
 * One mailbox on the newsletter, pending until its code is entered, then active. Found by a
 * keyed hash of the address; the address itself (with the mail language and the unsubscribe
 * token) is sealed with MAIL_KEY, and the code and the token are kept only as hashes, so a
 * database dump names nobody and lets nobody verify or unsubscribe anyone.
 */
export const NewsletterSubscriber = defineEntity({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscriber',
  properties: {
    addressHash: p.type('uint8array').columnType('bytea').primary(),
    sealed: p.type('uint8array').columnType('bytea'),
    unsubscribeHash: p
      .type('uint8array')
      .columnType('bytea')
      .unique('newsletter_subscriber_unsubscribe_hash_key'),
    active: p.boolean().default(false),
    codeHash: p.type('uint8array').columnType('bytea').nullable(),
    codeSentAt: p.datetime().columnType('timestamptz').nullable(),
    codeExpiresAt: p
      .datetime()
      .columnType('timestamptz')
      .nullable()
      .index('newsletter_subscriber_code_expires_at_idx'),
    codeAttempts: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    activatedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
