import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '../../../shared/api/chat.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { KeyExchange, generateRoomKey, type ChatSession } from '../../../shared/crypto/index.ts';
import type { ErrorBody } from '../../../shared/errors.ts';
import { MAX_WS_FRAME_BYTES } from '../../../shared/limits.ts';
import { postJson } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  ChatTestClient,
  createRoom,
  fakeChatEnvelope,
  joinRoom,
  newParticipantId,
} from './test-client.ts';

const generous = { limit: 10_000, windowSeconds: 60 };
/** Short grace and fast timers, so drops, lapses and expiry happen within a test. */
const FAST = {
  chat: {
    rejoinGraceMs: 600,
    tickMs: 100,
    sweepIntervalMs: 200,
    rateRules: { create: generous },
  },
};

const status = (t: TestServer, id: string) => fetch(`${t.url}${apiPaths.chatRoom(id)}`);
const statusBody = async (t: TestServer, id: string) =>
  (await (await status(t, id)).json()) as {
    exists: boolean;
    participantCount: number;
    timeRemaining: number;
  };
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const count = async (t: TestServer, query: ReturnType<typeof sql<{ n: number }>>) =>
  (await query.execute(t.server.database.sql)).rows[0]?.n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fakeKeyExchange(participantId: string) {
  return {
    v: 1,
    participantId,
    offers: [{ curve: 'P-256', publicKey: crypto.randomBytes(65).toString('base64url') }],
    mac: crypto.randomBytes(32).toString('base64url'),
  };
}

describe.each(TEST_DATABASES)('chat REST API on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {}, FAST);
  });
  afterAll(() => t.stop());

  it('validates the duration with a field error and creates 128-bit room ids', async () => {
    for (const body of [{}, { duration: '10' }, { duration: 15 }, { duration: '15 ' }, []]) {
      const response = await postJson(`${t.url}${apiPaths.chatCreate}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      if (!Array.isArray(body)) expect(error.fields?.map((f) => f.path)).toContain('duration');
    }
    for (const duration of ['5', '15', '30', '60']) {
      const response = await postJson(`${t.url}${apiPaths.chatCreate}`, { duration });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { success: boolean; sessionId: string };
      expect(body.success).toBe(true);
      expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const room = await statusBody(t, body.sessionId);
      expect(room.exists).toBe(true);
      expect(room.participantCount).toBe(0);
      expect(room.timeRemaining).toBeLessThanOrEqual(Number(duration) * 60);
      expect(room.timeRemaining).toBeGreaterThan(Number(duration) * 60 - 5);
    }
  });

  it('answers 404 for unknown and expired rooms, 400 for malformed ids', async () => {
    const unknown = await status(t, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('NOT_FOUND');
    expect((await status(t, 'not-a-room')).status).toBe(400);

    const id = await createRoom(t.url);
    await sql`update chat_room set expires_at = now() - interval '1 second' where id = ${id}`.execute(
      t.server.database.sql,
    );
    expect((await status(t, id)).status).toBe(404);
  });

  it('removes rooms that expire without anyone ever joining', async () => {
    const id = await createRoom(t.url, '5');
    await sql`update chat_room set expires_at = now() where id = ${id}`.execute(
      t.server.database.sql,
    );
    await expect
      .poll(() => count(t, sql`select count(*)::int as n from chat_room where id = ${id}`))
      .toBe(0);
  });

  it('has no column that could hold a message', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name like 'chat%'
      order by table_name, ordinal_position`.execute(t.server.database.sql);
    expect(rows.map((row) => `${row.table_name}.${row.column_name}`)).toEqual([
      'chat_instance.id',
      'chat_instance.holds_until',
      'chat_participant.room_id',
      'chat_participant.slot',
      'chat_participant.participant_id',
      'chat_participant.connection',
      'chat_participant.instance',
      'chat_participant.held_until',
      'chat_room.id',
      'chat_room.created_at',
      'chat_room.expires_at',
    ]);
  });
});

describe.each(TEST_DATABASES)('chat rate limit on %s', (kind) => {
  it('limits room creation per client like note creation', async () => {
    const t = await startTestServer(
      kind,
      {},
      { chat: { rateRules: { create: { limit: 2, windowSeconds: 60 } } } },
    );
    try {
      await createRoom(t.url);
      await createRoom(t.url);
      const limited = await postJson(`${t.url}${apiPaths.chatCreate}`, { duration: '15' });
      expect(limited.status).toBe(429);
      expect((await errorOf(limited)).code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await t.stop();
    }
  });
});

describe.each(TEST_DATABASES)('chat rooms over /ws on %s', (kind) => {
  let t: TestServer;
  const clients: ChatTestClient[] = [];
  const join = async (id: string, participantId?: string) => {
    const joined = await joinRoom(t.url, id, participantId);
    clients.push(joined.client);
    return joined;
  };
  const connect = async () => {
    const client = await ChatTestClient.connect(t.url);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    t = await startTestServer(kind, {}, FAST);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.stop();
  });

  it('relays key exchanges and messages verbatim between two participants, never to the sender', async () => {
    const id = await createRoom(t.url);
    const a = await join(id);
    expect(a.joined).toMatchObject({ slot: 1, participantCount: 1, others: [] });
    expect(a.joined.timeRemaining).toBeGreaterThan(890);
    const b = await join(id);
    expect(b.joined).toMatchObject({
      slot: 2,
      participantCount: 2,
      others: [a.participantId],
      participantId: b.participantId,
    });
    expect(await a.client.next('participant_joined')).toEqual({
      type: 'participant_joined',
      participantId: b.participantId,
      participantCount: 2,
    });

    const kxA = fakeKeyExchange(a.participantId);
    const kxB = fakeKeyExchange(b.participantId);
    a.client.send({
      type: 'key_exchange',
      sessionId: id,
      participantId: a.participantId,
      payload: kxA,
    });
    b.client.send({
      type: 'key_exchange',
      sessionId: id,
      participantId: b.participantId,
      payload: kxB,
    });
    expect(await b.client.next('key_exchange')).toEqual({
      type: 'key_exchange',
      participantId: a.participantId,
      payload: kxA,
    });
    expect(await a.client.next('key_exchange')).toEqual({
      type: 'key_exchange',
      participantId: b.participantId,
      payload: kxB,
    });

    const fromA = [fakeChatEnvelope(), fakeChatEnvelope(), fakeChatEnvelope()];
    const fromB = fakeChatEnvelope(3000);
    const before = Date.now();
    for (const content of fromA) {
      a.client.send({
        type: 'send_message',
        sessionId: id,
        participantId: a.participantId,
        content,
      });
    }
    b.client.send({
      type: 'send_message',
      sessionId: id,
      participantId: b.participantId,
      content: fromB,
    });
    for (const content of fromA) {
      const message = await b.client.next('new_message');
      expect(message).toMatchObject({ content, participantId: a.participantId });
      expect(message.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(message.timestamp).toBeGreaterThanOrEqual(before - 1000);
      expect(message.timestamp).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(await a.client.next('new_message')).toMatchObject({
      content: fromB,
      participantId: b.participantId,
    });
    await sleep(200);
    // No echo: each side got exactly the other's messages.
    expect(a.client.received.filter((f) => f.type === 'new_message')).toHaveLength(1);
    expect(b.client.received.filter((f) => f.type === 'new_message')).toHaveLength(3);
    expect(a.client.received.filter((f) => f.type === 'key_exchange')).toHaveLength(1);

    const third = await connect();
    third.send({ type: 'join_session', sessionId: id, participantId: newParticipantId() });
    await third.next('session_full');
    expect(await statusBody(t, id)).toMatchObject({ exists: true, participantCount: 2 });
    expect(a.client.pending('participant_joined')).toHaveLength(0);
  });

  it('carries a real end-to-end key exchange and conversation, and keeps it out of logs and tables', async () => {
    const id = await createRoom(t.url);
    const roomKey = await generateRoomKey();
    const a = await join(id);
    const b = await join(id);
    await a.client.next('participant_joined');
    const exchanges = await Promise.all(
      [a, b].map((p) => KeyExchange.start({ roomKey, roomId: id, participantId: p.participantId })),
    );
    a.client.send({
      type: 'key_exchange',
      sessionId: id,
      participantId: a.participantId,
      payload: exchanges[0]!.message,
    });
    b.client.send({
      type: 'key_exchange',
      sessionId: id,
      participantId: b.participantId,
      payload: exchanges[1]!.message,
    });
    const sessionA: ChatSession = await exchanges[0]!.complete(
      (await a.client.next('key_exchange')).payload,
    );
    const sessionB: ChatSession = await exchanges[1]!.complete(
      (await b.client.next('key_exchange')).payload,
    );
    expect(sessionA.safetyCode).toBe(sessionB.safetyCode);

    const MARKER = 'CHAT-PLAINTEXT-MARKER meet at the north gate';
    const sealed = await sessionA.encrypt(MARKER);
    a.client.send({
      type: 'send_message',
      sessionId: id,
      participantId: a.participantId,
      content: sealed.ciphertext,
    });
    const received = await b.client.next('new_message');
    const opened = await sessionB.decrypt(received.participantId, received.content);
    expect(opened).toMatchObject({ ok: true, message: { text: MARKER } });

    const reply = await sessionB.encrypt('CHAT-PLAINTEXT-REPLY');
    b.client.send({
      type: 'send_message',
      sessionId: id,
      participantId: b.participantId,
      content: reply.ciphertext,
    });
    const back = await a.client.next('new_message');
    expect(await sessionA.decrypt(back.participantId, back.content)).toMatchObject({ ok: true });

    a.client.send({ type: 'leave_session', sessionId: id, participantId: a.participantId });
    await b.client.next('participant_left');

    const logs = t.logs.join('\n');
    for (const secret of [
      'CHAT-PLAINTEXT',
      sealed.ciphertext,
      reply.ciphertext,
      a.participantId,
      b.participantId,
      id,
      roomKey,
    ]) {
      expect(logs).not.toContain(secret);
    }
    const tables = await sql<{ row: string }>`
      select row_to_json(r)::text as row from chat_room r
      union all select row_to_json(p)::text from chat_participant p`.execute(t.server.database.sql);
    const dump = tables.rows.map((row) => row.row).join('\n');
    expect(dump).not.toContain(sealed.ciphertext);
    expect(dump).not.toContain(reply.ciphertext);
    expect(dump).not.toContain('CHAT-PLAINTEXT');
  });

  it('gives exactly two of six simultaneous joiners a seat', async () => {
    const id = await createRoom(t.url);
    const joiners = await Promise.all(Array.from({ length: 6 }, () => connect()));
    for (const client of joiners) {
      client.send({ type: 'join_session', sessionId: id, participantId: newParticipantId() });
    }
    const outcomes = await Promise.all(
      joiners.map(async (client) => {
        const frame = await client.nextOf(['session_joined', 'session_full']);
        return frame.type === 'session_joined' ? `slot ${frame.slot}` : 'full';
      }),
    );
    expect(outcomes.sort()).toEqual(['full', 'full', 'full', 'full', 'slot 1', 'slot 2']);
    expect((await statusBody(t, id)).participantCount).toBe(2);
  });

  it('frees a seat at once on leave_session, and the socket can join again', async () => {
    const id = await createRoom(t.url);
    const a = await join(id);
    const b = await join(id);
    await a.client.next('participant_joined');
    b.client.send({ type: 'leave_session', sessionId: id, participantId: b.participantId });
    expect(await a.client.next('participant_left')).toEqual({
      type: 'participant_left',
      participantId: b.participantId,
      participantCount: 1,
    });
    expect((await statusBody(t, id)).participantCount).toBe(1);
    // Gone means gone: the left socket can no longer send into the room.
    b.client.send({
      type: 'send_message',
      sessionId: id,
      participantId: b.participantId,
      content: fakeChatEnvelope(),
    });
    expect((await b.client.next('error')).code).toBe('NOT_JOINED');

    const c = await join(id);
    expect(c.joined).toMatchObject({ slot: 2, participantCount: 2, others: [a.participantId] });
    b.client.send({ type: 'join_session', sessionId: id, participantId: b.participantId });
    await b.client.next('session_full');
  });

  it('keeps a dropped seat for the grace period: a rejoin gets the same slot back', async () => {
    const id = await createRoom(t.url);
    const a = await join(id);
    const b = await join(id);
    await a.client.next('participant_joined');
    a.client.close();
    await a.client.closed;
    // Held, so a newcomer cannot take it meanwhile.
    const newcomer = await connect();
    newcomer.send({ type: 'join_session', sessionId: id, participantId: newParticipantId() });
    await newcomer.next('session_full');
    expect((await statusBody(t, id)).participantCount).toBe(2);

    const again = await join(id, a.participantId);
    expect(again.joined).toMatchObject({
      slot: 1,
      participantCount: 2,
      others: [b.participantId],
    });
    expect(await b.client.next('participant_joined')).toEqual({
      type: 'participant_joined',
      participantId: a.participantId,
      participantCount: 2,
    });
    await sleep(FAST.chat.rejoinGraceMs + 400);
    expect(b.client.pending('participant_left')).toHaveLength(0);

    // Joining again on the same socket keeps the seat too, and asks the other side to re-key.
    again.client.send({ type: 'join_session', sessionId: id, participantId: a.participantId });
    expect((await again.client.next('session_joined')).slot).toBe(1);
    expect((await b.client.next('participant_joined')).participantId).toBe(a.participantId);

    // The newest connection of a participant wins; the older one is closed.
    const elsewhere = await join(id, a.participantId);
    expect(elsewhere.joined.slot).toBe(1);
    expect((await again.client.closed).code).toBe(CHAT_CLOSE.REPLACED);
    b.client.send({
      type: 'send_message',
      sessionId: id,
      participantId: b.participantId,
      content: fakeChatEnvelope(),
    });
    await elsewhere.client.next('new_message');
  });

  it('frees a dropped seat after the grace period and tells the other side', async () => {
    const id = await createRoom(t.url);
    const a = await join(id);
    const b = await join(id);
    await a.client.next('participant_joined');
    const dropped = Date.now();
    b.client.close();
    expect(await a.client.next('participant_left', 5000)).toEqual({
      type: 'participant_left',
      participantId: b.participantId,
      participantCount: 1,
    });
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(FAST.chat.rejoinGraceMs - 50);
    expect((await statusBody(t, id)).participantCount).toBe(1);
    const c = await join(id);
    expect(c.joined.slot).toBe(2);
  });

  it('sends time_update from the database clock and ends the room for everyone at expiry', async () => {
    const id = await createRoom(t.url, '5');
    const a = await join(id);
    const b = await join(id);
    const first = await a.client.next('time_update');
    expect(first.timeRemaining).toBeGreaterThan(290);
    await sql`update chat_room set expires_at = now() + interval '1500 milliseconds' where id = ${id}`.execute(
      t.server.database.sql,
    );
    await expect
      .poll(() => {
        const last = a.client.received.findLast((f) => f.type === 'time_update');
        return last?.type === 'time_update' ? last.timeRemaining : null;
      })
      .toBeLessThanOrEqual(2);
    await Promise.all([a.client.next('session_expired'), b.client.next('session_expired')]);
    expect((await a.client.closed).code).toBe(1000);
    expect((await b.client.closed).code).toBe(1000);
    expect(await count(t, sql`select count(*)::int as n from chat_room where id = ${id}`)).toBe(0);
    expect(
      await count(t, sql`select count(*)::int as n from chat_participant where room_id = ${id}`),
    ).toBe(0);
    expect((await status(t, id)).status).toBe(404);

    // A late joiner learns the room is over (this instance saw it end), not that it never was.
    const late = await connect();
    late.send({ type: 'join_session', sessionId: id, participantId: a.participantId });
    await late.next('session_expired');
  });

  it('repairs a missed event from the database on the next tick', async () => {
    const id = await createRoom(t.url);
    const a = await join(id);
    const b = await join(id);
    await a.client.next('participant_joined');
    // As if the seat had been freed by an instance whose notification never reached us.
    await sql`delete from chat_participant where room_id = ${id} and participant_id = ${b.participantId}`.execute(
      t.server.database.sql,
    );
    expect(await a.client.next('participant_left')).toMatchObject({
      participantId: b.participantId,
      participantCount: 1,
    });
    expect((await b.client.next('error')).code).toBe('NOT_JOINED');
  });

  it('frees the seats of an instance that stopped beating, as after a crash', async () => {
    const id = await createRoom(t.url);
    const a = await join(id);
    const b = await join(id);
    await a.client.next('participant_joined');
    // b's seat now belongs to an instance that has no heartbeat any more.
    await sql`update chat_participant set instance = 'crashed-instance'
              where room_id = ${id} and participant_id = ${b.participantId}`.execute(
      t.server.database.sql,
    );
    expect(await a.client.next('participant_left')).toMatchObject({
      participantId: b.participantId,
      participantCount: 1,
    });
    expect((await statusBody(t, id)).participantCount).toBe(1);
  });

  it('answers anything malformed with an error frame and keeps serving', async () => {
    const id = await createRoom(t.url);
    const client = await connect();
    const pid = newParticipantId();
    const expectError = async (frame: object | string | Buffer, code: string) => {
      if (Buffer.isBuffer(frame)) client.socket.send(frame);
      else client.send(frame);
      const error = await client.next('error');
      expect(error.code, typeof frame === 'string' ? frame : JSON.stringify(frame)).toBe(code);
    };
    await expectError('{not json', 'VALIDATION_FAILED');
    await expectError('[1,2]', 'VALIDATION_FAILED');
    await expectError('"join_session"', 'VALIDATION_FAILED');
    await expectError(Buffer.from([1, 2, 3]), 'VALIDATION_FAILED');
    await expectError({ type: 'make_coffee' }, 'VALIDATION_FAILED');
    await expectError({ type: 'toString' }, 'VALIDATION_FAILED');
    await expectError({ type: '__proto__' }, 'VALIDATION_FAILED');
    await expectError(
      { type: 'join_session', sessionId: 'short', participantId: pid },
      'VALIDATION_FAILED',
    );
    await expectError(
      { type: 'join_session', sessionId: id, participantId: 'NOT-HEX' },
      'VALIDATION_FAILED',
    );
    await expectError(
      { type: 'send_message', sessionId: id, participantId: pid },
      'VALIDATION_FAILED',
    );
    await expectError(
      { type: 'send_message', sessionId: id, participantId: pid, content: 'plain text' },
      'VALIDATION_FAILED',
    );
    await expectError(
      { type: 'key_exchange', sessionId: id, participantId: pid, payload: { v: 2 } },
      'VALIDATION_FAILED',
    );
    await expectError(
      { type: 'send_message', sessionId: id, participantId: pid, content: fakeChatEnvelope() },
      'NOT_JOINED',
    );
    await expectError({ type: 'leave_session', sessionId: id, participantId: pid }, 'NOT_JOINED');
    await expectError(
      { type: 'join_session', sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', participantId: pid },
      'NOT_FOUND',
    );
    await sleep(1000); // refill the frame budget before the next checks

    // Larger than the protocol's largest frame: the socket is closed from the frame's header,
    // before the server reads it (1009, "message too big").
    for (const oversized of [
      'x'.repeat(MAX_WS_FRAME_BYTES + 1),
      JSON.stringify({
        type: 'send_message',
        sessionId: id,
        participantId: pid,
        content: `v1.${'A'.repeat(16)}.${'A'.repeat(MAX_WS_FRAME_BYTES)}`,
      }),
    ]) {
      const sender = await ChatTestClient.connect(t.url);
      sender.send(oversized);
      expect((await sender.closed).code).toBe(1009);
    }

    // Joined, a participant cannot speak for someone else or pass off another's key exchange.
    client.send({ type: 'join_session', sessionId: id, participantId: pid });
    await client.next('session_joined');
    await expectError(
      {
        type: 'send_message',
        sessionId: id,
        participantId: newParticipantId(),
        content: fakeChatEnvelope(),
      },
      'NOT_JOINED',
    );
    await expectError(
      {
        type: 'key_exchange',
        sessionId: id,
        participantId: pid,
        payload: fakeKeyExchange(newParticipantId()),
      },
      'VALIDATION_FAILED',
    );
    await sleep(1000);

    // Too fast: a burst beyond the budget is told once, the rest goes unanswered (a client that
    // stops reading must not make the server queue a reply per frame); the socket stays open.
    const before = client.received.length;
    for (let i = 0; i < 40; i++) client.send('{}');
    await expect.poll(() => client.received.length - before).toBeGreaterThanOrEqual(21);
    await sleep(300);
    const answers = client.received.slice(before);
    expect(answers.filter((f) => f.type === 'error' && f.code === 'RATE_LIMITED')).toHaveLength(1);
    expect(answers.length).toBeLessThan(40);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    await sleep(2100);

    const partner = await join(id);
    expect(partner.joined.participantCount).toBe(2);
    const content = fakeChatEnvelope();
    client.send({ type: 'send_message', sessionId: id, participantId: pid, content });
    expect((await partner.client.next('new_message')).content).toBe(content);

    // Past ws's own hard cap the socket is closed (1009), and the server carries on.
    client.send('x'.repeat(65 * 1024));
    expect((await client.closed).code).toBe(1009);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    const fresh = await connect();
    fresh.send('{}');
    expect((await fresh.next('error')).code).toBe('VALIDATION_FAILED');
  });
});

describe.each(TEST_DATABASES)('chat liveness on %s', (kind) => {
  it('counts a connection terminated by the heartbeat as a drop', async () => {
    const t = await startTestServer(kind, {}, { ...FAST, heartbeatMs: 1000 });
    const clients: ChatTestClient[] = [];
    try {
      const id = await createRoom(t.url);
      const a = await joinRoom(t.url, id);
      const b = await joinRoom(t.url, id);
      clients.push(a.client, b.client);
      await a.client.next('participant_joined');
      b.client.goSilent();
      const left = await a.client.next('participant_left', 10_000);
      expect(left).toMatchObject({ participantId: b.participantId, participantCount: 1 });
      expect((await statusBody(t, id)).participantCount).toBe(1);
      // The live side kept answering pings and is still in the room.
      const c = await joinRoom(t.url, id);
      clients.push(c.client);
      expect(c.joined.participantCount).toBe(2);
    } finally {
      for (const client of clients) client.socket.terminate();
      await t.stop();
    }
  });
});

describe.each(TEST_DATABASES)('chat rooms the sweeper ends, on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // No tick to re-read the deadline: the room's own timer stays set for minutes, so only the
    // sweeper can end it.
    t = await startTestServer(kind, {}, { chat: { ...FAST.chat, tickMs: 600_000 } });
  });
  afterAll(() => t.stop());

  it('tells a join right after the end that the room ended, not that it never was', async () => {
    const id = await createRoom(t.url, '5');
    const a = await joinRoom(t.url, id);
    await sql`update chat_room set expires_at = now() - interval '1 second' where id = ${id}`.execute(
      t.server.database.sql,
    );
    await a.client.next('session_expired');
    const late = await ChatTestClient.connect(t.url);
    try {
      late.send({ type: 'join_session', sessionId: id, participantId: newParticipantId() });
      await late.next('session_expired');
    } finally {
      late.close();
      a.client.close();
    }
  });
});
