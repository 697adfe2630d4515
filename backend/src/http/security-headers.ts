import type { Context, Next } from 'koa';
import { API_PREFIX } from '../../../shared/api/paths.ts';

/**
 * Strict by default: scripts, styles and connections only from our own origin, no framing,
 * no referrer (a note URL in a Referer header would leak its id), no powerful features.
 * The web bundle is built to need nothing inline; the one exception is the stylesheet element
 * styled-components creates at run time, admitted by a per-response nonce on the app's HTML.
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

export function securityHeaders() {
  // Built once: every response carries them, so they are on the hot path of every API call.
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  return async (ctx: Context, next: Next) => {
    // Set before `next()` so error responses carry them too.
    ctx.set(headers);
    if (ctx.secure) {
      ctx.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
    if (ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`)) {
      ctx.set('Cache-Control', 'no-store');
    }
    await next();
  };
}
