import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore, type TestStore } from '../testing/test-server.ts';
import { RelayPayloadTooLargeError, createPostgresRelay } from './postgres-relay.ts';
import { createInProcessRelay, type ChatEvent, type ChatRelay } from './relay.ts';

const ROOM = 'AAAAAAAAAAAAAAAAAAAAAA';
const message = (n: number): ChatEvent => ({
  kind: 'message',
  frame: {
    type: 'new_message',
    id: String(n),
    content: `v1.${'A'.repeat(16)}.${'B'.repeat(40)}`,
    timestamp: n,
    participantId: 'p',
  },
});

describe('in-process chat relay', () => {
  it('delivers each event to every subscriber before publish resolves', async () => {
    const relay = createInProcessRelay();
    const seen: string[] = [];
    relay.subscribe((roomId, event) => seen.push(`${roomId}:${event.kind}`));
    relay.subscribe((roomId, event) => seen.push(`again ${roomId}:${event.kind}`));
    await relay.publish(ROOM, { kind: 'expired' });
    expect(seen).toEqual([`${ROOM}:expired`, `again ${ROOM}:expired`]);
    await relay.close();
    await relay.publish(ROOM, { kind: 'expired' });
    expect(seen).toHaveLength(2);
  });
});

describe.runIf(TEST_DATABASES.includes('postgres'))('PostgreSQL chat relay', () => {
  let store: TestStore;
  let database: Database;
  const relays: ChatRelay[] = [];
  const logger = createLogger('silent');
  const relay = async () => {
    const created = await createPostgresRelay({
      url: store.env.DATABASE_URL!,
      db: database.sql,
      logger,
    });
    relays.push(created);
    return created;
  };

  beforeAll(async () => {
    store = await createTestStore('postgres');
    database = await openDatabase(loadConfig({ ...store.env, LOG_LEVEL: 'silent' }), logger);
  });
  afterAll(async () => {
    for (const created of relays) await created.close();
    await database.close();
    await store.drop();
  });

  it('delivers every event once everywhere, in publish order, locally before resolving', async () => {
    const [one, two] = [await relay(), await relay()];
    const local: number[] = [];
    const remote: number[] = [];
    const timestamp = (event: ChatEvent) => (event.kind === 'message' ? event.frame.timestamp : -1);
    one.subscribe((_, event) => local.push(timestamp(event)));
    two.subscribe((_, event) => remote.push(timestamp(event)));
    // Identical payloads in one batch must not be folded into one notification.
    const published = Array.from({ length: 500 }, (_, i) => one.publish(ROOM, message(i % 250)));
    expect(local).toHaveLength(500);
    await Promise.all(published);
    await expect.poll(() => remote.length).toBe(500);
    expect(remote).toEqual(local);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(local).toHaveLength(500);
  });

  it('refuses an event that a NOTIFY payload cannot carry, delivering it nowhere', async () => {
    const one = await relay();
    const seen: ChatEvent[] = [];
    one.subscribe((_, event) => seen.push(event));
    const huge = message(1);
    if (huge.kind === 'message') huge.frame.content = 'A'.repeat(8000);
    await expect(one.publish(ROOM, huge)).rejects.toBeInstanceOf(RelayPayloadTooLargeError);
    expect(seen).toHaveLength(0);
  });
});
