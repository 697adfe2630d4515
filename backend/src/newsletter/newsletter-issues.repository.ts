import type { InferEntity } from '@mikro-orm/core';
import { sql } from 'kysely';
import type { NewsletterProgress } from '../../../shared/api/newsletter-issues.ts';
import type { Database } from '../db/database.ts';
import { NewsletterIssue } from './newsletter.entities.ts';

export type NewsletterIssueRow = InferEntity<typeof NewsletterIssue>;
export type IssueTexts = NewsletterIssueRow['texts'];

/** The database's clock (timestamps travel as text, see DB in database.ts). */
const now = sql<string>`now()`;

/**
 * newsletter_issue and newsletter_delivery: SQL only. Issues are read and written through the
 * entity manager (an administrator's pace; it hands timestamps back as Dates, which the API gives
 * out as ISO text, and writes the JSON texts column); sending goes through single statements,
 * whose conditions are what keep a subscriber from being mailed an issue twice.
 */
export function newsletterIssuesRepository(database: Pick<Database, 'sql' | 'em'>) {
  const db = database.sql;
  /** Subscribers the issue goes to (verified by its queueing, not bounced) not yet claimed. */
  const unclaimed = (issueId: string) =>
    db
      .selectFrom('newsletter_subscriber as s')
      .innerJoin('newsletter_issue as i', (join) => join.on('i.id', '=', issueId))
      .where('s.active', '=', true)
      .where('s.bounced_at', 'is', null)
      .whereRef('s.activated_at', '<=', 'i.queued_at')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('newsletter_delivery as d')
              .select('d.issue_id')
              .whereRef('d.address_hash', '=', 's.address_hash')
              .where('d.issue_id', '=', issueId),
          ),
        ),
      );
  return {
    async insert(id: string, texts: IssueTexts): Promise<NewsletterIssueRow> {
      const em = database.em();
      em.create(NewsletterIssue, { id, texts });
      await em.flush();
      return (await this.find(id))!;
    },

    async find(id: string): Promise<NewsletterIssueRow | null> {
      return await database.em().findOne(NewsletterIssue, { id });
    },

    /** Every issue, newest first. */
    async list(): Promise<NewsletterIssueRow[]> {
      return await database
        .em()
        .find(NewsletterIssue, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
    },

    /** Replaces a draft's texts; false when the issue is not (or no longer) a draft. */
    async updateDraft(id: string, texts: IssueTexts): Promise<boolean> {
      const changed = await database
        .em()
        .nativeUpdate(NewsletterIssue, { id, status: 'draft' }, { texts, updatedAt: new Date() });
      return changed > 0;
    },

    /**
     * Turns a draft into an issue being sent, to every subscriber verified by now; false when
     * it was not a draft (pressed twice, or by two administrators' tabs at once).
     */
    async queue(id: string): Promise<boolean> {
      const queued = await db
        .updateTable('newsletter_issue')
        .set({ status: 'sending', queued_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .returning('id')
        .executeTakeFirst();
      return queued !== undefined;
    },

    /** The issue being sent that was queued first, if any. */
    async nextSending(): Promise<Pick<NewsletterIssueRow, 'id' | 'texts'> | null> {
      const row = await db
        .selectFrom('newsletter_issue')
        .select(['id', 'texts'])
        .where('status', '=', 'sending')
        .orderBy('queued_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * Claims one subscriber the issue has not been sent to, before the mail goes out: the insert
     * does nothing when another instance claimed the same one first (the key is issue and
     * subscriber), so each is claimed, and mailed, at most once. Null when no claim was made.
     */
    async claimNext(issueId: string): Promise<{ addressHash: Buffer; sealed: Uint8Array } | null> {
      const claimed = await db
        .with('claimed', (qb) =>
          qb
            .insertInto('newsletter_delivery')
            .columns(['issue_id', 'address_hash'])
            .expression(
              unclaimed(issueId)
                .select(['i.id', 's.address_hash'])
                .where('i.status', '=', 'sending')
                .orderBy('s.address_hash')
                .limit(1),
            )
            .onConflict((oc) => oc.doNothing())
            .returning('address_hash'),
        )
        .selectFrom('claimed')
        .innerJoin('newsletter_subscriber as s', 's.address_hash', 'claimed.address_hash')
        .select(['s.address_hash', 's.sealed'])
        .executeTakeFirst();
      return claimed
        ? { addressHash: Buffer.from(claimed.address_hash), sealed: claimed.sealed }
        : null;
    },

    /** Whether subscribers are left whom nobody has claimed for the issue yet. */
    async anyUnclaimed(issueId: string): Promise<boolean> {
      const row = await unclaimed(issueId).select('s.address_hash').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** How a claimed delivery went. */
    async record(issueId: string, addressHash: Buffer, status: 'sent' | 'failed'): Promise<void> {
      await db
        .updateTable('newsletter_delivery')
        .set({ status, at: now })
        .where('issue_id', '=', issueId)
        .where('address_hash', '=', addressHash)
        .execute();
    },

    /** Marks a subscriber whose mail was refused for good: later issues skip them. */
    async markBounced(addressHash: Buffer): Promise<void> {
      await db
        .updateTable('newsletter_subscriber')
        .set({ bounced_at: now })
        .where('address_hash', '=', addressHash)
        .execute();
    },

    /**
     * Records that everyone was mailed, unless a claim younger than `claimGraceSeconds` is still
     * open (another instance's mail in flight); true when the issue is now sent. A claim older
     * than that was left by an instance that stopped between claim and send.
     */
    async finish(issueId: string, claimGraceSeconds: number): Promise<boolean> {
      const finished = await db
        .updateTable('newsletter_issue')
        .set({ status: 'sent', sent_at: now, updated_at: now })
        .where('id', '=', issueId)
        .where('status', '=', 'sending')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('newsletter_delivery as d')
                .select('d.issue_id')
                .where('d.issue_id', '=', issueId)
                .where('d.status', '=', 'claimed')
                .where(
                  'd.at',
                  '>',
                  sql<string>`now() - make_interval(secs => ${claimGraceSeconds})`,
                ),
            ),
          ),
        )
        .returning('id')
        .executeTakeFirst();
      return finished !== undefined;
    },

    /**
     * Each issue's progress. Remaining: subscribers the issue will still be sent to (for a
     * draft, everyone it would go to now), claims in flight included. A claim left behind by an
     * instance that stopped between claiming and sending counts as failed once the issue is sent:
     * that subscriber was skipped, never mailed twice.
     */
    async progress(): Promise<Map<string, NewsletterProgress>> {
      const { rows } = await sql<{ id: string; sent: number; failed: number; remaining: number }>`
        select i.id,
          (select count(*) from newsletter_delivery d
            where d.issue_id = i.id and d.status = 'sent')::int as sent,
          (select count(*) from newsletter_delivery d
            where d.issue_id = i.id
              and (d.status = 'failed' or (d.status = 'claimed' and i.status = 'sent')))::int as failed,
          case when i.status = 'sent' then 0 else
            (select count(*) from newsletter_subscriber s
              where s.active and s.bounced_at is null
                and (i.queued_at is null or s.activated_at <= i.queued_at)
                and not exists (select 1 from newsletter_delivery d
                  where d.issue_id = i.id and d.address_hash = s.address_hash
                    and d.status <> 'claimed'))::int
          end as remaining
        from newsletter_issue i`.execute(db);
      return new Map(
        rows.map(({ id, sent, failed, remaining }) => [id, { sent, failed, remaining }]),
      );
    },
  };
}

export type NewsletterIssuesRepository = ReturnType<typeof newsletterIssuesRepository>;
