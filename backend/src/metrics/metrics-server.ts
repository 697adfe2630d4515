import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './app-metrics.ts';
import { METRICS_PATH, bearerCheck, scrapeAnswer } from './metrics-endpoint.ts';

// Loaded only when METRICS_PORT is set (see app.ts): importing node:http as an ES module makes
// Node read all its exports, and with them load undici, 40-100 ms of a start (see router.ts).

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
