import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../http/app-error.ts';

export interface RateRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one request of `action` by `client`; throws RATE_LIMITED (429 + Retry-After) past the rule. */
  hit(action: string, client: string, rule: RateRule): void;
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
  /** Hits of all instances as of the last sync, this one's included. */
  shared: number;
  /** This instance's hits since the last sync. */
  pending: number;
}

/**
 * Fixed-window counters shared by every instance through the database. A request is decided
 * from memory (shared total at the last sync plus local hits since), and counts are synced in
 * the background every `syncIntervalMs`: keeping a database round trip off every request is
 * what lets a read cost about as much as the read itself. Across instances a client can thus
 * exceed a limit by what it manages to send within one sync interval.
 *
 * The client (an IP address) is stored only as a keyed hash: enough to count, useless to
 * identify anyone.
 */
export function createRateLimiter(db: Kysely<unknown>, secret: Buffer): RateLimiter {
  // Keyed by action and address in memory, for no longer than the counter's window: the keyed
  // hash is then computed once per window, not on every request.
  const counters = new Map<string, Counter>();
  const bucketOf = (action: string, client: string) =>
    `${action}:${crypto.createHmac('sha256', secret).update(client).digest('base64url').slice(0, 22)}`;

  return {
    hit(action, client, rule) {
      const now = Date.now() / 1000;
      const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
      const key = `${action}:${client}`;
      let counter = counters.get(key);
      if (!counter || counter.windowStart !== windowStart) {
        counter = {
          bucket: counter?.bucket ?? bucketOf(action, client),
          windowStart,
          windowSeconds: rule.windowSeconds,
          shared: 0,
          pending: 0,
        };
        counters.set(key, counter);
      }
      if (counter.shared + counter.pending >= rule.limit) {
        const retryAfter = Math.max(1, Math.ceil(windowStart + rule.windowSeconds - now));
        throw new AppError('RATE_LIMITED', 'Too many requests. Please wait and try again.', {
          details: { retryAfterSeconds: retryAfter },
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
      counter.pending++;
    },

    async sync() {
      const nowSeconds = Date.now() / 1000;
      const due: [string, Counter, number][] = [];
      for (const [key, counter] of counters) {
        if (counter.windowStart + counter.windowSeconds <= nowSeconds) counters.delete(key);
        else if (counter.pending > 0) due.push([counter.bucket, counter, counter.pending]);
      }
      if (due.length === 0) return;
      for (const [, counter, pending] of due) counter.pending -= pending;
      const { rows } = await sql<{ bucket: string; hits: number }>`
        insert into rate_limit as r (bucket, window_start, hits)
        select bucket, to_timestamp(window_start), hits
        from unnest(${due.map(([bucket]) => bucket)}::text[],
                    ${due.map(([, counter]) => counter.windowStart)}::float8[],
                    ${due.map(([, , pending]) => pending)}::int[]) as batch(bucket, window_start, hits)
        on conflict (bucket) do update set
          hits = case when r.window_start = excluded.window_start then r.hits + excluded.hits else excluded.hits end,
          window_start = excluded.window_start
        returning bucket, hits`.execute(db);
      const totals = new Map(rows.map((row) => [row.bucket, row.hits]));
      for (const [bucket, counter, pending] of due) {
        counter.shared = totals.get(bucket) ?? counter.shared + pending;
      }
    },

    async sweep() {
      await sql`delete from rate_limit where window_start < now() - interval '1 day'`.execute(db);
    },
  };
}
