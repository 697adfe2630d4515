import { defineEntity, p } from '@mikro-orm/core';
import {
  NEWSLETTER_ISSUE_STATUSES,
  type NewsletterIssueText,
} from '../../../shared/api/newsletter-issues.ts';
import type { LanguageCode } from '../../../shared/languages.ts';

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
    /** When a mail to it was refused for good (SMTP 5xx): no issue is sent to it again. */
    bouncedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

/**
 * An issue: per language a subject and a Markdown body (`texts`, English always among them).
 * A draft until "send to all"; then sending, to every subscriber verified by `queuedAt`; sent
 * once nobody is left.
 */
export const NewsletterIssue = defineEntity({
  name: 'NewsletterIssue',
  tableName: 'newsletter_issue',
  checks: [
    {
      name: 'newsletter_issue_status_check',
      expression: "status in ('draft', 'sending', 'sent')",
    },
  ],
  properties: {
    id: p.text().primary(),
    texts: p.json<Partial<Record<LanguageCode, NewsletterIssueText>>>(),
    status: p.enum(NEWSLETTER_ISSUE_STATUSES).columnType('text').default('draft'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    queuedAt: p.datetime().columnType('timestamptz').nullable(),
    sentAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

export const NEWSLETTER_DELIVERY_STATUSES = ['claimed', 'sent', 'failed'] as const;

/**
 * One subscriber's copy of one issue. The row is inserted (claimed) before the mail is sent, and
 * its key allows one per subscriber and issue: nobody is mailed an issue twice, however many
 * instances send. Deleted with the subscriber.
 */
export const NewsletterDelivery = defineEntity({
  name: 'NewsletterDelivery',
  tableName: 'newsletter_delivery',
  indexes: [{ name: 'newsletter_delivery_address_hash_idx', properties: ['subscriber'] }],
  checks: [
    {
      name: 'newsletter_delivery_status_check',
      expression: "status in ('claimed', 'sent', 'failed')",
    },
  ],
  properties: {
    issue: () =>
      p
        .manyToOne(NewsletterIssue)
        .primary()
        .deleteRule('cascade')
        .foreignKeyName('newsletter_delivery_issue_id_fkey'),
    subscriber: () =>
      p
        .manyToOne(NewsletterSubscriber)
        .primary()
        .fieldName('address_hash')
        .deleteRule('cascade')
        .foreignKeyName('newsletter_delivery_address_hash_fkey'),
    status: p.enum(NEWSLETTER_DELIVERY_STATUSES).columnType('text').default('claimed'),
    at: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
