import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_TIMEFRAMES,
  analyticsSummarySchema,
  type AnalyticsSummary,
  type AnalyticsTimeframe,
} from '../../../shared/api/analytics.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { hashPassword, LEAST_WORK } from '../admin/password-hash.ts';
import { createFakeNote, ownOrigin, postJson } from '../testing/notes-client.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { sweepAnalytics } from './analytics.service.ts';

const PASSWORD = 'analytics administrator password';
const VISITOR = 'VisitorAbcdefgh1';
const SESSION = 'SessionAbc12';
/** A user agent nobody else sends: it must not be found anywhere in the database. */
const USER_AGENT = 'Mozilla/5.0 (AnalyticsTestBrowser/9.9; unique-marker-7731)';
const ANALYTICS_TABLES = [
  'analytics_salt',
  'analytics_page_view',
  'analytics_session',
  'analytics_event',
  'analytics_note_activity',
  'analytics_request_timing',
] as const;

/** A synthetic week (and some): rows at `hoursAgo` from the current hour's bucket. */
const PAGE_VIEWS = [
  { hoursAgo: 0, visitor: 'a', session: 's1', country: 'DE' },
  { hoursAgo: 0, visitor: 'a', session: 's1', country: 'DE' },
  { hoursAgo: 1, visitor: 'b', session: 's2', country: 'FR' },
  { hoursAgo: 3, visitor: 'c', session: 's3', country: null },
  { hoursAgo: 10, visitor: 'a', session: 's4', country: 'DE' },
  { hoursAgo: 20, visitor: 'd', session: 's5', country: 'FR' },
  { hoursAgo: 30, visitor: 'e', session: 's6', country: 'US' },
  { hoursAgo: 30, visitor: 'e', session: 's6', country: 'US' },
  { hoursAgo: 60, visitor: 'f', session: 's7', country: 'IT' },
  { hoursAgo: 100, visitor: 'g', session: 's8', country: 'ES' },
  { hoursAgo: 150, visitor: 'h', session: 's9', country: 'DE' },
  { hoursAgo: 400, visitor: 'i', session: 's10', country: 'JP' },
  { hoursAgo: 1000, visitor: 'j', session: 's11', country: 'BR' },
];
const SESSIONS = PAGE_VIEWS.filter(
  (view, index) => PAGE_VIEWS.findIndex((other) => other.session === view.session) === index,
).map((view, index) => ({
  id: view.session,
  hoursAgo: view.hoursAgo,
  duration: index % 3 === 0 ? null : 60 * (index + 1),
}));
const NOTE_ACTIVITY = [
  { hoursAgo: 0, created: 3, read: 1, passwordProtected: 1, emailReceipts: 0 },
  { hoursAgo: 5, created: 2, read: 2, passwordProtected: 0, emailReceipts: 1 },
  { hoursAgo: 50, created: 1, read: 4, passwordProtected: 1, emailReceipts: 1 },
  { hoursAgo: 500, created: 10, read: 5, passwordProtected: 4, emailReceipts: 2 },
];
const EVENTS = [
  { hoursAgo: 1, name: 'note_link_copied', count: 3 },
  { hoursAgo: 80, name: 'chat_link_copied', count: 2 },
] as const;
const SECURITY_EVENTS = [
  { hoursAgo: 1, kind: 'rate_limited' },
  { hoursAgo: 5, kind: 'admin_login_failed' },
  { hoursAgo: 30, kind: 'invalid_frame' },
  { hoursAgo: 200, kind: 'note_attempts_exhausted' },
] as const;
/** Timing histogram of one synthetic route: bucket b holds requests up to 1.25^b ms. */
const TIMINGS = [
  { hoursAgo: 0, bucket: 10, count: 50 },
  { hoursAgo: 0, bucket: 20, count: 45 },
  { hoursAgo: 0, bucket: 30, count: 5 },
  { hoursAgo: 100, bucket: 30, count: 100 },
];

/** The numbers the dashboard must show for a timeframe, computed here from the fixture. */
function expected(hours: number | null) {
  const within = (row: { hoursAgo: number }) => hours === null || row.hoursAgo <= hours;
  const views = PAGE_VIEWS.filter(within);
  const sessions = SESSIONS.filter(within);
  const notes = NOTE_ACTIVITY.filter(within);
  const sum = (rows: { [key: string]: number }[], key: string) =>
    rows.reduce((total, row) => total + row[key]!, 0);
  const created = sum(notes, 'created');
  const read = sum(notes, 'read');
  const durations = sessions.flatMap((session) =>
    session.duration === null ? [] : [session.duration],
  );
  const countries = new Map<string | null, Set<string>>();
  for (const view of views) {
    countries.set(view.country, (countries.get(view.country) ?? new Set()).add(view.visitor));
  }
  const timings = TIMINGS.filter(within);
  const total = sum(timings, 'count');
  const percentile = (share: number) => {
    let reached = 0;
    for (const timing of [...timings].sort((a, b) => a.bucket - b.bucket)) {
      reached += timing.count;
      if (reached >= share * total) return 1.25 ** timing.bucket;
    }
    return 0;
  };
  const eventCounts = EVENTS.filter(within);
  return {
    totals: {
      uniqueVisitors: new Set(views.map((view) => view.visitor)).size,
      pageViews: views.length,
      sessions: sessions.length,
      notesCreated: created,
      notesRead: read,
    },
    topCountries: [...countries]
      .map(([countryCode, visitors]) => ({ countryCode, visitors: visitors.size }))
      .sort(
        (a, b) =>
          b.visitors - a.visitors ||
          (a.countryCode === null ? 1 : b.countryCode === null ? -1 : 0) ||
          a.countryCode!.localeCompare(b.countryCode!),
      )
      .slice(0, 5),
    securityKinds: SECURITY_EVENTS.filter(within).map((event) => event.kind),
    performance: { requests: total, p50Ms: percentile(0.5), p95Ms: percentile(0.95) },
    rates: {
      readRate: created === 0 ? null : Math.min(1, read / created),
      bounceRate:
        sessions.length === 0
          ? null
          : sessions.filter(
              (session) => PAGE_VIEWS.filter((view) => view.session === session.id).length <= 1,
            ).length / sessions.length,
      averageSessionSeconds:
        durations.length === 0 ? null : durations.reduce((a, b) => a + b, 0) / durations.length,
    },
    featureUsage: {
      passwordProtected: sum(notes, 'passwordProtected'),
      emailNotifications: sum(notes, 'emailReceipts'),
      events: eventCounts
        .map(({ name, count }) => ({ event: name, count }))
        .sort((a, b) => b.count - a.count),
    },
  };
}

const ids = { 'X-Visitor-ID': VISITOR, 'X-Session-ID': SESSION };

function post(t: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
    body: JSON.stringify(body),
  });
}

/** The end beacon of a visit's session. */
const endSession = (t: TestServer, headers: Record<string, string>, duration: number) =>
  post(t, apiPaths.analyticsSessionEnd, { sessionId: SESSION, duration }, headers);

/** One visit: a session, two page views, an event and the end beacon. */
async function visit(t: TestServer, headers: Record<string, string>) {
  return Promise.all([
    post(
      t,
      apiPaths.analyticsSession,
      {
        deviceType: 'desktop',
        browser: 'firefox',
        isReturning: false,
      },
      headers,
    ),
    post(t, apiPaths.analyticsPageView, { path: '/', referrer: 'https://search.example' }, headers),
    post(t, apiPaths.analyticsPageView, { path: '/note/SomeNoteId123', referrer: null }, headers),
    post(t, apiPaths.analyticsEvent, { event: 'note_link_copied' }, headers),
  ]).then(async (answers) => [...answers, await endSession(t, headers, 1)]);
}

describe.each(TEST_DATABASES)('analytics on %s', (kind) => {
  let t: TestServer;
  let none: TestServer;
  let cookie: string;

  beforeAll(async () => {
    [t, none] = await Promise.all([
      startTestServer(kind, {
        ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
        TRUST_PROXY: '1',
      }),
      startTestServer(kind),
    ]);
    const login = await postJson(
      `${t.url}${apiPaths.adminLogin}`,
      { password: PASSWORD },
      ownOrigin(t.url),
    );
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  });
  afterAll(async () => {
    await Promise.all([t?.stop(), none?.stop()]);
  });

  const summary = async (timeframe: AnalyticsTimeframe): Promise<AnalyticsSummary> => {
    const response = await fetch(`${t.url}${apiPaths.analyticsSummary(timeframe)}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    return analyticsSummarySchema.parse(await response.json());
  };
  const rowCount = async (table: (typeof ANALYTICS_TABLES)[number]) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        t.server.database.sql,
      )
    ).rows[0]!.n;

  it('refuses the summary without an administrator session (401), or without an administrator (503)', async () => {
    const anonymous = await fetch(`${t.url}${apiPaths.analyticsSummary('24h')}`);
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${t.url}${apiPaths.analyticsSummary('24h')}`, {
      headers: { cookie: 'ashnote_admin=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(forged.status).toBe(401);
    const unconfigured = await fetch(`${none.url}${apiPaths.analyticsSummary('24h')}`);
    expect(unconfigured.status).toBe(503);
  });

  it('refuses an unknown timeframe', async () => {
    const response = await fetch(`${t.url}/api/analytics/summary?timeframe=5y`, {
      headers: { cookie },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('aggregates a synthetic week per timeframe, in SQL', async () => {
    const db = t.server.database.sql;
    await sql`delete from analytics_page_view; delete from analytics_session;
      delete from analytics_event; delete from analytics_note_activity;
      delete from analytics_request_timing; delete from security_event`.execute(db);
    const ago = (hours: number) =>
      sql`date_trunc('hour', now()) - make_interval(hours => ${hours}::int)`;
    for (const view of PAGE_VIEWS) {
      await sql`insert into analytics_page_view (hour, path, referrer, visitor, session, country)
        values (${ago(view.hoursAgo)}, '/', null, ${view.visitor}, ${view.session}, ${view.country})`.execute(
        db,
      );
    }
    for (const session of SESSIONS) {
      await sql`insert into analytics_session (id, hour, device_type, browser, is_returning, duration_seconds)
        values (${session.id}, ${ago(session.hoursAgo)}, 'mobile', 'safari', true, ${session.duration})`.execute(
        db,
      );
    }
    for (const row of NOTE_ACTIVITY) {
      await sql`insert into analytics_note_activity (hour, created, read, password_protected, email_receipts)
        values (${ago(row.hoursAgo)}, ${row.created}, ${row.read}, ${row.passwordProtected}, ${row.emailReceipts})`.execute(
        db,
      );
    }
    for (const event of EVENTS) {
      await sql`insert into analytics_event (hour, name, count)
        values (${ago(event.hoursAgo)}, ${event.name}, ${event.count})`.execute(db);
    }
    for (const [index, event] of SECURITY_EVENTS.entries()) {
      await sql`insert into security_event (id, kind, client, created_at)
        values (${`synthetic-${index}`}, ${event.kind}, ${`client${index}hashhashhash`}, ${ago(event.hoursAgo)})`.execute(
        db,
      );
    }
    for (const timing of TIMINGS) {
      await sql`insert into analytics_request_timing (hour, route, bucket, count)
        values (${ago(timing.hoursAgo)}, 'GET /synthetic', ${timing.bucket}, ${timing.count})`.execute(
        db,
      );
    }

    for (const [timeframe, hours] of Object.entries(ANALYTICS_TIMEFRAMES) as [
      AnalyticsTimeframe,
      number | null,
    ][]) {
      const want = expected(hours);
      const got = await summary(timeframe);
      expect(got.timeframe).toBe(timeframe);
      expect(got.totals, timeframe).toEqual(want.totals);
      expect(got.topCountries, timeframe).toEqual(want.topCountries);
      expect(got.securityEvents.total, timeframe).toBe(want.securityKinds.length);
      expect(
        got.securityEvents.latest.map((event) => event.kind),
        timeframe,
      ).toEqual(want.securityKinds);
      expect(got.securityEvents.latest[0]?.client, timeframe).toMatch(/^client\d/);
      expect(
        got.performance.find((route) => route.route === 'GET /synthetic'),
        timeframe,
      ).toEqual({ route: 'GET /synthetic', ...want.performance });
      expect(got.rates.readRate, timeframe).toBeCloseTo(want.rates.readRate ?? NaN);
      expect(got.rates.bounceRate, timeframe).toBeCloseTo(want.rates.bounceRate ?? NaN);
      expect(got.rates.averageSessionSeconds, timeframe).toBeCloseTo(
        want.rates.averageSessionSeconds ?? NaN,
      );
      expect(got.featureUsage, timeframe).toEqual(want.featureUsage);
      // One point per hour, oldest first; the series add up to the totals.
      const points = hours === null ? 1001 : hours + 1;
      expect(got.traffic, timeframe).toHaveLength(points);
      expect(got.notesActivity, timeframe).toHaveLength(points);
      expect(got.traffic.reduce((total, point) => total + point.views, 0)).toBe(
        want.totals.pageViews,
      );
      expect(got.notesActivity.reduce((total, point) => total + point.created, 0)).toBe(
        want.totals.notesCreated,
      );
      expect(got.traffic.at(-1)!.views, timeframe).toBe(2);
      expect(Date.parse(got.lastUpdated)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('records a visit with hashed ids, the path shape only, a trusted country, and no address or user agent', async () => {
    const before = await summary('1h');
    const answers = await visit(t, {
      ...ids,
      'CF-IPCountry': 'CH',
      'X-Forwarded-For': '203.0.113.77',
    });
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204]);
    const after = await summary('1h');
    expect(after.totals.pageViews - before.totals.pageViews).toBe(2);
    expect(after.totals.sessions - before.totals.sessions).toBe(1);
    expect(after.totals.uniqueVisitors - before.totals.uniqueVisitors).toBe(1);
    expect(after.topCountries).toContainEqual({ countryCode: 'CH', visitors: 1 });
    const copied = (s: AnalyticsSummary) =>
      s.featureUsage.events.find((event) => event.event === 'note_link_copied')?.count ?? 0;
    expect(copied(after) - copied(before)).toBe(1);

    const db = t.server.database.sql;
    const paths = await sql<{
      path: string;
      referrer: string | null;
    }>`select path, referrer from analytics_page_view where country = 'CH' order by path`.execute(
      db,
    );
    expect(paths.rows).toEqual([
      { path: '/', referrer: 'https://search.example' },
      { path: '/note/:id', referrer: null },
    ]);
    // As if the session had started an hour before: then it can have lasted 42 s.
    await sql`update analytics_session set hour = hour - interval '1 hour' where browser = 'firefox'`.execute(
      db,
    );
    expect((await endSession(t, ids, 42)).status).toBe(204);
    const session = await sql<{
      duration_seconds: number;
      browser: string;
    }>`select duration_seconds, browser from analytics_session where browser = 'firefox'`.execute(
      db,
    );
    expect(session.rows).toEqual([{ duration_seconds: 42, browser: 'firefox' }]);

    // Nothing in any analytics table holds the ids, the address, the user agent or the note id.
    for (const table of ANALYTICS_TABLES) {
      const dump = JSON.stringify((await sql`select * from ${sql.table(table)}`.execute(db)).rows);
      for (const secret of [
        VISITOR,
        SESSION,
        '203.0.113.77',
        '127.0.0.1',
        'AnalyticsTestBrowser',
        'SomeNoteId123',
      ]) {
        expect(dump, `${table} holds ${secret}`).not.toContain(secret);
      }
    }
  });

  it('ends only a session that started, and never as longer than it can have lasted', async () => {
    const headers = { ...ids, 'X-Session-ID': 'EndingTest12' };
    const db = t.server.database.sql;
    const durations = async () =>
      (
        await sql<{
          duration_seconds: number | null;
        }>`select duration_seconds from analytics_session where browser = 'edge'`.execute(db)
      ).rows.map((row) => row.duration_seconds);
    const end = (duration: number) =>
      post(t, apiPaths.analyticsSessionEnd, { sessionId: 'EndingTest12', duration }, headers);

    // Never started: the beacon is answered as any other, and nothing is written.
    expect((await end(3600)).status).toBe(204);
    expect(await durations()).toEqual([]);

    const start = { deviceType: 'desktop', browser: 'edge', isReturning: false };
    expect((await post(t, apiPaths.analyticsSession, start, headers)).status).toBe(204);
    // Started moments ago, in this hour: it cannot have lasted a day, nor past this hour's start.
    expect((await end(86_400)).status).toBe(204);
    const [capped] = await durations();
    expect(capped).toBeLessThanOrEqual(3600);
    const { rows } = await sql<{
      since: number;
    }>`select floor(extract(epoch from now() - hour))::int as since from analytics_session where browser = 'edge'`.execute(
      db,
    );
    expect(capped).toBeLessThanOrEqual(rows[0]!.since);
  });

  it('stores nothing at all for Do-Not-Track or Global Privacy Control', async () => {
    // Request timings are the server's own, per route and never per visitor: they still count.
    const visitorTables = ANALYTICS_TABLES.filter((table) => table !== 'analytics_request_timing');
    for (const optOut of [{ DNT: '1' }, { 'Sec-GPC': '1' }] as Record<string, string>[]) {
      const counts = await Promise.all(visitorTables.map(rowCount));
      const eventsBefore = (await summary('1h')).featureUsage.events;
      const answers = await visit(t, { ...ids, 'X-Session-ID': 'OptedOut1234', ...optOut });
      expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204]);
      expect((await summary('1h')).featureUsage.events).toEqual(eventsBefore);
      expect(await Promise.all(visitorTables.map(rowCount))).toEqual(counts);
    }
  });

  it('refuses malformed ingest calls with a clear error and stores nothing', async () => {
    const views = await rowCount('analytics_page_view');
    const cases: [string, unknown, Record<string, string>, number][] = [
      [apiPaths.analyticsPageView, { path: '/', referrer: null }, {}, 400],
      [
        apiPaths.analyticsPageView,
        { path: '/', referrer: null },
        { ...ids, 'X-Visitor-ID': 'short' },
        400,
      ],
      [apiPaths.analyticsPageView, { path: '/', referrer: 'https://a.example/page?q=1' }, ids, 400],
      [apiPaths.analyticsPageView, { path: 'no-slash', referrer: null }, ids, 400],
      [apiPaths.analyticsPageView, { path: `/${'a'.repeat(2000)}`, referrer: null }, ids, 413],
      [
        apiPaths.analyticsSession,
        { deviceType: 'toaster', browser: 'chrome', isReturning: false },
        ids,
        400,
      ],
      [apiPaths.analyticsEvent, { event: 'anything_else' }, ids, 400],
      [apiPaths.analyticsSessionEnd, { sessionId: SESSION, duration: -1 }, {}, 400],
    ];
    for (const [path, body, headers, status] of cases) {
      const response = await post(t, path, body, headers);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.message).not.toBe('');
    }
    expect(await rowCount('analytics_page_view')).toBe(views);
  });

  it('counts notes created and read, with password and receipt use, without any note id', async () => {
    const before = await summary('1h');
    const note = await createFakeNote(t.url, {
      kdf: { salt: 'AAAAAAAAAAAAAAAAAAAAAA', iterations: 600_000 },
    });
    await createFakeNote(t.url);
    const read = await postJson(`${t.url}${apiPaths.noteVerify(note.noteId)}`, {
      proof: note.proof,
      linkProof: note.linkProof,
    });
    expect(read.status).toBe(200);
    await read.arrayBuffer();
    const after = await summary('1h');
    expect(after.totals.notesCreated - before.totals.notesCreated).toBe(2);
    expect(after.totals.notesRead - before.totals.notesRead).toBe(1);
    expect(after.featureUsage.passwordProtected - before.featureUsage.passwordProtected).toBe(1);
    expect(after.featureUsage.emailNotifications).toBe(before.featureUsage.emailNotifications);
    // Request timings reach the performance summary through the same flushed counters.
    expect(after.performance.map((route) => route.route)).toContain('POST /api/notes');
    const dump = JSON.stringify(
      (await sql`select * from analytics_note_activity`.execute(t.server.database.sql)).rows,
    );
    expect(dump).not.toContain(note.noteId);
  });

  it('forgets rows older than 90 days and every salt but today’s', async () => {
    const db = t.server.database.sql;
    await sql`insert into analytics_page_view (hour, path, referrer, visitor, session, country)
      values (now() - interval '91 days', '/old', null, 'x', 'y', null)`.execute(db);
    await sql`insert into analytics_salt (day, salt) values ('2020-01-01', '\\x00')`.execute(db);
    await sweepAnalytics(analyticsRepository(t.server.database));
    const old = await sql<{ n: number }>`select count(*)::int as n from analytics_page_view
      where path = '/old'`.execute(db);
    expect(old.rows[0]!.n).toBe(0);
    const salts = await sql<{ day: string }>`select day from analytics_salt`.execute(db);
    expect(salts.rows.map((row) => row.day)).toEqual([new Date().toISOString().slice(0, 10)]);
  });
});
