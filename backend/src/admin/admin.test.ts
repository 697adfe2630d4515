import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import { ownOrigin, postJson } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { hashPassword, LEAST_WORK, parsePasswordHash, verifyPassword } from './password-hash.ts';

const PASSWORD = 'correct horse battery staple';

describe('administrator password hashes', () => {
  it('verify the password they were made from and nothing else', async () => {
    const text = await hashPassword(PASSWORD);
    expect(text).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(text).not.toContain(PASSWORD);
    const parsed = parsePasswordHash(text)!;
    expect(await verifyPassword(PASSWORD, parsed)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, parsed)).toBe(false);
    // The same password typed as decomposed Unicode is the same password.
    expect(
      await verifyPassword('é'.normalize('NFD'), parsePasswordHash(await hashPassword('é'))!),
    ).toBe(true);
  });

  it('refuse anything else as a hash', () => {
    for (const text of [
      '',
      PASSWORD,
      'scrypt$17$8$1$short$short',
      'bcrypt$10$8$1$a$b',
      'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      // Below the least work a hash may ask for.
      'scrypt$13$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(parsePasswordHash(text), text).toBeNull();
    }
  });

  it('may ask for the least work the server accepts (as tests do), and still verify', async () => {
    const parsed = parsePasswordHash(await hashPassword(PASSWORD, LEAST_WORK))!;
    expect(parsed).toMatchObject(LEAST_WORK);
    expect(await verifyPassword(PASSWORD, parsed)).toBe(true);
  });
});

describe.each(TEST_DATABASES)('administrator sessions on %s', (kind) => {
  let t: TestServer;
  let none: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
    });
    none = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.stop();
    await none.stop();
  });

  const session = async (server: TestServer, cookie = '') =>
    (await fetch(`${server.url}${apiPaths.adminSession}`, { headers: { cookie } })).json();

  it('reports no administrator on a server without one', async () => {
    expect(await session(none)).toEqual({ available: false, authenticated: false });
    const login = await postJson(
      `${none.url}${apiPaths.adminLogin}`,
      { password: PASSWORD },
      ownOrigin(none.url),
    );
    expect(login.status).toBe(503);
    const config = (await (await fetch(`${none.url}${apiPaths.config}`)).json()) as {
      adminAvailable: boolean;
    };
    expect(config.adminAvailable).toBe(false);
  });

  it('signs in with the password into an HttpOnly, SameSite=Strict cookie, and out again', async () => {
    expect(await session(t)).toEqual({ available: true, authenticated: false });
    const login = await postJson(
      `${t.url}${apiPaths.adminLogin}`,
      { password: PASSWORD },
      ownOrigin(t.url),
    );
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^ashnote_admin=[\w-]{43};/);
    expect(setCookie).toContain('path=/api');
    expect(setCookie).toContain('httponly');
    expect(setCookie).toContain('samesite=strict');
    expect(setCookie).toContain('expires=');
    const cookie = setCookie.split(';')[0]!;
    expect(await session(t, cookie)).toEqual({ available: true, authenticated: true });
    // The database holds a hash of the token, never the token.
    const stored = await sql<{
      token_hash: Uint8Array;
    }>`select token_hash from admin_session`.execute(t.server.database.sql);
    const token = cookie.split('=')[1]!;
    expect(
      stored.rows.map((row) => Buffer.from(row.token_hash).toString('base64url')),
    ).not.toContain(token);

    const logout = await fetch(`${t.url}${apiPaths.adminLogout}`, {
      method: 'POST',
      headers: { cookie, ...ownOrigin(t.url) },
    });
    expect(await logout.json()).toEqual({ available: true, authenticated: false });
    expect(await session(t, cookie)).toEqual({ available: true, authenticated: false });
  });

  it('refuses a wrong password, records it as a security event, and limits tries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await postJson(
        `${t.url}${apiPaths.adminLogin}`,
        { password: 'wrong guess' },
        ownOrigin(t.url),
      );
      statuses.push(response.status);
    }
    // Five tries in 15 minutes; the one that succeeded in the test before counts too.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    await expect
      .poll(async () => {
        const rows = await sql<{ kind: string; client: string }>`
          select kind, client from security_event order by created_at`.execute(
          t.server.database.sql,
        );
        return rows.rows;
      })
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'admin_login_failed' }),
          expect.objectContaining({ kind: 'rate_limited' }),
        ]),
      );
    const clients = await sql<{ client: string }>`select client from security_event`.execute(
      t.server.database.sql,
    );
    expect(clients.rows.map((row) => row.client).join()).not.toContain('127.0.0.1');
  });
});

describe.each(TEST_DATABASES)('administrator actions from other origins on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
    });
  });
  afterAll(() => t.stop());

  const login = (headers: Record<string, string>) =>
    postJson(`${t.url}${apiPaths.adminLogin}`, { password: PASSWORD }, headers);

  it('accepts them only from the site’s own pages, not from another port of the same host', async () => {
    // Same site (a cookie with SameSite=Strict goes along), another origin.
    const sibling = new URL(t.url);
    sibling.port = String(Number(sibling.port) + 1);
    expect((await login({ Origin: sibling.origin })).status).toBe(403);
    expect((await login({})).status).toBe(403);
    expect((await login({ ...ownOrigin(t.url), 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);

    const signedIn = await login({ ...ownOrigin(t.url), 'Sec-Fetch-Site': 'same-origin' });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const posts = async () =>
      ((await (await fetch(`${t.url}${apiPaths.blogPosts}`)).json()) as { posts: { id: string }[] })
        .posts;
    const [first] = await posts();
    const remove = (headers: Record<string, string>) =>
      fetch(`${t.url}${apiPaths.blogPost(first!.id)}`, {
        method: 'DELETE',
        headers: { cookie, ...headers },
      });
    expect((await remove({ Origin: sibling.origin })).status).toBe(403);
    expect((await remove({})).status).toBe(403);
    expect((await posts()).map((post) => post.id)).toContain(first!.id);
    expect((await remove(ownOrigin(t.url))).status).toBe(204);
    expect((await posts()).map((post) => post.id)).not.toContain(first!.id);
    // Reading stays possible with the cookie alone: it changes nothing.
    const session = await fetch(`${t.url}${apiPaths.adminSession}`, { headers: { cookie } });
    expect(await session.json()).toEqual({ available: true, authenticated: true });
  });
});

// The lanes decide in memory, whatever the database: one run, on the last database (PostgreSQL
// where there is one). The hash is the cheapest accepted: the flood lasts until the
// administrator is done, however long a check takes, so the lanes are full throughout.
describe('administrator sign-in under a flood', () => {
  it('lets the administrator’s own browser in while wrong passwords from rotating addresses fill the checks', async () => {
    const t = await startTestServer(TEST_DATABASES.at(-1)!, {
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
      TRUST_PROXY: 'true',
    });
    const attempt = (password: string, headers: Record<string, string>) =>
      postJson(`${t.url}${apiPaths.adminLogin}`, { password }, { ...ownOrigin(t.url), ...headers });
    try {
      // An earlier sign-in from this browser: it left the device cookie.
      const first = await attempt(PASSWORD, { 'X-Forwarded-For': '192.0.2.1' });
      expect(first.status).toBe(200);
      const device = first.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('ashnote_admin_device='))!;
      expect(device).toMatch(/httponly/i);
      expect(device).toMatch(/samesite=strict/i);
      const deviceCookie = device.split(';')[0]!;

      // 24 attackers, each from its own address, each keeping one wrong password in flight
      // until the administrator is done.
      let flooding = true;
      const floodStatuses: number[] = [];
      const attackers = Array.from({ length: 24 }, async (_, index) => {
        while (flooding) {
          const response = await attempt('wrong guess', {
            'X-Forwarded-For': `198.51.100.${index + 1}`,
          });
          floodStatuses.push(response.status);
          // Told to come back: a short pause, as a client would, rather than a busy loop.
          if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      // The unknown lane is full before the administrator tries.
      await expect.poll(() => floodStatuses.includes(503)).toBe(true);

      const busyAnswers = () => floodStatuses.filter((status) => status === 503).length;
      const busyBefore = busyAnswers();
      const mine: number[] = [];
      for (let i = 0; i < 10; i++) {
        const response = await attempt(PASSWORD, {
          'X-Forwarded-For': '192.0.2.1',
          cookie: deviceCookie,
        });
        mine.push(response.status);
      }
      const busyDuring = busyAnswers() - busyBefore;
      flooding = false;
      await Promise.all(attackers);

      expect(mine).toEqual(Array(10).fill(200));
      // The flood kept the checks of unknown browsers full meanwhile: they were told to come back.
      expect(busyDuring).toBeGreaterThan(0);
      // The cookie is no key: with it, a wrong password is still refused.
      expect(
        (await attempt('wrong guess', { 'X-Forwarded-For': '192.0.2.1', cookie: deviceCookie }))
          .status,
      ).toBe(401);
      // A made-up device cookie is an unknown browser.
      expect(
        (
          await attempt(PASSWORD, {
            'X-Forwarded-For': '192.0.2.2',
            cookie: `ashnote_admin_device=${deviceCookie.split('=')[1]!.replace(/.$/, 'A')}`,
          })
        ).status,
      ).toBe(200);
    } finally {
      await t.stop();
    }
  }, 120_000);
});
