import type { Context } from 'koa';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type Counter as CounterType,
  type Histogram as HistogramType,
} from 'prom-client';
import { isApiPath } from '../../../shared/api/paths.ts';
import type { AppMetrics, GaugeSources } from './app-metrics.ts';

/** Methods the routes answer; anything else is one label, so a client cannot add series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Request durations, seconds: API calls take milliseconds, a note with five 10 MB images
 * seconds on a slow link.
 */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** A name from the code (a rate-limit action or scope) as a label; anything else is `other`. */
function codeName(value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  return /^[a-z][a-z0-9_-]{0,39}$/.test(value) ? value : 'other';
}

/**
 * The route a request matched, as the router registered it (`/api/notes/:id`, never a note's
 * id); `other` for an API path no route matched, `static` for the web bundle's files and pages.
 */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  return isApiPath(ctx.path) ? 'other' : 'static';
}

interface RouteSeries {
  duration: HistogramType.Internal<'method' | 'route'>;
  byStatus: Map<number, CounterType.Internal>;
}

/** The metrics behind AppMetrics, in a registry of their own, with Node's process metrics. */
export function prometheusMetrics(): AppMetrics {
  const registry = new Registry();
  // Process CPU and memory, heap, GC pauses, open handles, and event-loop delay (from
  // monitorEventLoopDelay: p50/p90/p99/max since the last scrape).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'ashnote_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: 'ashnote_http_request_duration_seconds',
    help: 'Time from a request reaching the server to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const notesCreated = new Counter({
    name: 'ashnote_notes_created_total',
    help: 'Notes stored.',
    registers,
  });
  const notesDestroyed = new Counter({
    name: 'ashnote_notes_destroyed_total',
    help: 'Notes destroyed, by reason: read, expired, or too_many_attempts (wrong passwords).',
    labelNames: ['reason'] as const,
    registers,
  });
  const roomsCreated = new Counter({
    name: 'ashnote_chat_rooms_created_total',
    help: 'Chat rooms opened.',
    registers,
  });
  const messagesRelayed = new Counter({
    name: 'ashnote_chat_messages_relayed_total',
    help: 'Chat messages accepted and passed on, by path: instance (every reader here) or relay (through PostgreSQL to other instances).',
    labelNames: ['path'] as const,
    registers,
  });
  const relayReconnects = new Counter({
    name: 'ashnote_chat_relay_reconnects_total',
    help: "Times the chat relay's PostgreSQL listener connection was lost and made again.",
    registers,
  });
  const refusals = new Counter({
    name: 'ashnote_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by action and scope.',
    labelNames: ['action', 'scope'] as const,
    registers,
  });
  const statementDuration = new Histogram({
    name: 'ashnote_db_statement_duration_seconds',
    help: 'Time of the hot prepared statements (note insert and read), by statement name.',
    labelNames: ['statement'] as const,
    buckets: STATEMENT_BUCKETS,
    registers,
  });

  let sources: GaugeSources | null = null;
  /** The pool's gauges, registered once watch() finds a pool (PostgreSQL only). */
  const poolGauges = (read: () => { total: number; idle: number; waiting: number } | null) => {
    const gauge = (
      name: string,
      help: string,
      value: (stats: { total: number; idle: number; waiting: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = read();
          if (stats !== null) this.set(value(stats));
        },
      });
    gauge(
      'ashnote_db_pool_connections',
      'PostgreSQL connections open in the pool.',
      (s) => s.total,
    );
    gauge(
      'ashnote_db_pool_idle_connections',
      'PostgreSQL pool connections open and idle.',
      (s) => s.idle,
    );
    gauge(
      'ashnote_db_pool_waiting_queries',
      'Queries waiting for a pool connection.',
      (s) => s.waiting,
    );
  };
  new Gauge({
    name: 'ashnote_websocket_connections',
    help: 'Open chat WebSockets.',
    registers,
    collect() {
      if (sources) this.set(sources.webSockets());
    },
  });
  new Gauge({
    name: 'ashnote_draining',
    help: '1 while the instance shuts down (reporting not-ready), else 0.',
    registers,
    collect() {
      this.set(sources?.draining() ? 1 : 0);
    },
  });

  // Label children made once per route, status, statement or reason and kept: a request then
  // costs two map lookups, an increment and an observation.
  const routes = new Map<string, Map<string, RouteSeries>>();
  const statements = new Map<string, HistogramType.Internal<'statement'>>();
  const destroyed = {
    read: notesDestroyed.labels('read'),
    expired: notesDestroyed.labels('expired'),
    too_many_attempts: notesDestroyed.labels('too_many_attempts'),
    destroyed_by_sender: notesDestroyed.labels('destroyed_by_sender'),
  };
  const relayed = {
    instance: messagesRelayed.labels('instance'),
    relay: messagesRelayed.labels('relay'),
  };
  // Known series start at 0, so a dashboard shows a flat line rather than no data, and the
  // first event shows as an increase.
  for (const child of [...Object.values(destroyed), ...Object.values(relayed)]) child.inc(0);

  return {
    enabled: true,
    request(ctx, ms) {
      const route = routeOf(ctx);
      const method = METHODS.has(ctx.method) ? ctx.method : 'OTHER';
      let byMethod = routes.get(route);
      if (byMethod === undefined) routes.set(route, (byMethod = new Map()));
      let series = byMethod.get(method);
      if (series === undefined) {
        series = { duration: requestDuration.labels(method, route), byStatus: new Map() };
        byMethod.set(method, series);
      }
      let counter = series.byStatus.get(ctx.status);
      if (counter === undefined) {
        counter = requests.labels(method, route, String(ctx.status));
        series.byStatus.set(ctx.status, counter);
      }
      counter.inc();
      series.duration.observe(ms / 1000);
    },
    noteCreated: () => notesCreated.inc(),
    notesDestroyed: (reason, count = 1) => destroyed[reason].inc(count),
    chatRoomCreated: () => roomsCreated.inc(),
    chatMessageRelayed: (path) => relayed[path].inc(),
    chatRelayReconnected: () => relayReconnects.inc(),
    rateLimited(refusal = {}) {
      refusals.labels(codeName(refusal.action, 'unknown'), codeName(refusal.scope, 'none')).inc();
    },
    statement(name, ms) {
      let child = statements.get(name);
      if (child === undefined) {
        child = statementDuration.labels(codeName(name, 'other'));
        statements.set(name, child);
      }
      child.observe(ms / 1000);
    },
    watch(watched) {
      sources = watched;
      if (watched.pool() !== null) poolGauges(watched.pool);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
