import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, LEAST_WORK } from '../../backend/src/admin/password-hash.ts';
import { ChatTestClient } from '../../backend/src/chat/test-client.ts';
import { createFakeNote, noteProofs, postJson } from '../../backend/src/testing/notes-client.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { apiPaths } from '../../shared/api/paths.ts';
import { NOTE_MAX_PROOF_ATTEMPTS } from '../../shared/limits.ts';
import en from '../src/i18n/locales/en.json';
import pagesEn from '../src/i18n/pages/en.json';
import {
  appStarted,
  freshContext,
  launchBrowser,
  saveScreenshot,
  seriousAccessibilityProblems,
  startWebApp,
  watchPage,
} from './harness.ts';

/**
 * First-party analytics end to end in Chromium against the real backend: a scripted visit is
 * counted, the administrator signs in and sees exactly those numbers, and a browser with Do Not
 * Track or Global Privacy Control sends nothing and keeps no visitor id. Build first:
 * `npm run build:web`.
 */

const PASSWORD = 'analytics e2e administrator';
const NOTE_ID = 'NoteIdThatMustNotBeCounted';

let browser: Browser;
let app: TestServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, app] = await Promise.all([
    launchBrowser(),
    startWebApp('embedded', { ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK) }),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await app?.stop();
});

/** A browser context; `optOut` makes it announce Do Not Track or Global Privacy Control. */
async function openPage(optOut?: 'doNotTrack' | 'globalPrivacyControl') {
  const context = await freshContext(browser);
  contexts.push(context);
  if (optOut === 'doNotTrack') {
    await context.addInitScript(
      `Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });`,
    );
  } else if (optOut === 'globalPrivacyControl') {
    await context.addInitScript(
      `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });`,
    );
  }
  const page = await context.newPage();
  const problems = watchPage(page);
  const analyticsCalls: { path: string; body: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/analytics/') && request.method() === 'POST') {
      analyticsCalls.push({ path: url.pathname, body: request.postData() ?? '' });
    }
  });
  return { page, problems, analyticsCalls };
}

async function count(query: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`${sql.raw(query)}`.execute(app.server.database.sql);
  return rows[0]!.n;
}

const pageViews = () => count('select count(*)::int as n from analytics_page_view');

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Opens the dashboard and signs in as the administrator. */
async function signInToDashboard(page: Page): Promise<void> {
  await page.goto(`${app.url}/analytics`);
  await page.getByText(pagesEn.analytics.signInPrompt).waitFor();
  await page.getByRole('button', { name: en.admin.login.submit }).click();
  await page.getByLabel(en.admin.login.passwordLabel).fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: en.admin.login.submit }).click();
  await page.getByLabel(pagesEn.analytics.timeframe.label).waitFor();
}

/** The number shown under a total's label on the dashboard. */
function total(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

describe('analytics', () => {
  it('counts a scripted visit (path shapes only) and shows it to the signed-in administrator', async () => {
    const visitor = await openPage();
    await visitor.page.goto(`${app.url}/`);
    await visitor.page.getByRole('heading', { level: 1, name: en.home.title }).waitFor();
    // A pre-rendered page counts its view once the app runs it; a link followed before that
    // loads the next page afresh, and the first is not counted.
    await appStarted(visitor.page);
    await visitor.page
      .getByRole('navigation')
      .getByRole('link', { name: en.nav.features })
      .first()
      .click();
    await visitor.page.waitForURL(`${app.url}/features`);
    // Counted before the page moves on: a view sent as the page unloads still reaches the
    // server, but the browser may no longer report its request to this page.
    await eventually(async () => (await pageViews()) === 2, 'two page views');
    await visitor.page.goto(`${app.url}/note/${NOTE_ID}#SecretKeyInTheFragment`);
    await eventually(async () => (await pageViews()) === 3, 'three page views');
    const ids = await visitor.page.evaluate(() => ({
      visitor: localStorage.getItem('ashnote.analytics.visitor'),
      session: sessionStorage.getItem('ashnote.analytics.session'),
    }));
    expect(ids.visitor).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(ids.session).toMatch(/^[A-Za-z0-9]{12}$/);
    // The tab is closed: the session-end beacon tells the server how long it lasted.
    await visitor.page.close({ runBeforeUnload: true });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from analytics_session where duration_seconds is not null',
        )) === 1,
      'the session-end beacon',
    );

    const calls = visitor.analyticsCalls;
    expect(calls.filter((call) => call.path === '/api/analytics/session')).toHaveLength(1);
    expect(
      calls
        .filter((call) => call.path === '/api/analytics/pageview')
        .map((call) => JSON.parse(call.body)),
    ).toEqual([
      { path: '/', referrer: null },
      { path: '/features', referrer: null },
      { path: '/note/:id', referrer: null },
    ]);
    for (const call of calls) {
      expect(call.body).not.toContain(NOTE_ID);
      expect(call.body).not.toContain('SecretKeyInTheFragment');
    }
    expect(visitor.problems.cspViolations).toEqual([]);

    // The administrator's browser sends Do Not Track, so the dashboard shows the visit alone.
    const admin = await openPage('doNotTrack');
    await signInToDashboard(admin.page);
    await expect
      .poll(() => total(admin.page, pagesEn.analytics.totals.pageViews).textContent())
      .toBe('3');
    expect(await total(admin.page, pagesEn.analytics.totals.uniqueVisitors).textContent()).toBe(
      '1',
    );
    expect(await total(admin.page, pagesEn.analytics.totals.sessions).textContent()).toBe('1');
    expect(await total(admin.page, pagesEn.analytics.totals.notesCreated).textContent()).toBe('0');
    // Both charts are real SVG drawings with their numbers available as a table.
    const charts = admin.page.getByRole('img', {
      name: new RegExp(pagesEn.analytics.charts.traffic.title),
    });
    await charts.waitFor();
    expect(await admin.page.locator('figure svg path').count()).toBeGreaterThanOrEqual(6);
    await admin.page.getByText(pagesEn.analytics.charts.showTable).first().click();
    const rows = admin.page
      .getByRole('table', { name: pagesEn.analytics.charts.traffic.title })
      .locator('tbody tr');
    expect(await rows.last().locator('td').textContent()).toBe('3');
    // Another timeframe is asked of the server and answers with the same visit.
    await admin.page.getByLabel(pagesEn.analytics.timeframe.label).selectOption('all');
    await expect
      .poll(() => total(admin.page, pagesEn.analytics.totals.pageViews).textContent())
      .toBe('3');
    expect(await seriousAccessibilityProblems(admin.page)).toEqual([]);
    expect(admin.problems.cspViolations).toEqual([]);
    expect(admin.analyticsCalls).toEqual([]);
    await saveScreenshot(admin.page, 'analytics/en-desktop-dashboard');

    await admin.page.getByRole('button', { name: pagesEn.analytics.signOut }).click();
    await admin.page.getByText(pagesEn.analytics.signInPrompt).waitFor();
  });

  it('sends nothing and keeps no visitor id with Global Privacy Control', async () => {
    const before = await pageViews();
    const { page, analyticsCalls } = await openPage('globalPrivacyControl');
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1, name: en.home.title }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: en.nav.features }).first().click();
    await page.waitForURL(`${app.url}/features`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(analyticsCalls).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('ashnote.analytics.visitor'))).toBeNull();
    expect(await pageViews()).toBe(before);
  });

  it('records abuse as security events under a keyed hash, never the address, and shows them to the administrator', async () => {
    // A note destroyed by ten wrong passwords from someone holding its link.
    const note = await createFakeNote(app.url);
    for (let attempt = 0; attempt < NOTE_MAX_PROOF_ATTEMPTS; attempt++) {
      const wrong = await postJson(`${app.url}${apiPaths.noteVerify(note.noteId)}`, {
        proof: noteProofs().proof,
        linkProof: note.linkProof,
      });
      expect(wrong.status).toBe(attempt < NOTE_MAX_PROOF_ATTEMPTS - 1 ? 401 : 410);
    }
    // A chat message that is not one.
    const socket = await ChatTestClient.connect(app.url);
    socket.socket.send('{not json');
    expect((await socket.next('error')).code).toBe('VALIDATION_FAILED');
    socket.socket.close();

    const recorded = async () =>
      (
        await sql<{ kind: string; client: string }>`
          select kind, client from security_event order by created_at`.execute(
          app.server.database.sql,
        )
      ).rows;
    await eventually(async () => {
      const kinds = (await recorded()).map((row) => row.kind);
      return kinds.includes('note_attempts_exhausted') && kinds.includes('invalid_frame');
    }, 'both security events');
    const rows = await recorded();
    // A keyed hash in base64url, where an address (127.0.0.1, ::1) would not fit.
    for (const row of rows) expect(row.client).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The administrator sees each kind, by the keyed hash.
    const admin = await openPage('doNotTrack');
    await signInToDashboard(admin.page);
    const events = admin.page.getByRole('table').filter({
      has: admin.page.getByRole('columnheader', { name: pagesEn.analytics.security.client }),
    });
    for (const kind of ['note_attempts_exhausted', 'invalid_frame'] as const) {
      const row = events
        .getByRole('row')
        .filter({ has: admin.page.getByText(pagesEn.analytics.security.kinds[kind]) });
      const client = rows.find((event) => event.kind === kind)!.client;
      const shown = row.locator('code').first();
      await expect.poll(() => shown.textContent()).toMatch(/^[A-Za-z0-9_-]{8,}$/);
      // The dashboard shows the start of the keyed hash.
      expect(client.startsWith((await shown.textContent())!)).toBe(true);
    }
    // Whatever may scroll inside the dashboard (the tables, in their cards) can be reached by
    // keyboard and is named: axe flags such a region only once it overflows, which depends on
    // the data and the screen, so this checks every one that could.
    const unreachable = await admin.page.evaluate<
      string[]
    >(`[...document.querySelectorAll('main *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return [style.overflowX, style.overflowY].some((value) => value === 'auto' || value === 'scroll');
      })
      .filter((element) => element.getAttribute('tabindex') !== '0' || !element.getAttribute('aria-label'))
      .map((element) => element.outerHTML.slice(0, 80))`);
    expect(unreachable).toEqual([]);
    expect(
      await admin.page.getByRole('region', { name: pagesEn.analytics.security.title }).count(),
    ).toBe(1);
    expect(await seriousAccessibilityProblems(admin.page)).toEqual([]);
    expect(admin.problems.cspViolations).toEqual([]);
  });
});
