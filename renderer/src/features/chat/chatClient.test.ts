import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE } from '../../../../shared/api/chat.ts';
import type { ServerFrame } from '../../../../shared/api/chat.ts';
import { generateRoomKey } from '../../../../shared/crypto/index.ts';
import { ChatClient, parseServerFrame, reconnectDelay } from './chatClient.ts';
import type { ChatNotice } from './chatClient.ts';
import { chatReducer, initialChatState } from './chatState.ts';
import type { ChatState } from './chatState.ts';
import { newParticipantId } from './chatText.ts';

const ROOM = 'AAAAAAAAAAAAAAAAAAAAAA';

type Listener = (event: { data?: unknown; code?: number }) => void;

/**
 * A relay with the real server's frame flow (seat, session_joined with others,
 * participant_joined/left to the others, relay without echo), and a hook to hold frames back
 * so tests can reorder them.
 */
class FakeRelay {
  seats = new Map<string, FakeSocket>();
  /** Frames to a participant are held while this returns true for them. */
  hold: (to: string, frame: ServerFrame) => boolean = () => false;
  held: { socket: FakeSocket; frame: ServerFrame }[] = [];

  deliver(socket: FakeSocket, frame: ServerFrame) {
    if (socket.participantId && this.hold(socket.participantId, frame)) {
      this.held.push({ socket, frame });
      return;
    }
    setTimeout(() => socket.emit('message', { data: JSON.stringify(frame) }), 0);
  }

  release() {
    const held = this.held;
    this.held = [];
    this.hold = () => false;
    for (const { socket, frame } of held) this.deliver(socket, frame);
  }

  others(socket: FakeSocket) {
    return [...this.seats.values()].filter((other) => other !== socket);
  }

  receive(socket: FakeSocket, frame: Record<string, unknown>) {
    const participantId = frame.participantId as string;
    switch (frame.type) {
      case 'join_session': {
        const existing = this.seats.get(participantId);
        if (!existing && this.seats.size >= 2) {
          this.deliver(socket, { type: 'session_full' });
          return;
        }
        socket.participantId = participantId;
        this.seats.set(participantId, socket);
        const others = this.others(socket);
        this.deliver(socket, {
          type: 'session_joined',
          participantId,
          slot: this.seats.size,
          participantCount: this.seats.size,
          timeRemaining: 900,
          others: others.map((other) => other.participantId!),
        });
        for (const other of others) {
          this.deliver(other, {
            type: 'participant_joined',
            participantId,
            participantCount: this.seats.size,
          });
        }
        return;
      }
      case 'key_exchange':
        for (const other of this.others(socket)) {
          this.deliver(other, {
            type: 'key_exchange',
            participantId,
            payload: frame.payload as Extract<ServerFrame, { type: 'key_exchange' }>['payload'],
          });
        }
        return;
      case 'send_message':
        for (const other of this.others(socket)) {
          this.deliver(other, {
            type: 'new_message',
            id: Math.random().toString(36).slice(2),
            content: frame.content as string,
            timestamp: Date.now(),
            participantId,
          });
        }
        return;
      case 'leave_session':
        this.seats.delete(participantId);
        for (const other of this.others(socket)) {
          this.deliver(other, {
            type: 'participant_left',
            participantId,
            participantCount: this.seats.size,
          });
        }
        return;
    }
  }
}

let relay: FakeRelay;
/** Every frame each socket sent, for "what left the browser" checks. */
const sent: string[] = [];

class FakeSocket {
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  participantId: string | null = null;
  readonly listeners = new Map<string, Listener[]>();

  constructor(_url: string) {
    setTimeout(() => {
      this.readyState = 1;
      this.emit('open', {});
    }, 0);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, event: { data?: unknown; code?: number }) {
    if (type === 'message' && this.readyState !== 1) return;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  send(data: string) {
    sent.push(data);
    relay.receive(this, JSON.parse(data) as Record<string, unknown>);
  }

  /** Closed by the page. */
  close(code = 1000) {
    this.drop(code);
  }

  /** The connection dies (network): the seat stays, as within the server's grace period. */
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    setTimeout(() => this.emit('close', { code }), 0);
  }
}

interface Person {
  client: ChatClient;
  participantId: string;
  state: () => ChatState;
  notices: ChatNotice[];
}

/** Ids that sort first or last: the lower id leads the key exchanges. */
const LOW_ID = '0'.repeat(31) + '1';
const HIGH_ID = 'f'.repeat(31) + 'e';

function person(roomKey: string, participantId = newParticipantId()): Person {
  let state = initialChatState(true);
  const notices: ChatNotice[] = [];
  const client = new ChatClient({
    roomId: ROOM,
    roomKey,
    participantId,
    url: 'ws://test/ws',
    dispatch: (action) => {
      state = chatReducer(state, action);
    },
    notify: (notice) => notices.push(notice),
  });
  client.start();
  return { client, participantId, state: () => state, notices };
}

const keyed = (...people: Person[]) =>
  vi.waitFor(
    () => {
      const codes = people.map((p) => p.state().safetyCode);
      expect(codes[0]).not.toBeNull();
      expect(new Set(codes).size).toBe(1);
      return codes[0]!;
    },
    { timeout: 5000 },
  );

const texts = (p: Person, from: 'own' | 'peer') =>
  p.state().entries.flatMap((entry) => (entry.from === from ? [entry.text] : []));

describe('ChatClient', () => {
  const NativeWebSocket = globalThis.WebSocket;
  beforeEach(() => {
    relay = new FakeRelay();
    sent.length = 0;
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
  });
  afterEach(() => {
    globalThis.WebSocket = NativeWebSocket;
  });

  it('keys both sides to the same safety code and relays only ciphertext', async () => {
    const key = await generateRoomKey();
    const alice = person(key);
    await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
    const bob = person(key);
    const code = await keyed(alice, bob);
    expect(code).toMatch(/^\d{5} \d{5} \d{5} \d{5}$/);

    expect(await alice.client.send('  hello Bob  ')).toBe('sent');
    expect(await bob.client.send('hi\nAlice')).toBe('sent');
    expect(await alice.client.send(' \n ')).toBe('empty');
    await vi.waitFor(() => expect(texts(bob, 'peer')).toEqual(['hello Bob']));
    await vi.waitFor(() => expect(texts(alice, 'peer')).toEqual(['hi\nAlice']));
    expect(texts(alice, 'own')).toEqual(['hello Bob']);
    expect(sent.join('\n')).not.toContain('hello Bob');
    expect(sent.join('\n')).not.toContain(key);
    expect(alice.state().dropped + bob.state().dropped).toBe(0);
  });

  it('converges when the partner’s key arrives before the news that they joined', async () => {
    const key = await generateRoomKey();
    const alice = person(key, HIGH_ID);
    await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
    // Hold Alice's participant_joined until Bob's key exchange has reached her.
    let sawKeyExchange = false;
    relay.hold = (to, frame) => {
      if (to !== alice.participantId) return false;
      if (frame.type === 'key_exchange' && !sawKeyExchange) {
        sawKeyExchange = true;
        setTimeout(() => relay.release(), 50);
        return false;
      }
      return frame.type === 'participant_joined';
    };
    // Bob leads, so his key exchange goes out as he joins.
    const bob = person(key, LOW_ID);
    await keyed(alice, bob);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await keyed(alice, bob);
    expect(await bob.client.send('still readable')).toBe('sent');
    await vi.waitFor(() => expect(texts(alice, 'peer')).toEqual(['still readable']));
  });

  it('converges on one key when both rejoin at once, and stays on it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // the same reconnect delay for both
    try {
      const key = await generateRoomKey();
      for (const [first, second] of [
        [LOW_ID, HIGH_ID],
        [HIGH_ID, LOW_ID],
      ] as const) {
        relay = new FakeRelay();
        const alice = person(key, first);
        await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
        const bob = person(key, second);
        const before = await keyed(alice, bob);
        const keyings = () => sent.filter((data) => data.includes('"key_exchange"')).length;
        // As seen through a real relay: Alice's key exchange, made as she rejoined (Bob's seat
        // still held), has gone out before she hears that Bob is back, and Bob's reaches her
        // after that news.
        relay.hold = (to, frame) =>
          to === alice.participantId &&
          (frame.type === 'participant_joined' || frame.type === 'key_exchange');
        let released = false;
        setTimeout(() => {
          released = true;
          relay.release();
        }, 700);
        for (const p of [alice, bob]) relay.seats.get(p.participantId)!.drop(CHAT_CLOSE.SHUTDOWN);
        await vi.waitFor(() => expect(released).toBe(true), { timeout: 3000 });
        const after = await keyed(alice, bob);
        expect(after).not.toBe(before);
        // Settled: no exchange keeps answering another.
        const settled = keyings();
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(keyings()).toBe(settled);
        expect(alice.state().safetyCode).toBe(after);
        expect(await alice.client.send('both back')).toBe('sent');
        await vi.waitFor(() => expect(texts(bob, 'peer')).toEqual(['both back']));
        alice.client.stop();
        bob.client.stop();
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('reconnects a dropped socket with the same participant and re-keys', async () => {
    const key = await generateRoomKey();
    const alice = person(key);
    await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
    const bob = person(key);
    const before = await keyed(alice, bob);
    const bobSocket = relay.seats.get(bob.participantId)!;
    bobSocket.drop();
    await vi.waitFor(() => expect(bob.state().link).toBe('reconnecting'));
    await vi.waitFor(() => expect(relay.seats.get(bob.participantId)).not.toBe(bobSocket), {
      timeout: 3000,
    });
    const after = await keyed(alice, bob);
    expect(after).not.toBe(before);
    expect(bob.state().link).toBe('open');
    expect(await bob.client.send('back again')).toBe('sent');
    await vi.waitFor(() => expect(texts(alice, 'peer')).toEqual(['back again']));
  });

  it('drops and counts a tampered or replayed message, never shows it', async () => {
    const key = await generateRoomKey();
    const alice = person(key);
    await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
    const bob = person(key);
    await keyed(alice, bob);
    expect(await bob.client.send('original')).toBe('sent');
    await vi.waitFor(() => expect(texts(alice, 'peer')).toEqual(['original']));
    const frame = JSON.parse(sent.findLast((data) => data.includes('send_message'))!) as {
      content: string;
    };
    const aliceSocket = relay.seats.get(alice.participantId)!;
    const replay = (content: string) =>
      relay.deliver(aliceSocket, {
        type: 'new_message',
        id: 'x',
        content,
        timestamp: Date.now(),
        participantId: bob.participantId,
      });
    replay(frame.content);
    replay(frame.content.slice(0, -2) + (frame.content.endsWith('A') ? 'BB' : 'AA'));
    await vi.waitFor(() => expect(alice.state().dropped).toBe(2));
    expect(texts(alice, 'peer')).toEqual(['original']);
  });

  it('sends leave on stop and tells the partner', async () => {
    const key = await generateRoomKey();
    const alice = person(key);
    await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
    const bob = person(key);
    await keyed(alice, bob);
    bob.client.stop();
    await vi.waitFor(() => expect(alice.state().participantCount).toBe(1));
    expect(alice.state().safetyCode).toBeNull();
    expect(await alice.client.send('anyone?')).toBe('failed');
    expect(alice.notices).toEqual(['sendFailed']);
  });

  it('ends the room when the server closes it, even without session_expired', async () => {
    const key = await generateRoomKey();
    const alice = person(key);
    await vi.waitFor(() => expect(alice.state().phase).toBe('active'));
    const socket = relay.seats.get(alice.participantId)!;
    socket.drop(CHAT_CLOSE.ROOM_OVER);
    await vi.waitFor(() => expect(alice.state().phase).toBe('expired'));
    // No attempt to sit down again in a room that is over.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(relay.seats.get(alice.participantId)).toBe(socket);
  });

  it('tries again when an instance shutting down sends its first socket away, not after other failures', async () => {
    const key = await generateRoomKey();
    const joinedFirst = (code: number) => {
      // The first session_joined never arrives: the socket is closed before it.
      relay.hold = (_to, frame) => frame.type === 'session_joined';
      const p = person(key);
      return { p, dropFirst: () => relay.seats.get(p.participantId)!.drop(code) };
    };
    const alice = joinedFirst(CHAT_CLOSE.SHUTDOWN);
    await vi.waitFor(() => expect(relay.seats.get(alice.p.participantId)).toBeDefined());
    const first = relay.seats.get(alice.p.participantId)!;
    alice.dropFirst();
    relay.hold = () => false;
    relay.held = [];
    await vi.waitFor(() => expect(alice.p.state().phase).toBe('active'), { timeout: 3000 });
    expect(relay.seats.get(alice.p.participantId)).not.toBe(first);

    const bob = joinedFirst(1006);
    await vi.waitFor(() => expect(relay.seats.get(bob.p.participantId)).toBeDefined());
    bob.dropFirst();
    await vi.waitFor(() => expect(bob.p.state().phase).toBe('error'));
  });

  it('turns a third person away', async () => {
    const key = await generateRoomKey();
    person(key);
    person(key);
    const carol = person(key);
    await vi.waitFor(() => expect(carol.state().phase).toBe('full'));
  });
});

describe('parseServerFrame', () => {
  it('accepts the contract’s frames and rejects anything else', () => {
    expect(parseServerFrame('{"type":"time_update","timeRemaining":12}')).toEqual({
      type: 'time_update',
      timeRemaining: 12,
    });
    expect(parseServerFrame('{"type":"time_update","timeRemaining":"12"}')).toBeNull();
    expect(parseServerFrame('{"type":"nope"}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
    expect(
      parseServerFrame('{"type":"new_message","id":"a","content":"v1.x","timestamp":1}'),
    ).toBeNull();
    const message = {
      type: 'new_message',
      id: 'm1',
      content: `v1.${'A'.repeat(16)}.${'B'.repeat(40)}`,
      timestamp: 1_700_000_000_000,
      participantId: 'ab'.repeat(16),
    };
    expect(parseServerFrame(JSON.stringify(message))).toEqual(message);
    expect(parseServerFrame(JSON.stringify({ ...message, participantId: 'Bob' }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ ...message, content: 'plain text' }))).toBeNull();
    expect(parseServerFrame('{"type":"error","code":"SOMETHING_NEW","message":"x"}')).toBeNull();
    expect(parseServerFrame('{"type":"time_update","timeRemaining":-1}')).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('backs off from half a second to five', () => {
    expect(reconnectDelay(0, 0.5)).toBe(500);
    expect(reconnectDelay(1, 0.5)).toBe(1000);
    expect(reconnectDelay(3, 0.5)).toBe(4000);
    expect(reconnectDelay(10, 0.5)).toBe(5000);
    expect(reconnectDelay(0, 0)).toBe(400);
    expect(reconnectDelay(0, 1)).toBe(600);
  });
});
