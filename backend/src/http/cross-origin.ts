import type { Context } from 'koa';
import { isApiPath } from '../../../shared/api/paths.ts';
import { DESKTOP_APP_ORIGIN } from '../../../shared/desktop-origin.ts';
import { AppError } from './app-error.ts';

/**
 * Cross-origin access to the API, for the desktop app only. Its renderer runs on
 * `app://ashnote` and calls whichever server the user chose (hosted, or the built-in one on
 * loopback), so that origin may read API answers; no other site may. No credentials are
 * allowed: notes and chat need no cookie, and an origin that may send the administrator's
 * cookie would be one more way to misuse it.
 */

/** Origins, beside a page's own, whose scripts may call the API. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [DESKTOP_APP_ORIGIN];

/**
 * Whether `origin` (an `Origin` header's value) may call the API cross-origin. `extraOrigins`
 * exists for tests (a page served from another loopback port); no deployment setting feeds it.
 * Also the check the `/ws` upgrade uses for the same allow-list.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  extraOrigins: readonly string[] = [],
): boolean {
  if (origin === undefined || origin === '') return false;
  return DEFAULT_ALLOWED_ORIGINS.includes(origin) || extraOrigins.includes(origin);
}

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
/**
 * What the API client sends (Authorization: a note's files' upload or download token); anything
 * else in a preflight is refused by the browser.
 */
const ALLOWED_HEADERS = 'Accept, Content-Type, Authorization';
/** Browsers cap this (Chromium at 2 h); 10 min saves a preflight per JSON POST in a session. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * Answers preflights (true when it did) and adds `Access-Control-Allow-Origin` for allowed
 * origins under `/api`. Called before the route runs, so error answers (a wrong proof's attempts
 * left, a rate limit) stay readable by the app. Every `/api` answer varies by `Origin`.
 */
export function crossOrigin(extraOrigins: readonly string[] = []): (ctx: Context) => boolean {
  return (ctx) => {
    if (!isApiPath(ctx.path)) return false;
    ctx.vary('Origin');
    const origin = ctx.get('Origin') || undefined;
    const allowed = isAllowedOrigin(origin, extraOrigins);
    const preflight = ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '';

    if (preflight) {
      if (!allowed) {
        throw new AppError('FORBIDDEN', 'Cross-origin requests from this origin are not allowed.');
      }
      ctx.set({
        'Access-Control-Allow-Origin': origin!,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
      });
      ctx.status = 204;
      return true;
    }
    if (allowed) ctx.set('Access-Control-Allow-Origin', origin!);
    return false;
  };
}
