/**
 * Chat: short-lived two-person rooms whose ciphertext is relayed, never stored.
 *
 * - chat.routes.ts: HTTP (open a room, look at one).
 * - chat.service.ts: the rules of the REST side (rate limits, room ids, what a status says).
 * - chat.repository.ts: the SQL (rooms, seats, instances' heartbeats).
 * - chat.entities.ts: the tables.
 * - sessions/: the live side on `/ws`: who sits where on this instance, the frame handlers the
 *   hub dispatches to (sessions/frames.ts), room timers and upkeep.
 * - relay.ts: the interface between instances, and the in-process relay; postgres-relay.ts
 *   implements it with LISTEN/NOTIFY.
 */
import { CHAT_REJOIN_GRACE_SECONDS } from '../../../shared/limits.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { chatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { DEFAULT_CHAT_RATE_RULES, chatService, type ChatRateRules } from './chat.service.ts';
import { chatSessions } from './sessions/index.ts';
import { createPostgresRelay } from './postgres-relay.ts';
import { createInProcessRelay, type ChatRelay } from './relay.ts';

export interface ChatOptions {
  /** Overrides of DEFAULT_CHAT_RATE_RULES. */
  rateRules?: Partial<ChatRateRules>;
  /** How long a dropped participant keeps their seat (default CHAT_REJOIN_GRACE_SECONDS). */
  rejoinGraceMs?: number;
  /** Period of time_update, reconciliation and heartbeat (default 5 s; keep it ≤ 10 s). */
  tickMs?: number;
  /** Period of the sweeper for lapsed seats and expired rooms (default 10 s). */
  sweepIntervalMs?: number;
}

/**
 * The chat feature: REST routes, the `/ws` frame handlers, and the relay between instances —
 * PostgreSQL LISTEN/NOTIFY when hosted, in-process on the embedded database (which one process
 * owns by construction).
 */
export async function chatFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  logger: Logger;
  metrics: AppMetrics;
  options: ChatOptions;
}) {
  const { config, database, limiter, logger, metrics, options } = deps;
  const repo = chatRepository(database);
  const relay: ChatRelay =
    database.kind === 'postgres' && config.databaseUrl !== null
      ? await createPostgresRelay({
          url: config.databaseUrl,
          db: database.sql,
          logger,
          onReconnected: metrics.chatRelayReconnected,
        })
      : createInProcessRelay();
  const rules = { ...DEFAULT_CHAT_RATE_RULES, ...options.rateRules };
  const sessions = chatSessions({
    repo,
    relay,
    logger,
    metrics,
    limiter,
    joinRule: rules.join,
    timings: {
      rejoinGraceMs: options.rejoinGraceMs ?? CHAT_REJOIN_GRACE_SECONDS * 1000,
      tickMs: options.tickMs ?? 5000,
      sweepIntervalMs: options.sweepIntervalMs ?? 10_000,
    },
  });
  await sessions.start();
  const service = chatService({
    repo,
    limiter,
    rules,
    onCreated: metrics.chatRoomCreated,
  });

  return {
    router: chatRoutes(service),
    frameHandlers: sessions.frameHandlers,
    stop: () => sessions.stop(),
  };
}
