import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from './client-key.ts';

/**
 * How long a client may take. Headers must arrive quickly; a whole request may take longer, since
 * the largest note (five 10 MB images) needs a couple of minutes on a slow uplink; a connection
 * that sends nothing at all is closed after a while, an idle keep-alive one sooner.
 */
export const CLIENT_TIMEOUTS = {
  headersMs: 15_000,
  requestMs: 180_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
} as const;

/**
 * Open connections one address may hold at once: far above what browsers open (six per host,
 * plus a socket per chat), far below what would let one address starve the process of file
 * descriptors with thousands of slow connections.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

/**
 * Slow-loris defence at the connection level: timeouts for every phase of a request, and a cap
 * on connections per peer address (an IPv6 peer by its network, see client-key.ts). Behind a
 * reverse proxy every connection comes from the proxy, so the per-address cap is left to the
 * proxy (`perAddress: null`); the timeouts still apply.
 */
export function limitSlowClients(
  server: Server,
  perAddress: { max: number; ipv6PrefixBits: number } | null,
  timeouts: { [Phase in keyof typeof CLIENT_TIMEOUTS]: number } = CLIENT_TIMEOUTS,
): void {
  // Node enforces the header and request timeouts when it checks its connections, every 30 s
  // by default, which would stretch a 15 s limit to 45 s; the check is read when listening
  // starts, so this must run right after listen() is called.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    Math.min(1000, timeouts.headersMs);
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Inactivity on the socket; WebSockets switch it off for themselves once upgraded.
  server.timeout = timeouts.idleMs;
  if (perAddress === null) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = clientKey(socket.remoteAddress ?? '', perAddress.ipv6PrefixBits);
    const count = open.get(address) ?? 0;
    if (count >= perAddress.max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
