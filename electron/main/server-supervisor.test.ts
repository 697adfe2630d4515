import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToServer } from '../server/messages.ts';
import { forkServerChild } from '../server/test-child.ts';
import {
  createServerSupervisor,
  hostFor,
  readLastPort,
  type ServerChild,
  type ServerSupervisor,
} from './server-supervisor.ts';

/** A scripted child: records what main sends and lets the test answer or crash. */
function fakeChild() {
  const listeners = {
    message: [] as Array<(m: unknown) => void>,
    exit: [] as Array<(c: number | null) => void>,
  };
  const sent: ToServer[] = [];
  const child: ServerChild = {
    postMessage: (message) => sent.push(message),
    on: (event: 'message' | 'exit', listener: (value: never) => void) =>
      listeners[event].push(listener as never),
    kill: vi.fn(() => {
      queueMicrotask(() => listeners.exit.forEach((l) => l(null)));
      return true;
    }),
  };
  return {
    child,
    sent,
    say: (message: unknown) => listeners.message.forEach((l) => l(message)),
    exit: (code: number | null) => listeners.exit.forEach((l) => l(code)),
  };
}

/** The index-th child spawned, once `start` (which settles earlier work first) has spawned it. */
async function nth<T>(children: T[], index: number): Promise<T> {
  await vi.waitFor(() => expect(children.length).toBeGreaterThan(index));
  return children[index]!;
}

describe('server supervisor (scripted child)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-supervisor-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  function supervise(options: { maxRestarts?: number } = {}) {
    const children: Array<ReturnType<typeof fakeChild>> = [];
    const onRestarted = vi.fn();
    const onGaveUp = vi.fn();
    const supervisor = createServerSupervisor({
      spawn: () => {
        const fake = fakeChild();
        children.push(fake);
        return fake.child;
      },
      dataDir,
      webDir: '/app/out/renderer',
      onRestarted,
      onGaveUp,
      stopTimeoutMs: 50,
      ...options,
    });
    return { supervisor, children, onRestarted, onGaveUp };
  }

  it('asks for loopback, or all interfaces only for the local network', () => {
    expect(hostFor('this-computer')).toBe('127.0.0.1');
    expect(hostFor('local-network')).toBe('0.0.0.0');
  });

  it('sends the folders and host, and resolves with the port the child reports', async () => {
    const { supervisor, children } = supervise();
    const started = supervisor.start('this-computer');
    expect((await nth(children, 0)).sent[0]).toMatchObject({
      type: 'start',
      dataDir,
      webDir: '/app/out/renderer',
      host: '127.0.0.1',
    });
    (await nth(children, 0)).say({ type: 'listening', port: 40123 });
    await expect(started).resolves.toBe(40123);
    expect(supervisor.port).toBe(40123);
    expect(readLastPort(dataDir)).toBe(40123);
  });

  it("rejects with the server's own message when it cannot start, and ends that process", async () => {
    const { supervisor, children } = supervise();
    const started = supervisor.start('this-computer');
    (await nth(children, 0)).say({
      type: 'failed',
      message: 'already in use by another Ashnote server',
    });
    await expect(started).rejects.toThrow('already in use by another Ashnote server');
    expect((await nth(children, 0)).child.kill).toHaveBeenCalled();
    expect(supervisor.port).toBeNull();
  });

  it('ignores messages of the wrong shape', async () => {
    const { supervisor, children } = supervise();
    const started = supervisor.start('this-computer');
    (await nth(children, 0)).say({ type: 'listening', port: 'soon' });
    (await nth(children, 0)).say('hello');
    (await nth(children, 0)).say({ type: 'listening', port: 40124 });
    await expect(started).resolves.toBe(40124);
  });

  it('restarts a crashed server and reports the new port', async () => {
    const { supervisor, children, onRestarted } = supervise();
    const started = supervisor.start('local-network');
    (await nth(children, 0)).say({ type: 'listening', port: 40125 });
    await started;
    (await nth(children, 0)).exit(1);
    expect(children).toHaveLength(2);
    expect((await nth(children, 1)).sent[0]).toMatchObject({
      type: 'start',
      host: '0.0.0.0',
      port: 40125,
    });
    (await nth(children, 1)).say({ type: 'listening', port: 40126 });
    await vi.waitFor(() => expect(onRestarted).toHaveBeenCalledWith(40126, 40125));
    expect(supervisor.port).toBe(40126);
  });

  it('gives up after too many crashes in a row, and says so', async () => {
    const { supervisor, children, onGaveUp } = supervise({ maxRestarts: 2 });
    const started = supervisor.start('this-computer');
    (await nth(children, 0)).say({ type: 'listening', port: 40127 });
    await started;
    for (let crash = 0; crash < 3; crash++) {
      const current = await nth(children, crash);
      if (crash > 0) current.say({ type: 'listening', port: 40127 });
      await vi.waitFor(() => expect(supervisor.port).toBe(40127));
      current.exit(1);
    }
    await vi.waitFor(() => expect(onGaveUp).toHaveBeenCalledOnce());
    expect(children).toHaveLength(3);
    expect(supervisor.port).toBeNull();
  });

  it('stops cleanly without restarting, and kills a child that does not stop in time', async () => {
    const { supervisor, children, onRestarted } = supervise();
    const started = supervisor.start('this-computer');
    (await nth(children, 0)).say({ type: 'listening', port: 40128 });
    await started;
    const stopped = supervisor.stop();
    expect((await nth(children, 0)).sent.at(-1)).toEqual({ type: 'stop' });
    (await nth(children, 0)).exit(0);
    await stopped;
    expect(children).toHaveLength(1);
    expect(onRestarted).not.toHaveBeenCalled();

    const again = supervisor.start('this-computer');
    (await nth(children, 1)).say({ type: 'listening', port: 40128 });
    await again;
    await supervisor.stop(); // this child never answers: killed after stopTimeoutMs
    expect((await nth(children, 1)).child.kill).toHaveBeenCalledOnce();
    expect(children).toHaveLength(2);
  });

  it('restarts with the other reach when it changes, and not when it is the same', async () => {
    const { supervisor, children } = supervise();
    const first = supervisor.start('this-computer');
    (await nth(children, 0)).say({ type: 'listening', port: 40129 });
    await first;
    await expect(supervisor.start('this-computer')).resolves.toBe(40129);
    expect(children).toHaveLength(1);
    const second = supervisor.start('local-network');
    await vi.waitFor(() => expect(children[0]!.sent.at(-1)).toEqual({ type: 'stop' }));
    (await nth(children, 0)).exit(0);
    await vi.waitFor(() => expect(children).toHaveLength(2));
    expect((await nth(children, 1)).sent[0]).toMatchObject({ host: '0.0.0.0' });
    (await nth(children, 1)).say({ type: 'listening', port: 40130 });
    await expect(second).resolves.toBe(40130);
  });
});

describe('server supervisor (real backend in a child process)', () => {
  let root: string;
  let dataDir: string;
  let webDir: string;
  let supervisor: ServerSupervisor;
  let children: Array<ReturnType<typeof forkServerChild>>;
  const onRestarted = vi.fn();

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-builtin-'));
    dataDir = path.join(root, 'userData', 'data');
    webDir = path.join(root, 'renderer');
    fs.mkdirSync(webDir);
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>desktop shell</title>',
    );
    children = [];
    supervisor = createServerSupervisor({
      spawn: () => {
        const child = forkServerChild();
        children.push(child);
        return child;
      },
      dataDir,
      webDir,
      onRestarted,
    });
  });

  afterAll(async () => {
    await supervisor.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('starts the backend out of this process and hands back its port', async () => {
    const port = await supervisor.start('this-computer');
    expect((await nth(children, 0)).pid).not.toBe(process.pid);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    // It serves the renderer to a browser on this computer too: its links open there.
    expect(await (await fetch(`http://127.0.0.1:${port}/note/abc`)).text()).toContain(
      'desktop shell',
    );
    expect(fs.existsSync(path.join(dataDir, 'ashnote.lock'))).toBe(true);
  });

  it('comes back on the same port after a crash', async () => {
    const port = supervisor.port!;
    process.kill((await nth(children, 0)).pid!, 'SIGKILL');
    await vi.waitFor(() => expect(onRestarted).toHaveBeenCalledWith(port, port), {
      timeout: 60_000,
      interval: 100,
    });
    expect(children).toHaveLength(2);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('stops cleanly: the port is closed and the database unlocked', async () => {
    const port = supervisor.port!;
    await supervisor.stop();
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, 'ashnote.lock'))).toBe(false);
    expect(supervisor.port).toBeNull();
  });

  it('takes another port when the last one is taken', async () => {
    const taken = readLastPort(dataDir)!;
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
    try {
      const port = await supervisor.start('this-computer');
      expect(port).not.toBe(taken);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await supervisor.stop();
    } finally {
      blocker.close();
    }
  });
});
