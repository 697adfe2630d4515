import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_APP_ORIGIN } from '../../../shared/desktop-origin.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { DEFAULT_ALLOWED_ORIGINS, isAllowedOrigin } from './cross-origin.ts';

describe('isAllowedOrigin', () => {
  it("allows the desktop app's origin by default, and nothing else", () => {
    expect(DEFAULT_ALLOWED_ORIGINS).toEqual([DESKTOP_APP_ORIGIN]);
    expect(isAllowedOrigin('app://ashnote')).toBe(true);
    for (const origin of [
      undefined,
      '',
      'null',
      'https://evil.example',
      'app://ashnote.evil.example',
      'app://evil',
      'http://127.0.0.1:3000',
      'APP://ASHNOTE',
    ]) {
      expect(isAllowedOrigin(origin), String(origin)).toBe(false);
    }
  });

  it('takes extra origins only when given (tests)', () => {
    expect(isAllowedOrigin('http://127.0.0.1:5000', ['http://127.0.0.1:5000'])).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:5001', ['http://127.0.0.1:5000'])).toBe(false);
  });
});

describe.each(TEST_DATABASES)('cross-origin API access on %s', (kind) => {
  let t: TestServer;
  const EXTRA = 'http://127.0.0.1:59999';

  beforeAll(async () => {
    t = await startTestServer(kind, {}, { extraAllowedOrigins: [EXTRA] });
  });
  afterAll(() => t.stop());

  const preflight = (origin: string, path = '/api/notes', method = 'POST') =>
    fetch(`${t.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'content-type',
      },
    });

  it('answers the desktop app a preflight for its JSON POSTs, without credentials', async () => {
    const response = await preflight(DESKTOP_APP_ORIGIN);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(DESKTOP_APP_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'content-type',
    );
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it("lets the desktop app read answers, errors included (a wrong proof's attempts left)", async () => {
    const ok = await fetch(`${t.url}/api/config`, { headers: { Origin: DESKTOP_APP_ORIGIN } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(DESKTOP_APP_ORIGIN);
    expect(ok.headers.get('vary')).toContain('Origin');

    const missing = await fetch(`${t.url}/api/notes/AbCdEfGhIjKlMnOpQrStUv`, {
      headers: { Origin: DESKTOP_APP_ORIGIN },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(DESKTOP_APP_ORIGIN);

    const invalid = await fetch(`${t.url}/api/notes`, {
      method: 'POST',
      headers: { Origin: DESKTOP_APP_ORIGIN, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('access-control-allow-origin')).toBe(DESKTOP_APP_ORIGIN);
  });

  it('gives other sites nothing: no allow-origin, and a refused preflight', async () => {
    for (const origin of ['https://evil.example', 'app://evil', 'null']) {
      const response = await fetch(`${t.url}/api/config`, { headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(response.headers.get('vary')).toContain('Origin');

      const refused = await preflight(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    }
  });

  it('adds nothing for same-origin requests or outside /api', async () => {
    const same = await fetch(`${t.url}/api/config`);
    expect(same.headers.get('access-control-allow-origin')).toBeNull();
    const page = await fetch(`${t.url}/`, { headers: { Origin: DESKTOP_APP_ORIGIN } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows an extra origin only where the app was built with it', async () => {
    const response = await preflight(EXTRA, '/api/chat/create-session');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(EXTRA);
    const plain = await startTestServer(kind);
    try {
      expect(
        (await fetch(`${plain.url}/api/config`, { headers: { Origin: EXTRA } })).headers.get(
          'access-control-allow-origin',
        ),
      ).toBeNull();
    } finally {
      await plain.stop();
    }
  });
});
