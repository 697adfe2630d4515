import crypto from 'node:crypto';
import { sql, type Insertable, type InsertQueryBuilder } from 'kysely';
import type { RateLimitScope } from '../../../shared/errors.ts';
import type { Database, DB } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { RateLimit } from './rate-limit.entity.ts';

export interface RateRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one request of `action` by `client` (an address, or another key such as a mailbox,
   * which is only ever kept hashed); rejects with RATE_LIMITED (429 + Retry-After) past the rule.
   */
  hit(
    action: string,
    client: string,
    rule: RateRule,
    extra?: { scope?: RateLimitScope },
  ): Promise<void>;
  /** Publishes this instance's counts to the database and learns everyone else's. */
  sync(): Promise<void>;
  /** Drops counters of windows long past. */
  sweep(): Promise<void>;
}

interface Counter {
  /** The client's keyed hash: what the database sees instead of the address. */
  bucket: string;
  windowStart: number;
  windowSeconds: number;
  /** Hits of all instances as of the last exchange with the database, this one's included. */
  shared: number;
  /** This instance's hits since then. */
  pending: number;
}

/** Instances announce themselves in the counters table under this prefix, every few syncs. */
const INSTANCE_PREFIX = '~instance:';
const INSTANCE_BEAT_SECONDS = 5;
/** Client hashes kept between requests: one per recent address, within a bound. */
const MAX_CACHED_HASHES = 10_000;

/**
 * Fixed-window counters shared by every instance through the database.
 *
 * Far from its limit, a client's request is decided from memory (the shared total at the last
 * sync plus this instance's hits since), with counts synced in the background every second:
 * that keeps a database round trip off nearly every request. Within reach of the limit each
 * request is decided by an atomic increment in the database. The share of the limit decided
 * from memory shrinks with the number of live instances (a quarter of the limit, divided among
 * them), so a burst spread over every instance at once gets at most about 1/8 of the limit more
 * through than the limit, and a single instance none.
 *
 * The client is stored only as a keyed hash (HMAC with a server secret): enough to count,
 * useless to identify anyone. In memory, counters are keyed the same way.
 */
export function createRateLimiter(
  database: Pick<Database, 'sql' | 'em'>,
  secret: Buffer,
  /** Called with the client address whenever a request is refused. */
  onLimited: (client: string) => void = () => {},
): RateLimiter {
  const db = database.sql;
  const counters = new Map<string, Counter>();
  const instance = crypto.randomBytes(12).toString('base64url');
  let instances = 1;
  let beatAt = 0;
  // A client's keyed hash, computed once per minute rather than on every request (it showed in
  // the profile); the addresses it is looked up by are let go with it.
  const hashes = new Map<string, string>();
  let hashesMinute = 0;
  const keyedHash = (client: string): string => {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== hashesMinute || hashes.size >= MAX_CACHED_HASHES) {
      hashes.clear();
      hashesMinute = minute;
    }
    let hash = hashes.get(client);
    if (hash === undefined) {
      hash = crypto.createHmac('sha256', secret).update(client).digest('base64url').slice(0, 22);
      hashes.set(client, hash);
    }
    return hash;
  };
  const bucketOf = (action: string, client: string) => `${action}:${keyedHash(client)}`;

  /**
   * Adds each counter's hits to its bucket in one statement: to the same window's count, or as
   * a new window's first. Returns every instance's totals.
   */
  function add(
    counts: { counter: Counter; hits: number }[],
  ): InsertQueryBuilder<DB, 'rate_limit', { bucket: string; hits: number }> {
    const rows: Insertable<DB['rate_limit']>[] = counts.map(({ counter, hits }) => ({
      bucket: counter.bucket,
      window_start: new Date(counter.windowStart * 1000),
      hits,
    }));
    return db
      .insertInto('rate_limit')
      .values(rows)
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet((eb) => ({
          hits: eb
            .case()
            .when('rate_limit.window_start', '=', eb.ref('excluded.window_start'))
            .then(eb('rate_limit.hits', '+', eb.ref('excluded.hits')))
            .else(eb.ref('excluded.hits'))
            .end(),
          window_start: eb.ref('excluded.window_start'),
        })),
      )
      .returning(['bucket', 'hits']);
  }

  return {
    async hit(
      action,
      client,
      rule,
      extra: { scope?: RateLimitScope; keyIsAddress?: boolean } = {},
    ) {
      const now = Date.now() / 1000;
      const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
      const bucket = bucketOf(action, client);
      let counter = counters.get(bucket);
      if (!counter || counter.windowStart !== windowStart) {
        counter = { bucket, windowStart, windowSeconds: rule.windowSeconds, shared: 0, pending: 0 };
        counters.set(bucket, counter);
      }
      const limited = () => {
        if (extra.keyIsAddress !== false) onLimited(client);
        const retryAfterSeconds = Math.max(1, Math.ceil(windowStart + rule.windowSeconds - now));
        return new AppError('RATE_LIMITED', 'Too many requests. Please wait and try again.', {
          details: { retryAfterSeconds, ...(extra.scope && { scope: extra.scope }) },
          headers: { 'Retry-After': String(retryAfterSeconds) },
        });
      };
      const seen = counter.shared + counter.pending;
      if (seen >= rule.limit) throw limited();
      if (seen < Math.floor(rule.limit / (4 * instances))) {
        counter.pending++;
        return;
      }
      // Near the limit: this hit (with the ones not yet synced) is decided by the database.
      const hits = counter.pending + 1;
      counter.pending = 0;
      const { hits: total } = await add([{ counter, hits }]).executeTakeFirstOrThrow();
      counter.shared = Math.max(counter.shared, total);
      if (total > rule.limit) throw limited();
    },

    async sync() {
      const nowSeconds = Date.now() / 1000;
      const due: [Counter, number][] = [];
      for (const [key, counter] of counters) {
        if (counter.windowStart + counter.windowSeconds <= nowSeconds) counters.delete(key);
        else if (counter.pending > 0) due.push([counter, counter.pending]);
      }
      if (nowSeconds - beatAt >= INSTANCE_BEAT_SECONDS) {
        beatAt = nowSeconds;
        const now = sql<string>`now()`;
        await db
          .insertInto('rate_limit')
          .values({ bucket: INSTANCE_PREFIX + instance, window_start: now, hits: 0 })
          .onConflict((oc) => oc.column('bucket').doUpdateSet({ window_start: now }))
          .execute();
        const { live } = await db
          .selectFrom('rate_limit')
          .select(sql<number>`count(*)::int`.as('live'))
          .where('bucket', 'like', `${INSTANCE_PREFIX}%`)
          .where(
            'window_start',
            '>',
            new Date(Date.now() - 3 * INSTANCE_BEAT_SECONDS * 1000).toISOString(),
          )
          .executeTakeFirstOrThrow();
        instances = Math.max(1, live);
      }
      if (due.length === 0) return;
      for (const [counter, pending] of due) counter.pending -= pending;
      const rows = await add(due.map(([counter, hits]) => ({ counter, hits }))).execute();
      const totals = new Map(rows.map((row) => [row.bucket, row.hits]));
      for (const [counter, pending] of due) {
        counter.shared = totals.get(counter.bucket) ?? counter.shared + pending;
      }
    },

    async sweep() {
      await database.em().nativeDelete(RateLimit, {
        windowStart: { $lt: new Date(Date.now() - 86_400_000) },
      });
    },
  };
}
