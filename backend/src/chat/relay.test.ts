import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore, type TestStore } from '../testing/test-server.ts';
import { CHAT_RELAY_APPLICATION_NAME, chatChannel, createPostgresRelay } from './postgres-relay.ts';
import {
  RelayPayloadTooLargeError,
  createInProcessRelay,
  instanceOfConnection,
  joinToken,
  type ChatEvent,
  type ChatRelay,
} from './relay.ts';

const ROOM = 'AAAAAAAAAAAAAAAAAAAAAA';
/** A room on another channel than ROOM's. */
const OTHER_ROOM = 'BBBBBBBBBBBBBBBBBBBBBB';
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

const timestamp = (event: ChatEvent) => (event.kind === 'message' ? event.frame.timestamp : -1);

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

describe('join tokens', () => {
  it('name the instance the member joined on, and tokens without one name none', () => {
    const instance = createInProcessRelay().instance;
    const tokens = [joinToken(instance), joinToken(instance)];
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(tokens.map(instanceOfConnection)).toEqual([instance, instance]);
    // An older instance's token (a random id alone): its frames go to the whole room.
    expect(instanceOfConnection('xJ3kq0-_ZlW8pY1vQm2aRw')).toBeNull();
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
    await two.follow(ROOM);
    const local: number[] = [];
    const remote: number[] = [];
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

  it('sends an instance the events of the rooms it follows only, from the moment follow resolves', async () => {
    expect(chatChannel(OTHER_ROOM)).not.toBe(chatChannel(ROOM));
    const [one, two] = [await relay(), await relay()];
    const received: string[] = [];
    two.subscribe((roomId, event) => {
      received.push(`${roomId === ROOM ? 'room' : 'other'} ${timestamp(event)}`);
    });
    /**
     * One instance's notifications arrive in the order it published them, whatever their
     * channels: once `two` has the event published to OTHER_ROOM after ROOM's, it would have
     * had ROOM's too.
     */
    const publishThenMark = async (n: number) => {
      await one.publish(ROOM, message(n));
      await one.publish(OTHER_ROOM, message(n + 1));
      await expect.poll(() => received.at(-1)).toBe(`other ${n + 1}`);
    };
    await two.follow(OTHER_ROOM);
    await publishThenMark(1);
    expect(received).toEqual(['other 2']);

    // Followed twice (two members), unfollowed once: still followed.
    await Promise.all([two.follow(ROOM), two.follow(ROOM)]);
    await one.publish(ROOM, message(3));
    await expect.poll(() => received.at(-1)).toBe('room 3');
    await two.unfollow(ROOM);
    await publishThenMark(4);
    expect(received).toEqual(['other 2', 'room 3', 'room 4', 'other 5']);

    await two.unfollow(ROOM);
    await publishThenMark(6);
    expect(received).toEqual(['other 2', 'room 3', 'room 4', 'other 5', 'other 7']);
  });

  it('carries any text through the NOTIFY statements unchanged: quotes, backslashes, other scripts', async () => {
    const [one, two] = [await relay(), await relay()];
    await two.follow(ROOM);
    const received: ChatEvent[] = [];
    two.subscribe((_, event) => received.push(event));
    const awkward = `it's "quoted" \\ \\' ''; notify x, 'y'; -- ملاحظة 秘密 😀 \n end`;
    const event: ChatEvent = {
      kind: 'message',
      frame: {
        type: 'new_message',
        id: awkward,
        content: 'v1.x.y',
        timestamp: 1,
        participantId: 'p',
      },
    };
    await one.publish(ROOM, event);
    await one.publish(ROOM, event, [two.instance]);
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual([event, event]);
  });

  it('sends an addressed event to the instances named only, in order with the room’s events', async () => {
    const [one, two, three] = [await relay(), await relay(), await relay()];
    const got = (into: string[]) => (roomId: string, event: ChatEvent) =>
      into.push(`${roomId === ROOM ? 'room' : 'other'} ${timestamp(event)}`);
    const [atOne, atTwo, atThree]: string[][] = [[], [], []];
    one.subscribe(got(atOne));
    two.subscribe(got(atTwo));
    three.subscribe(got(atThree));
    // Everyone follows the room; the addressed events go to `two` alone, and are delivered at
    // `one`, the publisher, exactly once (no echo of them comes back).
    await Promise.all([one.follow(ROOM), two.follow(ROOM), three.follow(ROOM)]);
    await one.publish(ROOM, message(1));
    await one.publish(ROOM, message(2), [two.instance]);
    await one.publish(ROOM, message(3));
    // Not followed by `two`: still its, when addressed to it.
    await one.publish(OTHER_ROOM, message(4), [two.instance]);
    await one.publish(ROOM, message(5), [two.instance, three.instance]);
    await expect.poll(() => atTwo.length).toBe(5);
    await expect.poll(() => atThree.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(atTwo).toEqual(['room 1', 'room 2', 'room 3', 'other 4', 'room 5']);
    expect(atThree).toEqual(['room 1', 'room 3', 'room 5']);
    expect(atOne).toEqual(['room 1', 'room 2', 'room 3', 'other 4', 'room 5']);
    expect(new Set([one.instance, two.instance, three.instance]).size).toBe(3);
  });

  it('listens again to what it follows after its connection is cut', async () => {
    const [one, two] = [await relay(), await relay()];
    const received: number[] = [];
    two.subscribe((_, event) => received.push(timestamp(event)));
    await two.follow(ROOM);
    const listeners = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity
          where datname = current_database() and application_name = ${CHAT_RELAY_APPLICATION_NAME}`.execute(
          database.sql,
        )
      ).rows.map((row) => row.pid);
    const cut = await listeners();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where pid = any(${cut})`.execute(database.sql);
    await expect
      .poll(async () => (await listeners()).some((pid) => cut.includes(pid)), { timeout: 10_000 })
      .toBe(false);
    // At most once: what is published while the listener is down is lost, so keep publishing.
    let n = 0;
    await expect
      .poll(
        async () => {
          await one.publish(ROOM, message(++n));
          return received.length > 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    // Its own channel is listened to again too.
    await one.publish(OTHER_ROOM, message(1000), [two.instance]);
    await expect.poll(() => received.at(-1)).toBe(1000);
  });

  it('publishes from its listening connection while that is up, through the pool while it reconnects', async () => {
    const one = await relay();
    const observer = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await observer.connect();
    const senders: number[] = [];
    observer.on('notification', (notification) => senders.push(notification.processId));
    await observer.query(`listen ${observer.escapeIdentifier(chatChannel(ROOM))}`);
    const applicationOf = async (pid: number) =>
      (
        await sql<{ name: string }>`
          select application_name as name from pg_stat_activity where pid = ${pid}`.execute(
          database.sql,
        )
      ).rows[0]?.name;
    try {
      await one.publish(ROOM, message(1));
      await expect.poll(() => senders.length).toBe(1);
      const listening = senders[0]!;
      expect(await applicationOf(listening)).toBe(CHAT_RELAY_APPLICATION_NAME);

      await sql`select pg_terminate_backend(${listening})`.execute(database.sql);
      // Publishing on: a statement sent while the cut goes unnoticed fails; then the pool's
      // connections carry them, until the listener is back.
      let n = 1;
      let next: number | undefined;
      await expect
        .poll(
          async () => {
            await one.publish(ROOM, message(++n)).catch(() => {});
            next = senders.find((pid) => pid !== listening);
            return next;
          },
          { timeout: 10_000, interval: 5 },
        )
        .toBeDefined();
      expect(await applicationOf(next!)).not.toBe(CHAT_RELAY_APPLICATION_NAME);
    } finally {
      await observer.end();
    }
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
