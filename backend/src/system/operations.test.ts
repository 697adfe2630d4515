import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import { createRoom, fakeChatEnvelope, joinRoom } from '../chat/test-client.ts';
import { createFakeNote, postJson } from '../testing/notes-client.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  startTestServer,
  type TestServer,
} from '../testing/test-server.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The sum of a metric's samples whose labels include `labels`, from a scrape's text. */
function sampleSum(scrape: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of scrape.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const have = new Map(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/gi)].map((m) => [m[1]!, m[2]!]),
    );
    if (Object.entries(labels).every(([key, value]) => have.get(key) === value)) {
      sum += Number(match[3]);
      found = true;
    }
  }
  if (!found) throw new Error(`no sample of ${name} ${JSON.stringify(labels)}`);
  return sum;
}

/** A GET with its own Host header (fetch does not let a caller set one). */
function getWithHost(
  url: string,
  host: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A TCP relay in front of PostgreSQL that can be cut, as a network or a database going away
 * would: while cut it refuses new connections and has dropped the open ones.
 */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The names of the metrics a scrape holds (histograms by their own name). */
function metricNames(scrape: string): Set<string> {
  return new Set([...scrape.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
}

describe.each(TEST_DATABASES)('health probes on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(() => t.stop());

  it('answers /healthz and /readyz, uncached and unlogged, whatever the Host', async () => {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
    ] as const) {
      // The server is bound to loopback, where the app answers only loopback names; a probe
      // addressed to the instance's IP (a load balancer's) is answered all the same.
      for (const host of [new URL(t.url).host, '10.1.2.3:3000']) {
        const response = await getWithHost(`${t.url}${path}`, host);
        expect(response.status, `${path} for ${host}`).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(response.body)).toEqual(body);
      }
      expect((await fetch(`${t.url}${path}`, { method: 'HEAD' })).status).toBe(200);
    }
    const app = await getWithHost(`${t.url}${apiPaths.health}`, '10.1.2.3:3000');
    expect(app.status).toBe(403);
    expect(t.logs.join('\n')).not.toMatch(/healthz|readyz/);
  });

  it('is not ready while a migration this version needs is missing', async () => {
    const db = t.server.database.sql;
    const [last] = (
      await sql<{ id: number; name: string }>`
        select id, name from mikro_orm_migrations order by id desc limit 1`.execute(db)
    ).rows;
    await sql`delete from mikro_orm_migrations where id = ${last!.id}`.execute(db);
    try {
      const response = await fetch(`${t.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'not_ready',
        database: 'migrations_pending',
      });
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await sql`insert into mikro_orm_migrations (id, name) values (${last!.id}, ${last!.name})`.execute(
        db,
      );
    }
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });

  // The embedded database runs in the server's own process: it cannot be away while it lives.
  it.runIf(kind === 'postgres')(
    'stays alive but is not ready while PostgreSQL cannot be reached',
    async () => {
      const store = await createTestStore('postgres');
      const direct = new URL(store.env.DATABASE_URL!);
      const proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port) });
      const viaProxy = new URL(direct);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const lost = await startServer({ DATABASE_URL: viaProxy.toString() });
      try {
        expect((await fetch(`${lost.url}/readyz`)).status).toBe(200);
        proxy.cut();
        const ready = await fetch(`${lost.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'not_ready', database: 'unreachable' });
        expect((await fetch(`${lost.url}/healthz`)).status).toBe(200);
        proxy.restore();
        await expect.poll(async () => (await fetch(`${lost.url}/readyz`)).status).toBe(200);
      } finally {
        await lost.stop();
        await proxy.close();
        await store.drop();
      }
    },
  );
});

describe('metrics switched off', () => {
  it('has no /metrics: it answers as any unknown path', async () => {
    const t = await startTestServer('embedded');
    try {
      const unknown = await fetch(`${t.url}/no-such-thing`);
      const metrics = await fetch(`${t.url}/metrics`, { headers: bearer(TOKEN) });
      expect(metrics.status).toBe(unknown.status);
      expect(await metrics.text()).toBe(await unknown.text());
      expect(t.metricsUrl).toBeNull();
    } finally {
      await t.stop();
    }
  });
});

describe.each(TEST_DATABASES)('metrics on %s', (kind) => {
  let t: TestServer;
  let metricsUrl: string;
  const scrape = async () => {
    const response = await fetch(`${t.url}/metrics`, { headers: bearer(TOKEN) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    t = await startTestServer(
      kind,
      { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' },
      {
        notes: { sweepIntervalMs: 200 },
        chat: { tickMs: 100, rateRules: { create: { limit: 1, windowSeconds: 600 } } },
      },
    );
    metricsUrl = t.metricsUrl!;
  });
  afterAll(() => t.stop());

  it('serves /metrics on the main port only with the token, and looks absent otherwise', async () => {
    const unknown = await fetch(`${t.url}/no-such-thing`);
    const unknownBody = await unknown.text();
    for (const headers of [{}, bearer('not-the-token-0123456789'), { Authorization: TOKEN }]) {
      const response = await fetch(`${t.url}/metrics`, { headers });
      expect(response.status).toBe(unknown.status);
      expect(await response.text()).toBe(unknownBody);
    }
    expect(await scrape()).toMatch(/^# HELP /m);
  });

  it('serves /metrics on METRICS_PORT too, asking for the token there as well', async () => {
    expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
    expect(new URL(metricsUrl).port).not.toBe(new URL(t.url).port);
    const refused = await fetch(metricsUrl);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const scraped = await fetch(metricsUrl, { headers: bearer(TOKEN) });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('ashnote_http_requests_total');
    expect((await fetch(new URL('/healthz', metricsUrl))).status).toBe(404);
  });

  it('counts notes, chat, refusals, requests by route and the database, with no id or address in any label', async () => {
    const before = await scrape();
    const count = (text: string, name: string, labels?: Record<string, string>) => {
      try {
        return sampleSum(text, name, labels);
      } catch {
        return 0;
      }
    };

    // Notes: two created and read.
    const read = await createFakeNote(t.url);
    const alsoRead = await createFakeNote(t.url);
    for (const note of [read, alsoRead]) {
      const answer = await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
        proof: note.proof,
        linkProof: note.linkProof,
      });
      expect(answer.status).toBe(200);
    }

    // Chat: a room (a second one is over this server's limit of one), two participants, three
    // messages each way.
    const roomId = await createRoom(t.url);
    await expect(createRoom(t.url)).rejects.toThrow(/429/);
    const a = await joinRoom(t.url, roomId);
    const b = await joinRoom(t.url, roomId);
    await a.client.next('participant_joined');
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const content = fakeChatEnvelope();
        sent.push(content);
        from.client.send({
          type: 'send_message',
          sessionId: roomId,
          participantId: from.participantId,
          content,
        });
        expect((await to.client.next('new_message')).content).toBe(content);
      }
    }

    const after = await scrape();
    const delta = (name: string, labels?: Record<string, string>) =>
      count(after, name, labels) - count(before, name, labels);
    expect(delta('ashnote_notes_created_total')).toBe(2);
    expect(delta('ashnote_notes_destroyed_total', { reason: 'read' })).toBe(2);
    expect(delta('ashnote_rate_limit_refusals_total')).toBe(1);
    expect(delta('ashnote_chat_rooms_created_total')).toBe(1);
    expect(delta('ashnote_chat_messages_relayed_total')).toBe(6);
    expect(sampleSum(after, 'ashnote_websocket_connections')).toBe(2);
    expect(
      delta('ashnote_http_requests_total', {
        method: 'POST',
        route: '/api/notes/:id/verify',
        status: '200',
      }),
    ).toBe(2);
    expect(
      delta('ashnote_http_requests_total', {
        method: 'POST',
        route: '/api/chat/create-session',
        status: '429',
      }),
    ).toBe(1);
    expect(
      delta('ashnote_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/chat/create-session',
      }),
    ).toBe(2);
    expect(delta('ashnote_db_statement_duration_seconds_count')).toBeGreaterThanOrEqual(4);
    expect(sampleSum(after, 'ashnote_draining')).toBe(0);
    expect(sampleSum(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    if (kind === 'postgres') {
      expect(sampleSum(after, 'ashnote_db_pool_connections')).toBeGreaterThan(0);
      expect(sampleSum(after, 'ashnote_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(after).not.toMatch(/^ashnote_db_pool_connections /m);
    }

    // Nothing that names a note, a room, a participant or a client is in any label.
    const secrets = [
      read.noteId,
      alsoRead.noteId,
      read.proof,
      roomId,
      a.participantId,
      b.participantId,
      ...sent,
      '127.0.0.1',
      '::1',
      '::ffff:',
    ];
    for (const secret of secrets) expect(after).not.toContain(secret);
    const ours = after.split('\n').filter((line) => line.startsWith('ashnote_'));
    for (const [, value] of ours.join('\n').matchAll(/[a-z_]+="([^"]*)"/g)) {
      // Route patterns, methods, statuses and names from the code: no long random tokens.
      expect(value).not.toMatch(/[A-Za-z0-9-]{16,}/);
    }
    a.client.close();
    b.client.close();
  });

  it('counts notes destroyed by wrong proofs and by expiry', async () => {
    const before = await scrape();
    const since = async (name: string, labels: Record<string, string>) =>
      sampleSum(await scrape(), name, labels) - sampleSum(before, name, labels);
    const guessed = await createFakeNote(t.url);
    for (let i = 0; i < 10; i++) {
      await postJson(`${t.url}${apiPaths.noteVerify(guessed.noteId)}`, {
        proof: Buffer.alloc(32, i).toString('base64url'),
        linkProof: guessed.linkProof,
      });
    }
    expect(await since('ashnote_notes_destroyed_total', { reason: 'too_many_attempts' })).toBe(1);

    const expiring = await createFakeNote(t.url);
    await sql`update note set expires_at = now() - interval '1 second' where id = ${expiring.noteId}`.execute(
      t.server.database.sql,
    );
    await expect
      .poll(() => since('ashnote_notes_destroyed_total', { reason: 'expired' }), {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it('has a Grafana dashboard and operations-guide entries for the metrics it serves', async () => {
    const served = metricNames(await scrape());
    const dashboard = fs.readFileSync(
      new URL('../../../deploy/grafana/ashnote.json', import.meta.url),
      'utf8',
    );
    JSON.parse(dashboard);
    const charted = new Set(
      [...dashboard.matchAll(/\b((?:ashnote|nodejs|process)_[a-z0-9_]+)/g)].map((match) =>
        match[1]!.replace(/_(bucket|sum|count)$/, ''),
      ),
    );
    expect(charted.size).toBeGreaterThan(10);
    for (const name of charted) {
      // The pool's gauges exist on PostgreSQL only; the dashboard charts them for it.
      if (kind === 'embedded' && name.startsWith('ashnote_db_pool_')) continue;
      expect(served, `${name} in the dashboard`).toContain(name);
    }

    const guide = fs.readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    for (const name of served) {
      if (name.startsWith('ashnote_'))
        expect(guide, `${name} in docs/operations.md`).toContain(name);
    }
  });
});
