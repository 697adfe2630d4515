import {
  SESSION_ID_HEADER,
  SESSION_ID_LENGTH,
  VISITOR_ID_HEADER,
  VISITOR_ID_LENGTH,
  MAX_SESSION_SECONDS,
  analyticsPath,
  type AnalyticsEvent,
} from '../../../shared/api/analytics-tracking.ts';
import type { SessionStartRequest } from '../../../shared/api/analytics.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { apiPostNoContent, apiUrl } from './client.ts';
import { platform } from '../platform/index.ts';

/**
 * First-party page and session counting (DESIGN §5), loaded after the page by ./track.ts: our own server only, no third-party
 * script, no cookie. Nothing at all, not even the visitor id, when the browser asks for Do Not
 * Track or Global Privacy Control, and nothing in the desktop app, whose server may be the
 * user's own computer and whose "pages" are screens of an app, not visits.
 */

const VISITOR_KEY = 'ashnote.analytics.visitor';
const SESSION_KEY = 'ashnote.analytics.session';
const SESSION_STARTED_KEY = 'ashnote.analytics.sessionStarted';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function trackingAllowed(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return platform.kind === 'web' && nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
}

function randomId(length: number): string {
  // 62 * 4 = 248: bytes from 248 up are dropped, so every character is equally likely.
  const chars: string[] = [];
  while (chars.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 248 && chars.length < length) chars.push(ALPHANUMERIC[byte % 62]!);
    }
  }
  return chars.join('');
}

/** Storage may be refused (privacy modes); then ids live as long as the page. */
function stored(storage: () => Storage, key: string, make: () => string) {
  try {
    const existing = storage().getItem(key);
    if (existing !== null) return { value: existing, created: false };
    const value = make();
    storage().setItem(key, value);
    return { value, created: true };
  } catch {
    return { value: make(), created: true };
  }
}

function deviceType(userAgent: string): SessionStartRequest['deviceType'] {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  return /Mobi|iPhone|Android/i.test(userAgent) ? 'mobile' : 'desktop';
}

function browserFamily(userAgent: string): SessionStartRequest['browser'] {
  if (/Edg\//.test(userAgent)) return 'edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'opera';
  if (/Firefox\/|FxiOS/.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS/.test(userAgent)) return 'chrome';
  return /Safari\//.test(userAgent) ? 'safari' : 'other';
}

function externalReferrer(): string | null {
  try {
    const origin = document.referrer === '' ? null : new URL(document.referrer).origin;
    return origin === null || origin === location.origin || origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

interface Tracker {
  pageView(pathname: string): void;
  event(name: AnalyticsEvent): void;
}

/** Made on first use, so a browser that opted out never even gets a visitor id. */
let tracker: Tracker | null | undefined;

function startTracker(): Tracker | null {
  if (!trackingAllowed()) return null;
  const visitor = stored(
    () => localStorage,
    VISITOR_KEY,
    () => randomId(VISITOR_ID_LENGTH),
  );
  const session = stored(
    () => sessionStorage,
    SESSION_KEY,
    () => randomId(SESSION_ID_LENGTH),
  );
  const startedAt = Number(
    stored(
      () => sessionStorage,
      SESSION_STARTED_KEY,
      () => String(Date.now()),
    ).value,
  );
  const headers = { [VISITOR_ID_HEADER]: visitor.value, [SESSION_ID_HEADER]: session.value };
  // Statistics never disturb the page: a failed call is dropped.
  const send = (path: string, body: unknown) =>
    void apiPostNoContent(path, body, { headers }).catch(() => {});

  if (session.created) {
    send(apiPaths.analyticsSession, {
      deviceType: deviceType(navigator.userAgent),
      browser: browserFamily(navigator.userAgent),
      isReturning: !visitor.created,
    } satisfies SessionStartRequest);
  }
  // The session's length so far, whenever the page is hidden (a tab closed or left): the
  // server keeps the longest it was told. A beacon survives the page being unloaded.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    const duration = Math.min(MAX_SESSION_SECONDS, Math.round((Date.now() - startedAt) / 1000));
    navigator.sendBeacon(
      apiUrl(apiPaths.analyticsSessionEnd),
      new Blob([JSON.stringify({ sessionId: session.value, duration })], {
        type: 'application/json',
      }),
    );
  });

  // The referrer's origin only, only when another site sent the visitor here, and only with
  // the first page: later route changes happen within the site.
  let referrer = externalReferrer();
  return {
    pageView(pathname) {
      send(apiPaths.analyticsPageView, { path: analyticsPath(pathname), referrer });
      referrer = null;
    },
    event(name) {
      send(apiPaths.analyticsEvent, { event: name });
    },
  };
}

function currentTracker(): Tracker | null {
  if (tracker === undefined) tracker = startTracker();
  return tracker;
}

/** Counts a use of a feature (allow-listed names only). */
export function event(name: AnalyticsEvent): void {
  currentTracker()?.event(name);
}

/** Counts a page view (the first one also starts the session). */
export function pageView(pathname: string): void {
  currentTracker()?.pageView(pathname);
}
