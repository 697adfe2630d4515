import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PublicConfig } from '../../shared/api/config.ts';
import type { ErrorBody } from '../../shared/errors.ts';
import { MAX_JSON_BODY_BYTES, NOTE_MAX_CHARS } from '../../shared/limits.ts';
import {
  ORIGIN_PLACEHOLDER,
  PRERENDERED_DIR,
  STYLE_NONCE_PLACEHOLDER,
  prerenderedFile,
} from '../../shared/web-app-routes.ts';
import { MAX_CONNECTIONS_PER_ADDRESS, limitSlowClients } from './http/slow-clients.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from './testing/test-server.ts';

/**
 * A request whose headers are sent at once and whose body is never sent: what the server
 * answers without reading any body.
 */
function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers: Record<string, string> },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${options.path}`, {
      method: options.method,
      headers: options.headers,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        request.destroy();
      });
    });
    request.flushHeaders();
  });
}

const BIG_SCRIPT = `export const text = ${JSON.stringify('compressible '.repeat(2000))};`;

/** The raw bytes and headers of a GET, without the client decompressing anything. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** A pre-rendered page as the build writes it, placeholders included. */
function prerenderedFaq(language: string): string {
  return [
    `<!doctype html><html lang="${language}"><head><title>faq in ${language}</title>`,
    `<link rel="canonical" href="${ORIGIN_PLACEHOLDER}/faq" />`,
    `<style nonce="${STYLE_NONCE_PLACEHOLDER}">h1{color:red}</style></head>`,
    `<body><div id="root"><h1>faq in ${language}</h1></div></body></html>`,
  ].join('');
}

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
    // What the build writes: a large script with its precompressed variants beside it.
    fs.writeFileSync(path.join(webDir, 'assets', 'big-5678.js'), BIG_SCRIPT);
    fs.writeFileSync(
      path.join(webDir, 'assets', 'big-5678.js.br'),
      zlib.brotliCompressSync(BIG_SCRIPT),
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'big-5678.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    fs.writeFileSync(
      path.join(webDir, 'robots.txt'),
      'User-agent: *\nAllow: /\nSitemap: __PUBLIC_ORIGIN__/sitemap.xml\n',
    );
    fs.writeFileSync(path.join(webDir, 'sitemap.xml'), '<?xml version="1.0"?><urlset/>');
    // What the build pre-renders (scripts/prerender.ts), for /faq in three languages.
    for (const language of ['en', 'de', 'fr']) {
      const file = path.join(webDir, PRERENDERED_DIR, prerenderedFile('/faq', language));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, prerenderedFaq(language));
    }
    // And a page of a pattern: every note link's first screen.
    const noteLink = path.join(webDir, PRERENDERED_DIR, prerenderedFile('/note/:id', 'en'));
    fs.mkdirSync(path.dirname(noteLink), { recursive: true });
    fs.writeFileSync(noteLink, '<!doctype html><title>any note link</title>');
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
    for (const p of ['/ws', '/ws/', '/ws/anything']) {
      const plain = await fetch(`${t.url}${p}`);
      expect(plain.status).toBe(404);
      expect(plain.headers.get('content-type')).not.toContain('text/html');
      await plain.arrayBuffer();
    }
  });

  it('serves the web bundle with SPA fallback and long-lived hashed assets', async () => {
    const page = await fetch(`${t.url}/s/${'A'.repeat(22)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('app shell');
    // The app for a path it has no page at, or a note link that names no possible note, which
    // it answers with its own "not found" view, but with 404: no soft 404s.
    for (const missing of ['/no/such/page', '/note/abc', '/note/']) {
      const answer = await fetch(`${t.url}${missing}`);
      expect(answer.status, missing).toBe(404);
      expect(await answer.text()).toContain('app shell');
    }
    const asset = await fetch(`${t.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('serves the precompressed variant the client accepts, brotli first', async () => {
    const url = `${t.url}/assets/big-5678.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    const refused = await rawGet(url, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    // The app page itself is compressed too, per response (its nonce differs each time).
    const page = await rawGet(`${t.url}/`, { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('app shell');
  });

  it('answers a missing file with 404, HEAD like GET without a body, and has robots and a sitemap', async () => {
    for (const missing of ['/assets/gone-0000.js', '/favicon.ico', '/assets/sub/x.css']) {
      const response = await fetch(`${t.url}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(await response.text()).not.toContain('app shell');
    }
    const head = await fetch(`${t.url}/assets/big-5678.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(BIG_SCRIPT));
    expect(await head.text()).toBe('');
    const headPage = await fetch(`${t.url}/chat`, { method: 'HEAD' });
    expect(headPage.status).toBe(200);
    expect(headPage.headers.get('content-type')).toContain('text/html');
    expect(await headPage.text()).toBe('');
    const robots = await fetch(`${t.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    // Crawlers need absolute addresses: the request's own origin without PUBLIC_URL...
    expect(await robots.text()).toContain(`Sitemap: ${t.url}/sitemap.xml`);
    const sitemap = await fetch(`${t.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    // ...and the configured public origin with it.
    const published = await startTestServer(kind, {
      WEB_DIR: webDir,
      PUBLIC_URL: 'https://notes.example.org/',
    });
    try {
      const text = await (await fetch(`${published.url}/robots.txt`)).text();
      expect(text).toContain('Sitemap: https://notes.example.org/sitemap.xml');
    } finally {
      await published.stop();
    }
  });

  it('reads the bundle once at start, not per request', async () => {
    const indexPath = path.join(webDir, 'index.html');
    const original = fs.readFileSync(indexPath, 'utf8');
    fs.writeFileSync(indexPath, original.replace('app shell', 'changed on disk'));
    try {
      expect(await (await fetch(`${t.url}/some/page`)).text()).toContain('app shell');
    } finally {
      fs.writeFileSync(indexPath, original);
    }
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

  it('serves a pre-rendered page in the language asked for, with its nonce and origin filled in', async () => {
    const cases: [string | null, string][] = [
      ['de-AT,de;q=0.9,en;q=0.8', 'de'],
      // The most preferred language we have, by weight, not by place.
      ['sw, en;q=0.2, fr;q=0.5', 'fr'],
      ['sw', 'en'],
      [null, 'en'],
    ];
    for (const [acceptLanguage, language] of cases) {
      const response = await fetch(`${t.url}/faq`, {
        headers: acceptLanguage === null ? {} : { 'accept-language': acceptLanguage },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-language')).toBe(language);
      expect(response.headers.get('vary')).toContain('Accept-Language');
      const html = await response.text();
      expect(html).toContain(`faq in ${language}`);
      const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
      expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(html).toContain(`<link rel="canonical" href="${t.url}/faq" />`);
      expect(html).not.toMatch(/__[A-Z_]+__/);
    }
    // The same page with a trailing slash, and compressed.
    const slash = await rawGet(`${t.url}/faq/`, {
      'accept-encoding': 'br',
      'accept-language': 'de',
    });
    expect(zlib.brotliDecompressSync(slash.body).toString()).toContain('faq in de');
    // Only for its route: not as a file, and not for a path the app has no page at.
    expect((await fetch(`${t.url}/${PRERENDERED_DIR}/en/faq.html`)).status).toBe(404);
    const missing = await fetch(`${t.url}/faq/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('app shell');
    // A page the build did not pre-render is the shell, in no language of its own.
    const shell = await fetch(`${t.url}/privacy`, { headers: { 'accept-language': 'de' } });
    expect(await shell.text()).toContain('app shell');
    expect(shell.headers.get('content-language')).toBeNull();
    // A pattern's page, for every address of its shape and no other.
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'b-_9bbbbbbbbbbbbbbbbbb']) {
      expect(await (await fetch(`${t.url}/note/${id}`)).text()).toContain('any note link');
    }
    const notANote = await fetch(`${t.url}/note/too-short`);
    expect(notANote.status).toBe(404);
    expect(await notANote.text()).toContain('app shell');
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

  it('gives each route its own body limit, checked before a byte of the body is read', async () => {
    const chatCreate = `${t.url}/api/chat/create-session`;
    const malformed = await fetch(chatCreate, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');

    // A few KB is all a chat room's duration needs; the note maximum is for notes only.
    const tooBig = await fetch(chatCreate, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ duration: '15', padding: 'x'.repeat(8 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as ErrorBody).error.code).toBe('PAYLOAD_TOO_LARGE');

    // Announced larger than the limit: refused at once, without waiting for (or reading) it,
    // and the connection is not kept to drain the rest.
    for (const target of ['/api/chat/create-session', '/api/notes']) {
      const announced = await rawRequest(t.url, {
        method: 'POST',
        path: target,
        headers: {
          'content-type': 'application/json',
          'content-length': String(MAX_JSON_BODY_BYTES + 1),
        },
      });
      expect(announced.status).toBe(413);
      expect(announced.headers.connection).toBe('close');
    }
  });

  it('refuses a body on GET, HEAD and DELETE unread', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await rawRequest(t.url, {
        method,
        path: '/api/health',
        headers: { 'content-type': 'application/json', 'content-length': '50000000' },
      });
      expect(response.status, method).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: 'This request must not have a body.' },
      });
    }
    const head = await rawRequest(t.url, {
      method: 'HEAD',
      path: '/api/health',
      headers: { 'content-length': '10' },
    });
    expect(head.status).toBe(400);
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
    // The media type is what counts, in any case and with parameters; a lookalike is not it.
    for (const type of ['application/jsonx', 'application/json-seq', 'application/x-json']) {
      expect(await errorOf(await post({ 'content-type': type }, '{}'))).toEqual([
        400,
        'VALIDATION_FAILED',
        'Send the request body as application/json.',
      ]);
    }
    const withParameters = await post(
      { 'content-type': ' Application/JSON ; charset=UTF-8' },
      '{}',
    );
    expect(await errorOf(withParameters)).toEqual([
      400,
      'VALIDATION_FAILED',
      'Please check your input and try again.',
    ]);
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

describe('client addresses behind reverse proxies', () => {
  const createRoom = (url: string, forwardedFor?: string) =>
    fetch(`${url}/api/chat/create-session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      },
      body: JSON.stringify({ duration: '5' }),
    });
  const limited = { chat: { rateRules: { create: { limit: 3, windowSeconds: 600 } } } };

  it('takes the address TRUST_PROXY_HOPS from the right, so a forged left end changes nothing', async () => {
    const oneProxy = await startTestServer('embedded', { TRUST_PROXY: 'true' }, limited);
    const twoProxies = await startTestServer(
      'embedded',
      { TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' },
      limited,
    );
    try {
      // Each request claims a new address on the left; the proxy appended the real one.
      const forged = (i: number) => `10.0.${i}.1, 203.0.113.9`;
      const statuses = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await createRoom(oneProxy.url, forged(i))).status);
      expect(statuses).toEqual([201, 201, 201, ...Array(7).fill(429)]);
      // Another client behind the same proxy has its own budget.
      expect((await createRoom(oneProxy.url, 'x, 198.51.100.7')).status).toBe(201);

      // Two proxies: the client is the second entry from the right, the last one is a proxy.
      const viaTwo = (i: number) => `10.1.${i}.1, 192.0.2.44, 172.16.0.2`;
      const two = [];
      for (let i = 0; i < 5; i++) two.push((await createRoom(twoProxies.url, viaTwo(i))).status);
      expect(two).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await oneProxy.stop();
      await twoProxies.stop();
    }
  });

  it('ignores X-Forwarded-For unless told to trust a proxy', async () => {
    const direct = await startTestServer('embedded', {}, limited);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await createRoom(direct.url, `10.2.${i}.1`)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await direct.stop();
    }
  });
});

describe('slow clients', () => {
  it('keeps serving while one address holds thousands of half-sent requests', async () => {
    const t = await startTestServer('embedded');
    const { port } = new URL(t.url);
    const slow: net.Socket[] = [];
    try {
      // 2,000 slow-loris connections from one address (127.0.0.2), each with half its headers.
      let refused = 0;
      await Promise.all(
        Array.from(
          { length: 2000 },
          () =>
            new Promise<void>((resolve) => {
              const socket = net.connect({
                host: '127.0.0.1',
                port: Number(port),
                localAddress: '127.0.0.2',
              });
              slow.push(socket);
              socket.on('error', () => {});
              socket.once('connect', () => {
                socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
                resolve();
              });
              socket.once('close', () => {
                refused++;
                resolve();
              });
            }),
        ),
      );
      // Past its share, the address's connections are closed at once.
      // Waited for up to 10 s: closing 1,800 sockets takes a loaded machine more than a second.
      await expect
        .poll(() => slow.filter((socket) => socket.destroyed).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2000 - MAX_CONNECTIONS_PER_ADDRESS);
      expect(refused).toBeGreaterThan(0);
      // Everyone else is served as usual.
      const response = await fetch(`${t.url}/api/health`);
      expect(response.status).toBe(200);
    } finally {
      for (const socket of slow) socket.destroy();
      await t.stop();
    }
  });

  it('closes a connection whose headers do not come in time, and a silent one', async () => {
    // The mechanism on a bare server with short limits (the real ones are CLIENT_TIMEOUTS).
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
      limitSlowClients(server, null, {
        headersMs: 300,
        requestMs: 1000,
        idleMs: 1500,
        keepAliveMs: 100,
      });
    });
    const { port } = server.address() as net.AddressInfo;
    const closedAfter = (send: (socket: net.Socket) => void) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => send(socket));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
      });
    try {
      const slowHeaders = await closedAfter((socket) => socket.write('GET / HTTP/1.1\r\nX-Slow: '));
      expect(slowHeaders).toMatch(/^HTTP\/1\.1 408/);
      // A connection that never sends a byte is closed too (it resolves only on close).
      await closedAfter(() => {});
    } finally {
      server.close();
    }
  });
});

describe.each(TEST_DATABASES)('lifecycle on %s', (kind) => {
  it('finishes in-flight requests on close, then refuses new ones', async () => {
    const t = await startTestServer(kind);
    // In flight for sure: the server has the request (its 100 Continue says so), not its body.
    const body = JSON.stringify({ duration: '15' });
    const request = http.request(`${t.url}/api/chat/create-session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const inFlight = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    await new Promise((resolve) => request.once('continue', resolve));
    const closing = t.stop();
    request.end(body);
    expect(await inFlight).toBe(201);
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
