import { Router } from '../http/router.ts';
import type { Next, ParameterizedContext } from 'koa';
import { adminLoginRequestSchema, type AdminSessionState } from '../../../shared/api/admin.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { jsonBody } from '../http/json-body.ts';
import { parseInput } from '../http/validate.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { SecurityEvents } from '../security-events/security-events.ts';
import { ADMIN_SESSION_HOURS, adminSessions } from './admin-sessions.ts';
import { verifyPassword } from './password-hash.ts';
import { answerJson } from '../http/json-answer.ts';

const COOKIE = 'ashnote_admin';
/** Tries at the password one address may make. */
const LOGIN_RULE: RateRule = { limit: 5, windowSeconds: 900 };
/**
 * Password checks running at once. Each scrypt check takes a few hundred milliseconds and
 * 128 MB: this many at a time keeps a flood of logins from many addresses from exhausting the
 * server; the rest are told to come back.
 */
const PARALLEL_CHECKS = 2;

const unauthorized = () => new AppError('UNAUTHORIZED', 'Please sign in as the administrator.');

/**
 * The administrator (one password, configured as a hash): sign in, sign out, and the guard
 * for everything only the administrator may do. The session lives in an HttpOnly,
 * SameSite=Strict cookie (Secure over https) scoped to /api: no script can read it and no other
 * site can make the browser send it.
 */
export function adminFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  events: SecurityEvents;
}) {
  const { config, database, limiter, events } = deps;
  const sessions = adminSessions(database);
  const passwordHash = config.adminPasswordHash;
  let checking = 0;

  const tokenOf = (ctx: ParameterizedContext) => ctx.cookies.get(COOKIE) ?? null;
  const state = async (ctx: ParameterizedContext): Promise<AdminSessionState> => {
    const token = tokenOf(ctx);
    return {
      available: passwordHash !== null,
      authenticated: passwordHash !== null && token !== null && (await sessions.isOpen(token)),
    };
  };

  /** Lets only a signed-in administrator through. */
  async function requireAdmin(ctx: ParameterizedContext, next: Next) {
    if (passwordHash === null) {
      throw new AppError('UNAVAILABLE', 'This server has no administrator configured.');
    }
    const token = tokenOf(ctx);
    if (token === null || !(await sessions.isOpen(token))) throw unauthorized();
    await next();
  }

  const router = new Router();
  router.get(apiRoutes.adminSession, async (ctx) => {
    answerJson(ctx, await state(ctx));
  });

  router.post(apiRoutes.adminLogin, jsonBody(), async (ctx) => {
    if (passwordHash === null) {
      throw new AppError('UNAVAILABLE', 'This server has no administrator configured.');
    }
    const { password } = parseInput(adminLoginRequestSchema, ctx.request.body);
    await limiter.hit('admin-login', ctx.ip, LOGIN_RULE);
    if (checking >= PARALLEL_CHECKS) {
      throw new AppError('UNAVAILABLE', 'The server is busy. Please try again in a moment.', {
        headers: { 'Retry-After': '2' },
      });
    }
    checking++;
    let valid: boolean;
    try {
      valid = await verifyPassword(password, passwordHash);
    } finally {
      checking--;
    }
    if (!valid) {
      events.record('admin_login_failed', ctx.ip);
      throw new AppError('UNAUTHORIZED', 'Incorrect password.');
    }
    const { token } = await sessions.open();
    ctx.cookies.set(COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.secure,
      path: '/api',
      maxAge: ADMIN_SESSION_HOURS * 3_600_000,
      overwrite: true,
    });
    answerJson(ctx, { available: true, authenticated: true } satisfies AdminSessionState);
  });

  router.post(apiRoutes.adminLogout, async (ctx) => {
    const token = tokenOf(ctx);
    if (token !== null) await sessions.close(token);
    ctx.cookies.set(COOKIE, null, { path: '/api', httpOnly: true, sameSite: 'strict' });
    answerJson(ctx, {
      available: passwordHash !== null,
      authenticated: false,
    } satisfies AdminSessionState);
  });

  return { router, requireAdmin, sweep: () => sessions.sweep() };
}
