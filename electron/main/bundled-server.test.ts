import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bundledServerEnv,
  closeServerOnQuit,
  readLastPort,
  startBundledServer,
  type BundledServer,
} from './bundled-server.ts';

describe('bundledServerEnv', () => {
  it('binds loopback on a free port with the given folders, and nothing from process.env', () => {
    expect(bundledServerEnv({ dataDir: '/u/data', webDir: '/app/out/renderer' })).toEqual({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: '/u/data',
      WEB_DIR: '/app/out/renderer',
    });
  });
});

describe('startBundledServer (real backend, embedded database)', () => {
  let root: string;
  let dataDir: string;
  let webDir: string;
  let server: BundledServer | null = null;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-desktop-'));
    dataDir = path.join(root, 'userData', 'data');
    webDir = path.join(root, 'renderer');
    fs.mkdirSync(webDir);
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>desktop shell</title>',
    );
    server = await startBundledServer({ dataDir, webDir, logLevel: 'silent' });
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 on a port it picked', () => {
    const url = new URL(server!.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(0);
    expect(server!.origin).toBe(url.origin);
  });

  it('answers /api/health from the embedded database', async () => {
    const response = await fetch(`${server!.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
    expect(fs.existsSync(dataDir)).toBe(true);
  });

  it('serves the renderer from the web folder, deep links included', async () => {
    for (const page of ['/', '/note/abc']) {
      const response = await fetch(`${server!.url}${page}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('desktop shell');
    }
  });

  it('refuses a second server on the same data folder with a message saying why', async () => {
    await expect(startBundledServer({ dataDir, webDir, logLevel: 'silent' })).rejects.toThrow(
      /already in use/,
    );
    // The first one is unaffected.
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  });

  it('stops listening and releases the data folder on close', async () => {
    const { url } = server!;
    await server!.close();
    server = null;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    // Released: a new server can open the same folder.
    const again = await startBundledServer({ dataDir, webDir, logLevel: 'silent' });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    await again.close();
  });

  it('comes back on the last port, so the page keeps its origin and storage', async () => {
    const first = await startBundledServer({ dataDir, webDir, logLevel: 'silent' });
    const firstPort = new URL(first.url).port;
    expect(readLastPort(dataDir)).toBe(Number(firstPort));
    await first.close();
    const second = await startBundledServer({ dataDir, webDir, logLevel: 'silent' });
    expect(new URL(second.url).port).toBe(firstPort);
    await second.close();
  });

  it('takes another free port when the last one is taken', async () => {
    const blocker = net.createServer();
    const taken = readLastPort(dataDir)!;
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
    try {
      const moved = await startBundledServer({ dataDir, webDir, logLevel: 'silent' });
      expect(Number(new URL(moved.url).port)).not.toBe(taken);
      expect((await fetch(`${moved.url}/api/health`)).status).toBe(200);
      await moved.close();
    } finally {
      blocker.close();
    }
  });
});

function fakeApp() {
  let listener: ((event: { preventDefault(): void }) => void) | undefined;
  const app = {
    on: vi.fn((_event: 'will-quit', l: (event: { preventDefault(): void }) => void) => {
      listener = l;
    }),
    quit: vi.fn(),
  };
  const willQuit = () => {
    const event = { preventDefault: vi.fn() };
    listener?.(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { app, willQuit };
}

describe('closeServerOnQuit', () => {
  it('holds the quit until the server has closed, then quits once', async () => {
    const { app, willQuit } = fakeApp();
    let finishClose = () => {};
    const close = vi.fn(() => new Promise<void>((resolve) => (finishClose = resolve)));
    closeServerOnQuit(app, { close }, vi.fn());

    expect(willQuit()).toBe(true);
    expect(willQuit()).toBe(true); // a second quit request while closing is held too
    expect(close).toHaveBeenCalledOnce();
    expect(app.quit).not.toHaveBeenCalled();

    finishClose();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(willQuit()).toBe(false); // the quit it re-issued goes through
  });

  it('reports a failed close and quits anyway', async () => {
    const { app, willQuit } = fakeApp();
    const onError = vi.fn();
    const failure = new Error('stuck');
    closeServerOnQuit(app, { close: () => Promise.reject(failure) }, onError);
    willQuit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
