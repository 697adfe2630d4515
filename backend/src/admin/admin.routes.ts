import type { Next, ParameterizedContext } from 'koa';
import { adminLoginRequestSchema, type AdminSessionState } from '../../../shared/api/admin.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { AppError } from '../http/app-error.ts';
import { clientOf } from '../http/client-key.ts';
import { answerJson } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { Router } from '../http/router.ts';
import { requireSameOrigin } from '../http/same-origin.ts';
import { parseInput } from '../http/validate.ts';
import { ADMIN_SESSION_HOURS, type AdminService } from './admin.service.ts';

const COOKIE = 'ashnote_admin';
/** Marks a browser the administrator signed in from (see trusted-devices.ts). */
const DEVICE_COOKIE = 'ashnote_admin_device';
const DEVICE_DAYS = 180;

const unauthorized = () => new AppError('UNAUTHORIZED', 'Please sign in as the administrator.');

/**
 * Sign in, sign out, and the guard for everything only the administrator may do. The session
 * lives in an HttpOnly, SameSite=Strict cookie (Secure over https) scoped to /api: no script can
 * read it and no other site can make the browser send it; what it allows to change must also
 * come from the site's own origin (a page on another port of the same host is same-site, see
 * same-origin.ts).
 */
export function adminRoutes(service: AdminService, publicUrl: string | null) {
  const tokenOf = (ctx: ParameterizedContext) => ctx.cookies.get(COOKIE) ?? null;

  /** Lets only a signed-in administrator through, and changes only from the site's own pages. */
  async function requireAdmin(ctx: ParameterizedContext, next: Next) {
    service.requireAvailable();
    if (!(await service.isSignedIn(tokenOf(ctx)))) throw unauthorized();
    requireSameOrigin(ctx, publicUrl);
    await next();
  }

  const router = new Router();
  router.get(apiRoutes.adminSession, async (ctx) => {
    answerJson(ctx, {
      available: service.available,
      authenticated: await service.isSignedIn(tokenOf(ctx)),
    } satisfies AdminSessionState);
  });

  router.post(apiRoutes.adminLogin, jsonBody(), async (ctx) => {
    requireSameOrigin(ctx, publicUrl);
    service.requireAvailable();
    const { password } = parseInput(adminLoginRequestSchema, ctx.request.body);
    const { token, deviceCookie } = await service.signIn(
      password,
      ctx.cookies.get(DEVICE_COOKIE),
      clientOf(ctx),
    );
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
    ctx.cookies.set(DEVICE_COOKIE, deviceCookie, {
      ...cookie,
      path: apiRoutes.adminLogin,
      maxAge: DEVICE_DAYS * 86_400_000,
    });
    answerJson(ctx, { available: true, authenticated: true } satisfies AdminSessionState);
  });

  router.post(apiRoutes.adminLogout, async (ctx) => {
    requireSameOrigin(ctx, publicUrl);
    await service.signOut(tokenOf(ctx));
    ctx.cookies.set(COOKIE, null, { path: '/api', httpOnly: true, sameSite: 'strict' });
    answerJson(ctx, {
      available: service.available,
      authenticated: false,
    } satisfies AdminSessionState);
  });

  return { router, requireAdmin };
}
