import { spawn } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api/paths.ts';
import { CHAT_CLOSE } from '../../shared/api/chat.ts';
import { createRoom, fakeChatEnvelope, joinRoom } from './chat/test-client.ts';
import { fakeEnvelope, noteProofs, noteVerifiers } from './testing/notes-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  type TestServer,
  type TestStore,
} from './testing/test-server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A note upload whose body arrives in two halves, the second when `finish()` is called: a
 * request that is in flight for as long as a test wants.
 */
function slowNoteUpload(baseUrl: string) {
  const proofs = noteProofs();
  const body = Buffer.from(
    JSON.stringify({ content: fakeEnvelope(), ...noteVerifiers(proofs), expiration: '1d' }),
  );
  const request = http.request(`${baseUrl}${apiPaths.notes}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answered = new Promise<{ status: number; connection: string | undefined }>(
    (resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      });
    },
  );
  request.write(body.subarray(0, body.length / 2));
  return { answered, finish: () => request.end(body.subarray(body.length / 2)) };
}

/** A GET through its own connection, with the headers fetch hides (Connection). */
function get(url: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      })
      .on('error', reject);
  });
}

/** Frame budgets out of the way: one client sends hundreds of messages a second here. */
const UNLIMITED_FRAMES = { perSecond: 100_000, burst: 100_000, overrun: 100_000 };

describe.runIf(TEST_DATABASES.includes('postgres'))(
  'a rolling restart: one of two instances on one PostgreSQL stops',
  () => {
    let store: TestStore;
    let staying: TestServer;
    const env = () => ({ ...store.env, SHUTDOWN_TIMEOUT_MS: '5000' });
    const start = () =>
      startServer(env(), {
        wsFrameRate: UNLIMITED_FRAMES,
        chat: { rejoinGraceMs: 5000, tickMs: 200, sweepIntervalMs: 500 },
      });

    beforeAll(async () => {
      store = await createTestStore('postgres');
      staying = await start();
    });
    afterAll(async () => {
      await staying.stop();
      await store.drop();
    });

    it('reports not-ready at once, serves while it drains, finishes what is in flight and stops in time', async () => {
      const leaving = await start();
      const upload = slowNoteUpload(leaving.url);
      await sleep(50);
      const began = performance.now();
      const closing = leaving.server.close({ drainMs: 1000 });

      const ready = await fetch(`${leaving.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'draining' });
      expect((await fetch(`${leaving.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${staying.url}/readyz`)).status).toBe(200);
      // New requests are still served while load balancers notice, each on a connection
      // closed after its answer, so the next one goes through the balancer again.
      expect(await get(`${leaving.url}${apiPaths.config}`)).toEqual({
        status: 200,
        connection: 'close',
      });

      await sleep(1200);
      // Past the drain: no new connections, but the upload that was under way completes.
      await expect(get(`${leaving.url}${apiPaths.config}`)).rejects.toThrow();
      upload.finish();
      expect(await upload.answered).toEqual({ status: 201, connection: 'close' });
      await closing;
      expect(performance.now() - began).toBeLessThan(5000);
    });

    it('cuts a request that outlasts the timeout, and still stops within it', async () => {
      const leaving = await start();
      const upload = slowNoteUpload(leaving.url);
      const failed = upload.answered.then(
        () => 'answered',
        () => 'cut',
      );
      await sleep(50);
      const began = performance.now();
      await leaving.server.close({ drainMs: 500 });
      expect(performance.now() - began).toBeLessThan(5000);
      expect(await failed).toBe('cut');
    });

    it('moves chat to the other instance with every message it accepted relayed', async () => {
      const leaving = await start();
      const roomId = await createRoom(staying.url);
      const a = await joinRoom(leaving.url, roomId);
      const b = await joinRoom(staying.url, roomId);
      await a.client.next('participant_joined');

      // a sends without pause until its socket is closed. A message counts as sent (the
      // client shows it so) when the socket took it while open; every such one must arrive.
      const sent: string[] = [];
      const sending = (async () => {
        while (a.client.socket.readyState === a.client.socket.OPEN) {
          const content = fakeChatEnvelope();
          const frame = { type: 'send_message', sessionId: roomId, participantId: a.participantId };
          a.client.socket.send(JSON.stringify({ ...frame, content }), (error) => {
            if (!error) sent.push(content);
          });
          await sleep(1);
        }
      })();
      await sleep(100);
      const began = performance.now();
      await leaving.server.close();
      expect(performance.now() - began).toBeLessThan(5000);
      expect((await a.client.closed).code).toBe(CHAT_CLOSE.SHUTDOWN);
      await sending;

      expect(sent.length).toBeGreaterThan(10);
      for (const content of sent) {
        expect((await b.client.next('new_message', 2000)).content).toBe(content);
      }
      await sleep(300);
      expect(b.client.pending('new_message')).toHaveLength(0);

      // a comes back through the other instance to the seat it kept; the room goes on.
      const back = await joinRoom(staying.url, roomId, a.participantId);
      expect(back.joined).toMatchObject({
        slot: 1,
        participantCount: 2,
        others: [b.participantId],
      });
      expect((await b.client.next('participant_joined')).participantId).toBe(a.participantId);
      expect(b.client.pending('participant_left')).toHaveLength(0);
      const reply = fakeChatEnvelope();
      b.client.send({
        type: 'send_message',
        sessionId: roomId,
        participantId: b.participantId,
        content: reply,
      });
      expect((await back.client.next('new_message')).content).toBe(reply);
      back.client.close();
      b.client.close();
    });
  },
);

const MAIN = new URL('./main.ts', import.meta.url).pathname;

describe('npm start on SIGTERM', () => {
  let store: TestStore;
  let dataDir: string;
  beforeAll(async () => {
    store = await createTestStore('embedded');
    dataDir = store.env.DATA_DIR!;
  });
  afterAll(() => store.drop());

  it('drains, finishes the request in flight and exits cleanly within SHUTDOWN_TIMEOUT_MS', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '4000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: performance.now() })),
    );
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toMatch(/Ashnote is running at/);
      const url = /Ashnote is running at (http:\/\/\S+)/.exec(output)![1]!;
      const upload = slowNoteUpload(url);
      await sleep(50);

      const signalled = performance.now();
      child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(503);
      expect((await get(`${url}${apiPaths.config}`)).status).toBe(200);
      await sleep(1000);
      upload.finish();
      expect((await upload.answered).status).toBe(201);

      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(1500);
      expect(at - signalled).toBeLessThan(4000);
      expect(output).toMatch(/"message":"draining","ms":1500/);
      expect(output).toMatch(/"message":"stopped"/);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
