import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../shared/content-security-policy.ts';
import { createLogger } from '../logger.ts';
import { AppError } from './app-error.ts';
import { edge } from './edge.ts';

describe('edge', () => {
  const lines: Record<string, unknown>[] = [];
  const finished: { status: number; path: string }[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = new Koa();
    app.use(
      edge({
        logger: createLogger('info', (line) => lines.push(JSON.parse(line))),
        loopbackOnly: true,
        clientIpv6Prefix: 64,
        extraOrigins: ['http://127.0.0.1:59999'],
        onFinished: (ctx) => finished.push({ status: ctx.status, path: ctx.path }),
      }),
    );
    app.use((ctx) => {
      if (ctx.path === '/api/fails') throw new AppError('RATE_LIMITED', 'Slow down.');
      if (ctx.path === '/api/crashes') throw new Error('a bug with a secret inside');
      ctx.body = { ok: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers an expected failure as JSON with the security headers, then logs and times it', async () => {
    const response = await fetch(`${base}/api/fails`);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Slow down.' },
    });
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(lines.at(-1)).toMatchObject({ message: 'request', status: 429, method: 'GET' });
    expect(finished.at(-1)).toEqual({ status: 429, path: '/api/fails' });
  });

  it('answers an unexpected error generically and logs its message only', async () => {
    const response = await fetch(`${base}/api/crashes`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('INTERNAL');
    expect(text).not.toContain('secret');
    expect(lines.some((line) => line.message === 'unhandled error')).toBe(true);
    expect(finished.at(-1)).toEqual({ status: 500, path: '/api/crashes' });
  });

  it('answers an allowed preflight itself, before the routes and the Host check', async () => {
    const response = await fetch(`${base}/api/anything`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:59999', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:59999');
  });

  it('refuses a request addressed to another name, and a body where none belongs', async () => {
    const status = (options: http.RequestOptions) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${base}/api/ok`, options, (response) => {
          response.resume();
          resolve(response.statusCode!);
        });
        request.on('error', reject);
        request.end(options.method === 'DELETE' ? '{}' : undefined);
      });
    expect(await status({ headers: { Host: 'rebound.example' } })).toBe(403);
    expect(
      await status({ method: 'DELETE', headers: { 'Content-Type': 'application/json' } }),
    ).toBe(400);
    expect(await status({})).toBe(200);
  });
});
