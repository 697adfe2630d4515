/**
 * What the server records as a security event (with a keyed hash of the client, never its
 * address), and shows the administrator.
 */
export const SECURITY_EVENT_KINDS = [
  'rate_limited',
  'admin_login_failed',
  'note_attempts_exhausted',
  'invalid_frame',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
