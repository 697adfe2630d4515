import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './app-metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Checks `Authorization: Bearer <token>` against the configured token in constant time:
 * both are hashed first, so neither their contents nor their lengths show in the timing.
 */
export function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const match = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '');
    return match !== null && crypto.timingSafeEqual(digest(match[1]!), expected);
  };
}

/** The scrape as an answer: Prometheus' text format, never cached. */
export async function scrapeAnswer(
  metrics: AppMetrics,
): Promise<{ headers: Record<string, string>; body: string }> {
  const { contentType, body } = await metrics.scrape();
  return { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' }, body };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` on a listener of its own (METRICS_PORT), for a scraper on a private network or
 * the same host. Nothing else is served there. With a token configured it is asked for here
 * too, answered 401 without it: this port exists only for metrics, so there is nothing to hide.
 */
export function startMetricsServer(options: {
  metrics: AppMetrics;
  host: string;
  port: number;
  token: string | null;
}): Promise<MetricsServer> {
  const { metrics, host, port, token } = options;
  const authorized = token === null ? () => true : bearerCheck(token);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    if (!authorized(request.headers.authorization)) {
      response
        .writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' })
        .end('Unauthorized');
      return;
    }
    scrapeAnswer(metrics).then(
      ({ headers, body }) =>
        response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Scrape failed'),
    );
  });
  // Scrapers keep connections open between scrapes; none of them is worth waiting for.
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const bound = (server.address() as AddressInfo).port;
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${bound}${METRICS_PATH}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
