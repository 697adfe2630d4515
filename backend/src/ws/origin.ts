import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { isAllowedOrigin } from '../http/cross-origin.ts';

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/**
 * Whether a `/ws` upgrade may proceed, judged by its Origin: this server's own pages (its public
 * origin, or the origin the request was addressed to) and the desktop app may open a socket; a
 * page on any other site may not open one on its visitor's behalf. Programs that are not
 * browsers send no Origin at all and are let in, since they could send any Origin they liked.
 */
export function acceptsWebSocketOrigin(
  request: IncomingMessage,
  server: { publicUrl: string | null; trustProxy: boolean; extraOrigins?: readonly string[] },
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (isAllowedOrigin(origin, server.extraOrigins)) return true;
  if (server.publicUrl !== null && origin === new URL(server.publicUrl).origin) return true;
  const forwarded = (name: string) =>
    server.trustProxy ? first(request.headers[name]) : undefined;
  const host = forwarded('x-forwarded-host') ?? request.headers.host;
  const encrypted = (request.socket as TLSSocket).encrypted === true;
  const proto = forwarded('x-forwarded-proto') ?? (encrypted ? 'https' : 'http');
  return host !== undefined && origin === `${proto}://${host}`;
}
