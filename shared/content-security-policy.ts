/**
 * The pages' Content-Security-Policy, for the web (backend/src/http/security-headers.ts) and the
 * desktop app's `app://` renderer alike. Strict by default: scripts, styles and connections only
 * from the page's own origin, no framing, no plugins. The bundle is built to need nothing inline;
 * the one exception is the stylesheet element styled-components creates at run time, admitted by
 * a per-response nonce. `connectTo` adds the origins of a server the page talks to that is not
 * its own (the desktop app's hosted or built-in server, and its WebSocket).
 */
export function contentSecurityPolicy(
  options: { styleNonce?: string; connectTo?: readonly string[] } = {},
): string {
  const { styleNonce, connectTo = [] } = options;
  return [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    ["connect-src 'self'", ...connectTo].join(' '),
    "font-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
