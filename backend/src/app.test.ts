import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PublicConfig } from '../../shared/api/config.ts';
import type { ErrorBody } from '../../shared/errors.ts';
import { MAX_JSON_BODY_BYTES, NOTE_MAX_CHARS } from '../../shared/limits.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from './testing/test-server.ts';

describe.each(TEST_DATABASES)('HTTP core on %s', (kind) => {
  let t: TestServer;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>app shell</title></head></html>',
    );
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await startTestServer(kind, { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('reports health with database reachability', async () => {
    const response = await fetch(`${t.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('announces the shared limits in /api/config', async () => {
    const body = (await (await fetch(`${t.url}/api/config`)).json()) as PublicConfig;
    expect(body.limits.noteMaxChars).toBe(NOTE_MAX_CHARS);
    expect(body.defaultExpiration).toBe('1d');
    expect(body.chatDurations).toEqual(['5', '15', '30', '60']);
    expect(body.emailAvailable).toBe(false);
  });

  it('sends security headers on every response and no-store under /api', async () => {
    for (const p of ['/api/health', '/', '/no/such/page', '/api/nope']) {
      const response = await fetch(`${t.url}${p}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      // Plain http here: HSTS only makes sense over https.
      expect(response.headers.get('strict-transport-security')).toBeNull();
      if (p.startsWith('/api')) expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers unknown /api paths with a JSON 404, never the app', async () => {
    const response = await fetch(`${t.url}/api/does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('serves the web bundle with SPA fallback and long-lived hashed assets', async () => {
    const page = await fetch(`${t.url}/note/abc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('app shell');
    const asset = await fetch(`${t.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('admits only its own run-time stylesheet, by a fresh nonce per page', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${t.url}/chat/room`);
      const html = await response.text();
      const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toBeDefined();
      expect(response.headers.get('content-security-policy')).toContain(
        `style-src 'self' 'nonce-${nonce}'`,
      );
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const api = await fetch(`${t.url}/api/health`);
    expect(api.headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('never serves files outside the bundle', async () => {
    const secret = path.join(path.dirname(webDir), 'outside.txt');
    fs.writeFileSync(secret, 'secret');
    try {
      for (const p of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt']) {
        const body = await (await fetch(`${t.url}${p}`)).text();
        expect(body).not.toContain('secret');
      }
    } finally {
      fs.rmSync(secret);
    }
  });

  it('rejects malformed JSON and oversized bodies with the shared error format', async () => {
    const malformed = await fetch(`${t.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');

    const huge = await fetch(`${t.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(MAX_JSON_BODY_BYTES + 10) }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as ErrorBody).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads bodies as JSON only, within the limit even without a Content-Length', async () => {
    const post = (headers: Record<string, string>, body: string | undefined) =>
      fetch(`${t.url}/api/notes`, { method: 'POST', headers, body });
    const errorOf = async (response: Response) => {
      const { error } = (await response.json()) as ErrorBody;
      return [response.status, error.code, error.message];
    };

    expect(await errorOf(await post({ 'content-type': 'text/plain' }, '{}'))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Send the request body as application/json.',
    ]);
    expect(
      await errorOf(
        await post({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, '{}'),
      ),
    ).toEqual([400, 'VALIDATION_FAILED', 'Send the request body uncompressed.']);
    // No body at all reaches the schema, which names what is missing.
    const empty = await post({}, undefined);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).error.fields?.length).toBeGreaterThan(0);

    // Chunked, so the size is known only while reading: cut off at the limit, still answered.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${t.url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      const piece = `"${'x'.repeat(64 * 1024)}",`;
      request.write('[');
      for (let sent = 0; sent <= MAX_JSON_BODY_BYTES; sent += piece.length) request.write(piece);
      request.end('0]');
    });
    expect(chunked.status).toBe(413);
    expect((JSON.parse(chunked.body) as ErrorBody).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts WebSockets on /ws only', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<string>((resolve) =>
      ws.once('message', (data) => resolve(String(data))),
    );
    ws.send('not json');
    expect(JSON.parse(await reply)).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
    ws.close();

    const other = new WebSocket(`${t.url.replace('http', 'ws')}/elsewhere`);
    const status = await new Promise<number>((resolve) =>
      other
        .once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        .once('error', () => resolve(-1)),
    );
    expect(status).toBe(400);
  });

  it('refuses requests addressed to another name while bound to loopback (DNS rebinding)', async () => {
    const { port } = new URL(t.url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/health',
          headers: { host: `rebind.example:${port}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
    });
    expect(status).toBe(403);
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, {
      headers: { host: 'rebind.example' },
    });
    const refused = await new Promise<number>((resolve) =>
      ws
        .once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        .once('error', () => resolve(-1)),
    );
    expect(refused).toBe(401);
    expect((await fetch(`${t.url.replace('127.0.0.1', 'localhost')}/api/health`)).status).toBe(200);
  });

  it('logs requests without query strings or client addresses', async () => {
    await fetch(`${t.url}/api/health?token=sekrit-query`);
    const requestLines = t.logs.filter((line) => line.includes('"request"'));
    expect(requestLines.length).toBeGreaterThan(0);
    const all = t.logs.join('\n');
    expect(all).not.toContain('sekrit-query');
    expect(all).not.toContain('127.0.0.1');
    expect(all).not.toContain('::1');
  });
});

describe('behind a TLS-terminating proxy', () => {
  it('sends HSTS only when the request came in over https, and only when told to trust the proxy', async () => {
    const trusting = await startTestServer('embedded', { TRUST_PROXY: 'true' });
    const direct = await startTestServer('embedded');
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const viaProxy = await fetch(`${trusting.url}/api/health`, { headers: https });
      expect(viaProxy.headers.get('strict-transport-security')).toContain('max-age=');
      const plain = await fetch(`${trusting.url}/api/health`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      const spoofed = await fetch(`${direct.url}/api/health`, { headers: https });
      expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await trusting.stop();
      await direct.stop();
    }
  });
});

describe.each(TEST_DATABASES)('lifecycle on %s', (kind) => {
  it('finishes in-flight requests on close, then refuses new ones', async () => {
    const t = await startTestServer(kind);
    const inFlight = fetch(`${t.url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const closing = t.stop();
    expect((await inFlight).status).toBe(200);
    await closing;
    await expect(fetch(`${t.url}/api/health`)).rejects.toThrow();
  });

  it('closes open WebSockets with "going away" on close', async () => {
    const t = await startTestServer(kind);
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await t.stop();
    expect(await closed).toBe(1001);
  });
});
