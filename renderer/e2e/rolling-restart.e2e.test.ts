import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_PATH } from '../../shared/api/paths.ts';
import { generateRoomKey } from '../../shared/crypto/index.ts';
import { createRoom } from '../../backend/src/chat/test-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  type TestServer,
  type TestStore,
} from '../../backend/src/testing/test-server.ts';
import { ChatClient } from '../src/features/chat/chatClient.ts';
import { chatReducer, initialChatState, type ChatState } from '../src/features/chat/chatState.ts';
import { newParticipantId } from '../src/features/chat/chatText.ts';

/**
 * A TCP load balancer as operators run one: it asks each instance's /readyz every 100 ms and
 * sends each new connection to the first instance that said 200.
 */
async function readinessBalancer(backends: string[]) {
  const ready = new Map<string, boolean>(backends.map((url) => [url, true]));
  const poll = setInterval(() => {
    for (const url of backends) {
      fetch(`${url}/readyz`).then(
        (response) => ready.set(url, response.status === 200),
        () => ready.set(url, false),
      );
    }
  }, 100);
  const sockets = new Set<net.Socket>();
  /** Where each connection went, in order. */
  const routed: string[] = [];
  const server = net.createServer((client) => {
    const target = backends.find((url) => ready.get(url));
    if (target === undefined) return client.destroy();
    routed.push(target);
    const { hostname, port } = new URL(target);
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    routed,
    async close() {
      clearInterval(poll);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One person in the room: the app's own chat client and screen state, on Node's WebSocket. */
function person(roomId: string, roomKey: string, url: string) {
  let state = initialChatState(true);
  const client = new ChatClient({
    roomId,
    roomKey,
    participantId: newParticipantId(),
    url,
    dispatch: (action) => {
      state = chatReducer(state, action);
    },
    notify: () => {},
  });
  client.start();
  return {
    client,
    state: (): ChatState => state,
    received: () => state.entries.flatMap((entry) => (entry.from === 'peer' ? [entry.text] : [])),
  };
}

const keyed = (...people: ReturnType<typeof person>[]) =>
  vi.waitFor(
    () => {
      const codes = people.map((p) => p.state().safetyCode);
      expect(codes[0]).not.toBeNull();
      expect(new Set(codes).size).toBe(1);
      return codes[0]!;
    },
    { timeout: 10_000 },
  );

describe.runIf(TEST_DATABASES.includes('postgres'))(
  'chat through a load balancer while an instance is replaced',
  () => {
    let store: TestStore;
    let first: TestServer;
    let second: TestServer;
    let balancer: Awaited<ReturnType<typeof readinessBalancer>>;

    beforeAll(async () => {
      store = await createTestStore('postgres');
      const chat = { chat: { rejoinGraceMs: 5000, tickMs: 250, sweepIntervalMs: 500 } };
      first = await startServer(store.env, chat);
      second = await startServer(store.env, chat);
      balancer = await readinessBalancer([first.url, second.url]);
    });
    afterAll(async () => {
      await balancer.close();
      await second.stop();
      await first.stop();
      await store.drop();
    });

    it('moves both people to the other instance, in their seats, re-keyed and talking', async () => {
      const roomId = await createRoom(balancer.url);
      const roomKey = await generateRoomKey();
      const socketUrl = `${balancer.url.replace(/^http/, 'ws')}${WS_PATH}`;
      const alice = person(roomId, roomKey, socketUrl);
      await vi.waitFor(() => expect(alice.state().phase).toBe('active'), { timeout: 10_000 });
      const bob = person(roomId, roomKey, socketUrl);
      const before = await keyed(alice, bob);
      const slots = [alice.state().slot, bob.state().slot];
      // Both sockets on the first instance: the balancer prefers it while it is ready.
      const routedBefore = balancer.routed.length;
      expect(new Set(balancer.routed)).toEqual(new Set([first.url]));
      expect(await alice.client.send('before the restart')).toBe('sent');
      await vi.waitFor(() => expect(bob.received()).toEqual(['before the restart']), {
        timeout: 10_000,
      });

      await first.server.close({ drainMs: 500 });

      const after = await keyed(alice, bob);
      expect(after).not.toBe(before);
      // Both sockets came back through the balancer, to the instance that stayed.
      expect(balancer.routed.length - routedBefore).toBeGreaterThanOrEqual(2);
      expect(new Set(balancer.routed.slice(routedBefore))).toEqual(new Set([second.url]));
      for (const p of [alice, bob]) {
        expect(p.state()).toMatchObject({ phase: 'active', link: 'open', participantCount: 2 });
      }
      expect([alice.state().slot, bob.state().slot]).toEqual(slots);
      expect(await bob.client.send('after the restart')).toBe('sent');
      expect(await alice.client.send('still here')).toBe('sent');
      await vi.waitFor(() => expect(alice.received()).toEqual(['after the restart']), {
        timeout: 10_000,
      });
      await vi.waitFor(() => expect(bob.received()).toEqual(['before the restart', 'still here']));
      alice.client.stop();
      bob.client.stop();
    });
  },
);
