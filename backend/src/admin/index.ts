import { Router } from '../http/router.ts';
import type { Next, ParameterizedContext } from 'koa';
import { adminLoginRequestSchema, type AdminSessionState } from '../../../shared/api/admin.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { loadServerSecret } from '../db/server-secret.ts';
import { AppError } from '../http/app-error.ts';
import { clientOf } from '../http/client-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { requireSameOrigin } from '../http/same-origin.ts';
import { parseInput } from '../http/validate.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { SecurityEvents } from '../security-events/security-events.service.ts';
import { ADMIN_SESSION_HOURS, adminSessions } from './admin-sessions.ts';
import { loginLanes } from './login-lanes.ts';
import { verifyPassword } from './password-hash.ts';
import { trustedDevices } from './trusted-devices.ts';
import { answerJson } from '../http/json-answer.ts';

const COOKIE = 'ashnote_admin';
/** Marks a browser the administrator signed in from (see trusted-devices.ts). */
const DEVICE_COOKIE = 'ashnote_admin_device';
const DEVICE_DAYS = 180;
/** Tries at the password one address may make. */
const LOGIN_RULE: RateRule = { limit: 5, windowSeconds: 900 };
/**
 * Tries one trusted browser may make, wherever it is (an attacker sharing the administrator's
 * address must not lock them out): its cookie came with a right password, but could be copied.
 */
const TRUSTED_DEVICE_RULE: RateRule = { limit: 20, windowSeconds: 900 };

const unauthorized = () => new AppError('UNAUTHORIZED', 'Please sign in as the administrator.');

/**
 * The administrator (one password, configured as a hash): sign in, sign out, and the guard
 * for everything only the administrator may do. The session lives in an HttpOnly,
 * SameSite=Strict cookie (Secure over https) scoped to /api: no script can read it and no other
 * site can make the browser send it; what it allows to change must also come from the site's
 * own origin (a page on another port of the same host is same-site, see same-origin.ts).
 */
export async function adminFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  events: SecurityEvents;
}) {
  const { config, database, limiter, events } = deps;
  const sessions = adminSessions(database);
  const devices = trustedDevices(await loadServerSecret(database.em(), 'admin-device'));
  const lanes = loginLanes();
  const passwordHash = config.adminPasswordHash;

  const tokenOf = (ctx: ParameterizedContext) => ctx.cookies.get(COOKIE) ?? null;
  const state = async (ctx: ParameterizedContext): Promise<AdminSessionState> => {
    const token = tokenOf(ctx);
    return {
      available: passwordHash !== null,
      authenticated: passwordHash !== null && token !== null && (await sessions.isOpen(token)),
    };
  };

  /** Lets only a signed-in administrator through, and changes only from the site's own pages. */
  async function requireAdmin(ctx: ParameterizedContext, next: Next) {
    if (passwordHash === null) {
      throw new AppError('UNAVAILABLE', 'This server has no administrator configured.');
    }
    const token = tokenOf(ctx);
    if (token === null || !(await sessions.isOpen(token))) throw unauthorized();
    requireSameOrigin(ctx, config.publicUrl);
    await next();
  }

  const router = new Router();
  router.get(apiRoutes.adminSession, async (ctx) => {
    answerJson(ctx, await state(ctx));
  });

  router.post(apiRoutes.adminLogin, jsonBody(), async (ctx) => {
    requireSameOrigin(ctx, config.publicUrl);
    if (passwordHash === null) {
      throw new AppError('UNAVAILABLE', 'This server has no administrator configured.');
    }
    const { password } = parseInput(adminLoginRequestSchema, ctx.request.body);
    const device = devices.recognise(ctx.cookies.get(DEVICE_COOKIE));
    if (device === null) {
      await limiter.hit('admin-login', clientOf(ctx), LOGIN_RULE);
    } else {
      await limiter.hit('admin-login-device', device, TRUSTED_DEVICE_RULE, {
        keyIsAddress: false,
      });
    }
    const valid = await lanes.check(
      device === null ? { client: clientOf(ctx) } : { trustedDevice: device },
      () => verifyPassword(password, passwordHash),
    );
    if (!valid) {
      events.record('admin_login_failed', clientOf(ctx));
      throw new AppError('UNAUTHORIZED', 'Incorrect password.');
    }
    const { token } = await sessions.open();
    const cookie = {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.secure,
      overwrite: true,
    } as const;
    ctx.cookies.set(COOKIE, token, {
      ...cookie,
      path: '/api',
      maxAge: ADMIN_SESSION_HOURS * 3_600_000,
    });
    ctx.cookies.set(DEVICE_COOKIE, devices.issue(), {
      ...cookie,
      path: apiRoutes.adminLogin,
      maxAge: DEVICE_DAYS * 86_400_000,
    });
    answerJson(ctx, { available: true, authenticated: true } satisfies AdminSessionState);
  });

  router.post(apiRoutes.adminLogout, async (ctx) => {
    requireSameOrigin(ctx, config.publicUrl);
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
