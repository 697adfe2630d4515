import type { ParameterizedContext } from 'koa';
import { AppError } from './app-error.ts';

/** Methods that change nothing; everything else must come from the site's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The site's own origin: PUBLIC_URL when configured, else the one the request was addressed to
 * (proxies considered, as Koa reads them with TRUST_PROXY).
 */
export function siteOriginOf(ctx: ParameterizedContext, publicUrl: string | null): string {
  return publicUrl !== null ? new URL(publicUrl).origin : `${ctx.protocol}://${ctx.host}`;
}

/**
 * Refuses a state-changing request that did not come from the site's own pages. SameSite=Strict
 * keeps other sites from sending the administrator's cookie, but not a page of the same site:
 * another port of the same host, or a sibling subdomain, counts as same-site and gets the cookie
 * sent. The browser's Origin (and Sec-Fetch-Site, where sent) tell them apart. A request
 * without an Origin is not from a page of ours (browsers send one with every POST and DELETE),
 * so it is refused too: the administrator's actions are made in the browser.
 */
export function requireSameOrigin(ctx: ParameterizedContext, publicUrl: string | null): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const fetchSite = ctx.get('Sec-Fetch-Site');
  const origin = ctx.get('Origin');
  if (
    (fetchSite !== '' && fetchSite !== 'same-origin') ||
    origin !== siteOriginOf(ctx, publicUrl)
  ) {
    throw new AppError('FORBIDDEN', 'This action is only accepted from this site’s own pages.');
  }
}
