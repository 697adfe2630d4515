import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PATH, apiPaths } from '../../../shared/api/paths.ts';
import { DESKTOP_APP_ORIGIN } from '../../../shared/desktop-origin.ts';
import {
  ChatTestClient,
  createRoom,
  fakeChatEnvelope,
  joinRoom,
  newParticipantId,
} from '../chat/test-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  startTestServer,
  type TestServer,
} from '../testing/test-server.ts';
import { MAX_WS_FRAME_BYTES } from '../../../shared/limits.ts';
import { CLOSE_POLICY, DEFAULT_FRAME_RATE, MAX_SOCKETS_PER_ADDRESS } from './hub.ts';

const wsUrl = (t: TestServer) => `${t.url.replace(/^http/, 'ws')}${WS_PATH}`;

/** Whether the upgrade is accepted, and the HTTP status when it is not. */
function upgrade(t: TestServer, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl(t), { headers });
    // Ending a refused upgrade makes ws report an error; the status is what is checked.
    socket.on('error', () => {});
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
  });
}

describe.each(TEST_DATABASES)('/ws limits on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(() => t.stop());

  it("accepts the server's own pages and the desktop app, not another site's", async () => {
    expect(await upgrade(t, {})).toBe('open');
    expect(await upgrade(t, { Origin: t.url })).toBe('open');
    expect(await upgrade(t, { Origin: DESKTOP_APP_ORIGIN })).toBe('open');
    expect(await upgrade(t, { Origin: 'https://evil.example' })).toBe(401);
    expect(await upgrade(t, { Origin: t.url.replace('127.0.0.1', 'localhost') })).toBe(401);
  });

  it('lets one address hold only so many sockets', async () => {
    const clients = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => ChatTestClient.connect(t.url)),
    );
    try {
      const extra = await ChatTestClient.connect(t.url);
      expect((await extra.closed).code).toBe(CLOSE_POLICY);
      clients[0]!.close();
      await clients[0]!.closed;
      // A freed place can be taken again.
      await expect
        .poll(async () => {
          const again = await ChatTestClient.connect(t.url);
          const open = again.socket.readyState === WebSocket.OPEN;
          again.close();
          return open;
        })
        .toBe(true);
    } finally {
      for (const client of clients) client.close();
      await Promise.all(clients.map((client) => client.closed));
    }
  });

  it('closes a socket that keeps sending past its frame budget', async () => {
    const client = await ChatTestClient.connect(t.url);
    for (let i = 0; i < 200; i++) client.send('{}');
    expect((await client.closed).code).toBe(CLOSE_POLICY);
    // One RATE_LIMITED reply, never one per frame over the budget.
    const limited = client.received.filter(
      (frame) => frame.type === 'error' && frame.code === 'RATE_LIMITED',
    );
    expect(limited).toHaveLength(1);
  });

  it('cuts off a socket at once when it sends more bytes than its budget', async () => {
    const large = JSON.stringify({ type: 'make_coffee', pad: 'x'.repeat(MAX_WS_FRAME_BYTES - 64) });
    const small = JSON.stringify({ type: 'make_coffee' });
    const flooder = await ChatTestClient.connect(t.url);
    const control = await ChatTestClient.connect(t.url);
    // As many frames as the frame budget allows at once: small ones pass, the largest do not.
    for (let i = 0; i < DEFAULT_FRAME_RATE.burst; i++) {
      flooder.send(large);
      control.send(small);
    }
    expect((await flooder.closed).code).toBe(CLOSE_POLICY);
    const answered = (client: ChatTestClient) =>
      client.received.filter((frame) => frame.type === 'error').length;
    // Answered up to the byte budget, not one frame after it, and never told to slow down.
    // (A frame's worth of budget refills in a third of a second: at most one more on a slow day.)
    const withinBudget = Math.floor(DEFAULT_FRAME_RATE.burstBytes / Buffer.byteLength(large));
    expect(answered(flooder)).toBeGreaterThanOrEqual(withinBudget);
    expect(answered(flooder)).toBeLessThanOrEqual(withinBudget + 1);
    await expect.poll(() => answered(control)).toBe(DEFAULT_FRAME_RATE.burst);
    expect(control.socket.readyState).toBe(WebSocket.OPEN);
    control.close();
  });

  it('drops a socket over its frame budget even when the client never reads the close', async () => {
    const client = await ChatTestClient.connect(t.url);
    client.goSilent();
    // The client never sees the close frame, so it never answers it; ws alone would keep reading
    // (and discarding) its frames for its 30 s closing timeout. Writing fails once the server
    // has let the connection go, which closes the client.
    const sending = setInterval(() => {
      if (client.socket.readyState === WebSocket.OPEN) client.send('{}');
    }, 5);
    try {
      await expect(
        Promise.race([
          client.closed.then(() => 'dropped'),
          new Promise((resolve) => setTimeout(() => resolve('still connected'), 10_000)),
        ]),
      ).resolves.toBe('dropped');
    } finally {
      clearInterval(sending);
      client.socket.terminate();
    }
  });
});

describe('/ws sockets per client behind a proxy', () => {
  it('counts an IPv6 client’s sockets by its /64, not its address', async () => {
    const t = await startTestServer('embedded', { TRUST_PROXY: 'true' });
    const network = '2001:db8:77:1';
    const from = (host: number, net = network) => ({ 'X-Forwarded-For': `${net}::${host}` });
    const clients = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, (_, index) =>
        ChatTestClient.connect(t.url, from(index + 1)),
      ),
    );
    try {
      const sameNetwork = await ChatTestClient.connect(t.url, from(9999));
      expect((await sameNetwork.closed).code).toBe(CLOSE_POLICY);
      // Another network is another client: served (a frame of nonsense gets its answer).
      const otherNetwork = await ChatTestClient.connect(t.url, from(1, '2001:db8:77:2'));
      otherNetwork.send('{}');
      expect((await otherNetwork.next('error')).code).toBe('VALIDATION_FAILED');
      expect(otherNetwork.socket.readyState).toBe(WebSocket.OPEN);
      otherNetwork.close();
    } finally {
      for (const client of clients) client.close();
      await Promise.all(clients.map((client) => client.closed));
      await t.stop();
    }
  });
});

describe.each(TEST_DATABASES)('/ws against a client that stops reading, on %s', (kind) => {
  it('cuts the client off instead of buffering what its partner sends', async () => {
    // A generous budget, so the partner can send megabytes in moments.
    const t = await startTestServer(
      kind,
      {},
      {
        wsFrameRate: {
          perSecond: 10_000,
          burst: 10_000,
          overrun: 10_000,
          bytesPerSecond: 1e9,
          burstBytes: 1e9,
        },
        chat: { rejoinGraceMs: 200 },
      },
    );
    try {
      const id = await createRoom(t.url);
      const reader = await joinRoom(t.url, id);
      const sender = await joinRoom(t.url, id);
      await reader.client.next('participant_joined');
      reader.client.goSilent();
      const content = fakeChatEnvelope(4000);
      const frame = JSON.stringify({
        type: 'send_message',
        sessionId: id,
        participantId: sender.participantId,
        content,
      });
      // Far more than the kernel's socket buffers and the server's bound together.
      for (let i = 0; i < 4000 && sender.client.socket.readyState === WebSocket.OPEN; i++) {
        sender.client.send(frame);
        if (i % 200 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const left = await sender.client.next('participant_left', 15_000);
      expect(left.participantId).toBe(reader.participantId);
      reader.client.socket.terminate();
    } finally {
      await t.stop();
    }
  });
});

describe.each(TEST_DATABASES)('/ws join floods on %s', (kind) => {
  it('limits join attempts per address', async () => {
    const t = await startTestServer(
      kind,
      {},
      {
        chat: { rateRules: { join: { limit: 5, windowSeconds: 60 } } },
        wsFrameRate: { perSecond: 100, burst: 100, overrun: 100 },
      },
    );
    try {
      const client = await ChatTestClient.connect(t.url);
      for (let i = 0; i < 8; i++) {
        client.send({
          type: 'join_session',
          sessionId: 'AAAAAAAAAAAAAAAAAAAAA' + String.fromCharCode(65 + i),
          participantId: newParticipantId(),
        });
      }
      await expect.poll(() => client.received.length).toBe(8);
      const codes = client.received.map((frame) => (frame.type === 'error' ? frame.code : ''));
      expect(codes).toEqual([...Array(5).fill('NOT_FOUND'), ...Array(3).fill('RATE_LIMITED')]);
      client.close();
    } finally {
      await t.stop();
    }
  });

  it('answers joins for a room it knows is not there without asking the database again', async () => {
    const t = await startTestServer(kind);
    try {
      const id = 'NeverCreatedRoomId0000';
      const first = await ChatTestClient.connect(t.url);
      first.send({ type: 'join_session', sessionId: id, participantId: newParticipantId() });
      expect((await first.next('error')).code).toBe('NOT_FOUND');
      // Were the database asked again, this row (impossible in real life: ids are random and
      // never reused) would let the next join in.
      await sql`insert into chat_room (id, expires_at) values (${id}, now() + interval '5 minutes')`.execute(
        t.server.database.sql,
      );
      const second = await ChatTestClient.connect(t.url);
      second.send({ type: 'join_session', sessionId: id, participantId: newParticipantId() });
      expect((await second.next('error')).code).toBe('NOT_FOUND');
      expect(second.pending('session_joined')).toEqual([]);
      first.close();
      second.close();
    } finally {
      await t.stop();
    }
  });
});

describe.skipIf(!TEST_DATABASES.includes('postgres'))(
  '/ws join floods and the connection pool',
  () => {
    it('leaves pooled connections free for other requests while joins wait on the database', async () => {
      const store = await createTestStore('postgres');
      const t = await startServer(store.env);
      const locker = new pg.Client({ connectionString: store.env.DATABASE_URL });
      await locker.connect();
      const clients: ChatTestClient[] = [];
      try {
        // Every join's first statement now waits for this lock, holding its connection.
        await locker.query('begin');
        await locker.query('lock table chat_participant, chat_room in access exclusive mode');
        // Twice as many joiners as the pool has connections (10).
        for (let i = 0; i < 20; i++) clients.push(await ChatTestClient.connect(t.url));
        for (const client of clients) {
          client.send({
            type: 'join_session',
            sessionId: crypto.randomBytes(16).toString('base64url'),
            participantId: newParticipantId(),
          });
        }
        const blocked = async () =>
          (
            await locker.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n;
        await expect.poll(blocked).toBeGreaterThan(0);
        // With every connection held by a waiting join, this would wait for the lock too.
        const health = await fetch(`${t.url}${apiPaths.health}`, {
          signal: AbortSignal.timeout(5000),
        });
        expect(health.status).toBe(200);
        expect(await blocked()).toBeLessThan(10);
        await locker.query('rollback');
        // Nothing was dropped: every join is answered once the database is free.
        for (const client of clients) expect((await client.next('error')).code).toBe('NOT_FOUND');
      } finally {
        for (const client of clients) client.close();
        await locker.end();
        await t.stop();
        await store.drop();
      }
    });
  },
);
