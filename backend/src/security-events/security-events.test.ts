import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_EVENT_DAYS } from '../../../shared/limits.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore, type TestStore } from '../testing/test-server.ts';
import { securityEventsFeature, type SecurityEvents } from './index.ts';

const DAY_MS = 86_400_000;

// The privacy page promises that security events keep no address and are deleted after
// SECURITY_EVENT_DAYS: these hold it on both databases.
describe.each(TEST_DATABASES)('security events on %s', (kind) => {
  let store: TestStore;
  let database: Database;
  let events: SecurityEvents;

  const rows = async () =>
    (
      await sql<{
        id: string;
        kind: string;
        client: string;
      }>`select id, kind, client from security_event order by id`.execute(database.sql)
    ).rows;

  /** Records an event and waits until its row is written (recording never waits itself). */
  const recordAndWait = async (...args: Parameters<SecurityEvents['record']>) => {
    const before = (await rows()).length;
    events.record(...args);
    await expect.poll(async () => (await rows()).length, { timeout: 5000 }).toBe(before + 1);
  };

  beforeAll(async () => {
    store = await createTestStore(kind);
    database = await openDatabase(loadConfig(store.env), createLogger('silent'));
    events = securityEventsFeature({
      database,
      secret: crypto.randomBytes(32),
      logger: createLogger('silent'),
    });
  });
  afterAll(async () => {
    await database.close();
    await store.drop();
  });

  it('keeps a keyed hash of the client, never its address, and one event per minute', async () => {
    await recordAndWait('rate_limited', '203.0.113.7');
    events.record('rate_limited', '203.0.113.7');
    await recordAndWait('rate_limited', '2001:db8::/64');
    const kept = await rows();
    expect(kept).toHaveLength(2);
    for (const row of kept) {
      expect(row.kind).toBe('rate_limited');
      expect(row.client).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row.client).not.toContain('203.0.113.7');
      expect(row.client).not.toContain('2001');
    }
    expect(kept[0]!.client).not.toBe(kept[1]!.client);
  });

  it(`deletes events older than ${SECURITY_EVENT_DAYS} days and keeps the newer`, async () => {
    const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    for (const [id, days] of [
      ['aged-out', SECURITY_EVENT_DAYS + 1],
      ['just-kept', SECURITY_EVENT_DAYS - 1],
    ] as const) {
      await sql`insert into security_event (id, kind, client, created_at)
        values (${id}, 'rate_limited', 'clientclientclientclie', ${at(days)})`.execute(
        database.sql,
      );
    }
    const before = (await rows()).map((row) => row.id);
    expect(before).toContain('aged-out');

    await events.sweep();

    const after = (await rows()).map((row) => row.id);
    expect(after).not.toContain('aged-out');
    expect(after).toContain('just-kept');
    expect(after).toHaveLength(before.length - 1);
  });
});
