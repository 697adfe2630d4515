import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPublicConfig } from '../../shared/api/config.ts';
import { DEFAULT_NOTE_MAX_FILE_BYTES, NOTE_EXPIRATIONS } from '../../shared/limits.ts';
import { startTestServer, type TestServer } from '../../backend/src/testing/test-server.ts';
import { probeServer } from './server-probe.ts';

/** A stand-in server answering each path with the given status, body and headers. */
async function fakeServer(
  routes: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (!route) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(route.status ?? 200, {
      'Content-Type': 'application/json',
      ...route.headers,
    });
    response.end(typeof route.body === 'string' ? route.body : JSON.stringify(route.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const CONFIG = buildPublicConfig({
  emailAvailable: false,
  aiArticlesAvailable: false,
  adminAvailable: false,
  socialUrl: null,
  expirations: NOTE_EXPIRATIONS,
  maxFileBytes: DEFAULT_NOTE_MAX_FILE_BYTES,
});
const probe = (origin: string) => probeServer(origin, { fetch, timeoutMs: 5000 });

describe('probeServer', () => {
  let real: TestServer;
  beforeAll(async () => {
    real = await startTestServer('embedded');
  });
  afterAll(() => real.stop());

  it('accepts a real Ashnote server, which allows the desktop app', async () => {
    await expect(probe(real.url)).resolves.toEqual({ ok: true });
  });

  it('says when nothing answers', async () => {
    const gone = await fakeServer({});
    await gone.close();
    await expect(probe(gone.url)).resolves.toEqual({ ok: false, problem: 'unreachable' });
  });

  it('says when the address is not an Ashnote server', async () => {
    const other = await fakeServer({ '/api/health': { body: '<html>hello</html>' } });
    try {
      await expect(probe(other.url)).resolves.toEqual({ ok: false, problem: 'not-ashnote' });
    } finally {
      await other.close();
    }
    const redirecting = await fakeServer({
      '/api/health': { status: 302, body: '', headers: { Location: 'https://elsewhere.example/' } },
    });
    try {
      await expect(probe(redirecting.url)).resolves.toEqual({ ok: false, problem: 'not-ashnote' });
    } finally {
      await redirecting.close();
    }
  });

  it('says when its database is down', async () => {
    const degraded = await fakeServer({
      '/api/health': { status: 503, body: { status: 'degraded', database: 'down' } },
    });
    try {
      await expect(probe(degraded.url)).resolves.toEqual({ ok: false, problem: 'unhealthy' });
    } finally {
      await degraded.close();
    }
  });

  it('says when it does not let the desktop app in (an older server)', async () => {
    const old = await fakeServer({
      '/api/health': { body: { status: 'ok', database: 'up' } },
      '/api/config': { body: CONFIG },
    });
    try {
      await expect(probe(old.url)).resolves.toEqual({ ok: false, problem: 'origin-refused' });
    } finally {
      await old.close();
    }
  });
});
