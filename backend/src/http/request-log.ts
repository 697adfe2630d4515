import type { Context } from 'koa';
import type { Logger } from '../logger.ts';

/**
 * One line per request: method, path without query string, status, duration. No IP, no
 * headers, no body. Note and chat ids are part of paths; they are public handles, not secrets
 * (the key is in the fragment, which never reaches us), but we still keep only the route shape.
 */
export function logRequest(logger: Logger, ctx: Context, ms: number): void {
  logger.info('request', {
    method: ctx.method,
    route: (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? routeShape(ctx.path),
    status: ctx.status,
    ms: Math.round(ms),
  });
}

/** Static and SPA paths are logged by their first segment only. */
function routeShape(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first === '' ? '/' : `/${first}/…`;
}
