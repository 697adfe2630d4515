import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore, type TestStore } from '../testing/test-server.ts';
import { createRateLimiter, type RateLimiter, type RateRule } from './rate-limiter.ts';

/**
 * Hits that weigh more than one (a byte budget's), on limiters sharing one database as instances
 * do. Every limit at the HTTP level, under bursts: burst.test.ts.
 */

/** A window far longer than a test, so that every hit of one falls in the same window. */
const RULE: RateRule = { limit: 100, windowSeconds: 1_000_000_000 };
/** The largest hit of the bursts. */
const MAX_COST = 40;

/** Whether a hit got through: false when the limit refused it; any other failure is thrown. */
const passes = (hit: Promise<void>) =>
  hit.then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
      throw error;
    },
  );

/** Hit costs from 1 to MAX_COST, in an order that mixes light and heavy ones. */
const mixedCosts = (count: number) =>
  Array.from({ length: count }, (_, index) => ((index * 7) % MAX_COST) + 1);

describe.each(TEST_DATABASES)('weighted hits on %s', (kind) => {
  let store: TestStore;
  let database: Database;
  const secret = crypto.randomBytes(32);
  /** A limiter of its own, as each instance has, on the one database. */
  const instance = () => createRateLimiter(database, secret);
  /** An action and a client of their own, for one test's counter. */
  const newCounter = () => ({
    action: `weighted-${crypto.randomBytes(4).toString('hex')}`,
    client: crypto.randomUUID(),
  });
  /** What the database counts for an action (its one client), once every instance has synced. */
  const counted = async (action: string, limiters: RateLimiter[]) => {
    await Promise.all(limiters.map((limiter) => limiter.sync()));
    const row = await database.sql
      .selectFrom('rate_limit')
      .select('hits')
      .where('bucket', 'like', `${action}:%`)
      .executeTakeFirstOrThrow();
    return row.hits;
  };

  beforeAll(async () => {
    store = await createTestStore(kind);
    database = await openDatabase(loadConfig(store.env), createLogger('silent'));
  });
  afterAll(async () => {
    await database?.close();
    await store?.drop();
  });

  it('asks the database before letting through a hit heavier than memory may decide', async () => {
    const { action, client } = newCounter();
    const [a, b] = [instance(), instance()];
    const charge = (limiter: RateLimiter, cost: number) =>
      passes(limiter.hit(action, client, RULE, { cost }));
    // 60 is far over the eighth of the limit decided from memory: it is counted before it passes,
    // so the other instance, which has heard nothing yet, learns of it from its own statement.
    expect(await charge(a, 60)).toBe(true);
    expect(await charge(b, 50)).toBe(false);
    // The refused 50 was given back: 40 still fits, exactly.
    expect(await charge(b, 40)).toBe(true);
    expect(await charge(b, 1)).toBe(false);
    expect(await charge(a, 1)).toBe(false);
    // What passed, and nothing the database's count refused.
    expect(await counted(action, [a, b])).toBe(100);
  });

  it('lets a concurrent burst of mixed weights through within the limit on one instance, filling it', async () => {
    const { action, client } = newCounter();
    const limiter = instance();
    const costs = mixedCosts(200);
    const results = await Promise.all(
      costs.map((cost) => passes(limiter.hit(action, client, RULE, { cost }))),
    );
    const through = costs.reduce((sum, cost, index) => sum + (results[index] ? cost : 0), 0);
    expect(through).toBeLessThanOrEqual(RULE.limit);
    // Each hit passed when it fitted beside those before it: no room a hit could use is left.
    expect(through).toBeGreaterThan(RULE.limit - MAX_COST);
    expect(await counted(action, [limiter])).toBe(through);
  });

  it('shares the limit between instances under a concurrent burst, counting only what passed', async () => {
    const { action, client } = newCounter();
    const limiters = [instance(), instance()];
    const costs = mixedCosts(200);
    const results = await Promise.all(
      costs.map((cost, index) =>
        passes(limiters[index % limiters.length]!.hit(action, client, RULE, { cost })),
      ),
    );
    const through = costs.reduce((sum, cost, index) => sum + (results[index] ? cost : 0), 0);
    // Neither instance has heard of the other (no heartbeat yet), so each decides up to an
    // eighth of the limit from memory: that eighth of the other's is all a count can miss.
    expect(through).toBeLessThanOrEqual(RULE.limit + Math.floor(RULE.limit / 8));
    expect(through).toBeGreaterThan(0);
    // Hits refused by the database's count were given back: it holds what passed.
    expect(await counted(action, limiters)).toBe(through);
  });
});
