import type { Context } from 'koa';
import { isApiPath } from '../../../shared/api/paths.ts';
import { contentSecurityPolicy } from '../../../shared/content-security-policy.ts';

const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

/**
 * Headers on every response: the strict Content-Security-Policy, no referrer (a note URL in a
 * Referer header would leak its id), no framing, no powerful features.
 */
export function securityHeaders(): (ctx: Context) => void {
  // Built once: every response carries them, so they are on the hot path of every API call.
  const headers = Object.entries({
    'Content-Security-Policy': contentSecurityPolicy(),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  return (ctx) => {
    // Straight to Node: nothing is sent yet this early, so Koa's checks in ctx.set have nothing to do.
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    if (ctx.secure) {
      ctx.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
    if (isApiPath(ctx.path)) {
      ctx.set('Cache-Control', 'no-store');
    }
  };
}
