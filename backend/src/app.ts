import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Router } from './http/router.ts';
import Koa from 'koa';
import websockify from 'koa-websocket';
import { WS_PATH, isApiPath } from '../../shared/api/paths.ts';
import { MAX_WS_FRAME_BYTES } from '../../shared/limits.ts';
import { chatFeature, type ChatOptions } from './chat/index.ts';
import { requestsFeature, type RequestsOptions } from './requests/index.ts';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import type { EmbeddedStore } from './db/embedded/embedded-store.ts';
import { AppError } from './http/app-error.ts';
import { clientKey } from './http/client-key.ts';
import { edge } from './http/edge.ts';
import { hostnameOf, isLoopbackHost } from './http/loopback-host.ts';
import { MAX_CONNECTIONS_PER_ADDRESS, limitSlowClients } from './http/slow-clients.ts';
import { renderedPages } from './http/rendered-pages.ts';
import { serveWebBundle } from './http/web-bundle.ts';
import { createLogger, errorMessage, type Logger } from './logger.ts';
import { createMetrics } from './metrics/app-metrics.ts';
import type { MetricsServer } from './metrics/metrics-server.ts';
import { newsletterFeature, type NewsletterOptions } from './newsletter/index.ts';
import { notesFeature, type NotesOptions } from './notes/index.ts';
import { adminFeature } from './admin/index.ts';
import { analyticsFeature } from './analytics/index.ts';
import { blogFeature, type BlogOptions } from './blog/index.ts';
import { loadServerSecret } from './db/server-secret.ts';
import { serveBackups } from './db/backup/backup-socket.ts';
import { startPeriodic } from './jobs/periodic.ts';
import { createRateLimiter } from './rate-limit/rate-limiter.ts';
import { securityEventsFeature } from './security-events/index.ts';
import { OPERATIONS_ROUTES, operationsEndpoints } from './system/operations.ts';
import { systemRoutes } from './system/routes.ts';
import { createWsHub, type FrameRate } from './ws/hub.ts';
import { acceptsWebSocketOrigin } from './ws/origin.ts';

export interface AshnoteServer {
  readonly config: AppConfig;
  readonly database: Database;
  readonly logger: Logger;
  /** Every HTTP route the routers answer (method and pattern), as the API document lists them. */
  readonly routes: readonly { method: string; path: string }[];
  /**
   * Starts serving on `port` (default: the configured one), and metrics on METRICS_PORT when
   * set; resolves with the addresses actually bound (port 0 picks a free one).
   */
  listen(port?: number): Promise<{ url: string; port: number; metricsUrl: string | null }>;
  /**
   * Stops within SHUTDOWN_TIMEOUT_MS: reports not-ready at once, goes on serving for `drainMs`
   * (SIGTERM: SHUTDOWN_DRAIN_MS, so load balancers move traffic away first; default none), then
   * stops accepting, lets in-flight requests finish, moves chat sockets away (1001) once what
   * their clients sent is relayed, and closes the database.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export interface AppOptions {
  logger?: Logger;
  /** Ping interval for WebSocket liveness. */
  heartbeatMs?: number;
  /** Per-socket frame and byte budget on /ws (default: DEFAULT_FRAME_RATE in ws/hub.ts). */
  wsFrameRate?: Partial<FrameRate>;
  notes?: NotesOptions;
  chat?: ChatOptions;
  requests?: RequestsOptions;
  newsletter?: NewsletterOptions;
  blog?: BlogOptions;
  /** How often rate-limit counts are shared with the other instances. */
  rateLimitSyncMs?: number;
  /** The embedded database, already opening (`npm start` begins it while the server loads). */
  embeddedStore?: Promise<EmbeddedStore>;
  /** Origins allowed to call the API beside the desktop app's; for tests, never configured. */
  extraAllowedOrigins?: readonly string[];
}

/** The one way to build the server: `npm start`, tests and the Electron main process all call it. */
export async function createApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<AshnoteServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = await createMetrics(config.metrics !== null);
  const database = await openDatabase(
    config,
    logger,
    options.embeddedStore,
    metrics.enabled ? metrics.statement : undefined,
  );

  // `npm run db:backup` asks the server that owns the embedded database for its snapshot.
  const stopBackups =
    database.kind === 'embedded'
      ? await serveBackups(config.dataDir, database, logger).catch((error: unknown) => {
          logger.warn('backups cannot be requested', { error: errorMessage(error) });
          return async () => {};
        })
      : async () => {};

  const events = securityEventsFeature({
    database,
    secret: await loadServerSecret(database.em(), 'security-events'),
    logger,
  });
  const limiter = createRateLimiter(
    database,
    await loadServerSecret(database.em(), 'rate-limit'),
    (refusal) => {
      if (refusal.client !== null) events.record('rate_limited', refusal.client);
      metrics.rateLimited(refusal);
    },
  );
  const stopRateSync = startPeriodic(
    'rate-limit-sync',
    options.rateLimitSyncMs ?? 1000,
    () => limiter.sync(),
    logger,
  );
  const admin = await adminFeature({ config, database, limiter, events });
  const newsletter = await newsletterFeature({
    config,
    database,
    limiter,
    logger,
    requireAdmin: admin.requireAdmin,
    options: options.newsletter ?? {},
  });
  const analytics = analyticsFeature({
    config,
    database,
    limiter,
    logger,
    requireAdmin: admin.requireAdmin,
  });
  const requests = requestsFeature({
    config,
    database,
    limiter,
    logger,
    options: options.requests ?? {},
  });
  const stopHousekeeping = startPeriodic(
    'housekeeping',
    3_600_000,
    async () => {
      await admin.sweep();
      await events.sweep();
      await newsletter.sweep();
      await analytics.sweep();
      await requests.sweep();
    },
    logger,
  );
  const notes = notesFeature({
    config,
    database,
    limiter,
    events,
    logger,
    metrics,
    options: options.notes ?? {},
    onActivity: analytics.noteActivity,
    onUploadsAbandoned: () => requests.reopenAbandoned(),
  });
  const chat = await chatFeature({
    config,
    database,
    limiter,
    logger,
    metrics,
    options: options.chat ?? {},
  });
  const blog = blogFeature({
    config,
    database,
    logger,
    requireAdmin: admin.requireAdmin,
    options: options.blog,
  });
  // Each router is a middleware a request passes until one matches: the hot path's first.
  const routers: Router[] = [
    ...notes.routers,
    systemRoutes(config, database),
    admin.router,
    chat.router,
    requests.router,
    ...newsletter.routers,
    blog.router,
    analytics.router,
  ];
  const hub = createWsHub({
    logger,
    onInvalidFrame: (client) => events.record('invalid_frame', client),
    heartbeatMs: options.heartbeatMs ?? 15_000,
    handlers: new Map(chat.frameHandlers),
    frameRate: options.wsFrameRate,
  });

  // koa-websocket attaches its WebSocket server in app.listen(); `path` makes ws refuse the
  // upgrade (HTTP 400) for any other path instead of accepting and closing; `maxPayload` makes
  // it close a socket (1009) on a frame larger than the protocol's largest, from its header,
  // before reading it.
  const loopbackOnly = isLoopbackHost(config.host) && config.publicUrl === null;
  // Behind proxies, the client address is X-Forwarded-For's entry `trustProxyHops` from the
  // right (Koa's maxIpsCount), never its left end, which the client writes itself.
  const app = websockify(
    new Koa({
      proxy: config.trustProxy,
      maxIpsCount: config.trustProxy ? config.trustProxyHops : 0,
    }),
    {
      path: WS_PATH,
      maxPayload: MAX_WS_FRAME_BYTES,
      verifyClient: ({ req }: { req: IncomingMessage }) =>
        (!loopbackOnly || isLoopbackHost(hostnameOf(req.headers.host))) &&
        acceptsWebSocketOrigin(req, {
          publicUrl: config.publicUrl,
          trustProxy: config.trustProxy,
          extraOrigins: options.extraAllowedOrigins,
        }),
    },
  );
  app.on('error', (error: unknown) =>
    logger.warn('connection error', { error: errorMessage(error) }),
  );

  /** From the first moment of a shutdown: /readyz says 503 and answers close their connection. */
  let draining = false;
  metrics.watch({
    pool: database.poolStats,
    webSockets: () => hub.size(),
    draining: () => draining,
  });
  app.use(
    operationsEndpoints({
      database,
      isDraining: () => draining,
      metrics,
      metricsToken: config.metrics?.token ?? null,
    }),
  );
  app.use(
    edge({
      logger,
      loopbackOnly,
      clientIpv6Prefix: config.clientIpv6Prefix,
      extraOrigins: options.extraAllowedOrigins,
      onFinished(ctx, ms) {
        analytics.requestTiming(ctx, ms);
        metrics.request(ctx, ms);
        // The client's next request then opens a new connection, which the load balancer
        // sends to an instance that is staying.
        if (draining) ctx.set('Connection', 'close');
      },
    }),
  );
  const pages =
    config.webDir === null
      ? null
      : renderedPages({ webDir: config.webDir, logger, pageData: blog.pageData });
  if (config.webDir !== null)
    app.use(
      serveWebBundle({
        webDir: config.webDir,
        publicUrl: config.publicUrl,
        renderedPages: pages,
      }),
    );
  for (const router of routers) app.use(router.routes());
  app.use((ctx) => {
    if (isApiPath(ctx.path)) {
      throw new AppError('NOT_FOUND', 'Not found.');
    }
  });

  app.ws.use((ctx) => hub.accept(ctx.websocket, clientKey(ctx.ip, config.clientIpv6Prefix)));

  let server: Server | null = null;
  let metricsServer: MetricsServer | null = null;
  let closing: Promise<void> | null = null;

  const routes = [
    ...OPERATIONS_ROUTES,
    ...routers.flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods
          .filter((method) => method !== 'HEAD')
          .map((method) => ({ method: method.toLowerCase(), path: String(layer.path) })),
      ),
    ),
  ];

  return {
    config,
    database,
    logger,
    routes,
    async listen(port = config.port) {
      const bound = await new Promise<{ url: string; port: number }>((resolve, reject) => {
        const listening = app.listen(port, config.host);
        server = listening;
        limitSlowClients(
          listening,
          config.trustProxy
            ? null
            : { max: MAX_CONNECTIONS_PER_ADDRESS, ipv6PrefixBits: config.clientIpv6Prefix },
        );
        listening.once('error', reject);
        // ws re-emits the HTTP server's errors (e.g. EADDRINUSE) and throws if nobody listens.
        app.ws.server?.once('error', reject);
        listening.once('listening', () => {
          const { port } = listening.address() as AddressInfo;
          const host = config.host.includes(':') ? `[${config.host}]` : config.host;
          logger.info('listening', { port });
          resolve({ url: `http://${host}:${port}`, port });
        });
      });
      const metricsPort = config.metrics?.port ?? null;
      if (config.metrics !== null && metricsPort !== null) {
        const { startMetricsServer } = await import('./metrics/metrics-server.ts');
        metricsServer = await startMetricsServer({ metrics, ...config.metrics, port: metricsPort });
        logger.info('metrics listening', { port: Number(new URL(metricsServer.url).port) });
      }
      return { ...bound, metricsUrl: metricsServer?.url ?? null };
    },
    close({ drainMs = 0 } = {}) {
      closing ??= (async () => {
        const deadline = performance.now() + config.shutdownTimeoutMs;
        draining = true;
        if (drainMs > 0) {
          logger.info('draining', { ms: drainMs });
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        }
        // Connections still open then are cut, leaving the rest of the timeout to close the
        // relay and the database.
        const cutAt = deadline - Math.min(1000, config.shutdownTimeoutMs / 4);
        const untilCut = () => Math.max(0, cutAt - performance.now());
        const httpStopped = server ? stopServer(server, untilCut()) : Promise.resolve();
        // Chat sockets are sent away (1001) and their clients rejoin through another instance,
        // keeping their seats for the rejoin grace. What a client sent before it saw the close
        // is still read and relayed; chat.stop() then flushes the relay before closing it.
        await hub.closeAll(untilCut());
        await httpStopped;
        await chat.stop();
        app.ws.server?.close();
        await metricsServer?.close();
        await notes.stop();
        await newsletter.stop();
        await analytics.stop();
        await pages?.close();
        await stopRateSync();
        await stopHousekeeping();
        await stopBackups();
        await database.close();
        logger.info('stopped');
      })();
      return closing;
    },
  };
}

/** Stops accepting, closes idle keep-alive sockets, and after the grace period cuts the rest. */
async function stopServer(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
