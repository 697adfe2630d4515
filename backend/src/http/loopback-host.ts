import type { Context } from 'koa';
import { AppError } from './app-error.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

/** Host header without its port: `127.0.0.1:3000` → `127.0.0.1`, `[::1]:3000` → `[::1]`. */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.indexOf(':');
  return colon < 0 ? hostHeader : hostHeader.slice(0, colon);
}

/**
 * A server bound to loopback (npm start, the desktop app) answers only requests addressed to a
 * loopback name. A web page can point its own domain at 127.0.0.1 (DNS rebinding) and would
 * otherwise talk to this server as a same-origin page; its Host header gives it away.
 */
export function requireLoopbackHost(ctx: Context): void {
  if (!isLoopbackHost(hostnameOf(ctx.get('host')))) {
    throw new AppError('FORBIDDEN', 'This server only answers requests addressed to localhost.');
  }
}
