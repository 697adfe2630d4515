import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.ts';
import pg from 'pg';
import { MAX_WS_FRAME_BYTES } from '../../../shared/limits.ts';
import { errorMessage, type Logger } from '../logger.ts';
import type { ChatEvent, ChatEventHandler, ChatRelay } from './relay.ts';

export const CHAT_NOTIFY_CHANNEL = 'ashnote_chat';
/** How the listener connection shows up in pg_stat_activity. */
export const CHAT_RELAY_APPLICATION_NAME = 'ashnote-chat-relay';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more (default build). */
export const NOTIFY_MAX_PAYLOAD_BYTES = 7999;
/** Origin, sequence number, room id, event kind and the relayed frame's own fields. */
const ENVELOPE_OVERHEAD_BYTES = 512;
/** Notifications sent per statement when publishes queue up behind a slow one. */
const MAX_BATCH = 200;

// A relayed event carries at most one client frame's worth of client data (re-serialized JSON
// is never longer than what the client sent), so every frame the hub accepts fits one
// notification. Raising the frame cap past this needs a different bus, not silent drops.
if (MAX_WS_FRAME_BYTES + ENVELOPE_OVERHEAD_BYTES > NOTIFY_MAX_PAYLOAD_BYTES) {
  throw new Error('MAX_WS_FRAME_BYTES no longer fits a PostgreSQL NOTIFY payload');
}

export class RelayPayloadTooLargeError extends Error {
  override readonly name = 'RelayPayloadTooLargeError';
}

interface Envelope {
  /** Publishing instance: it has delivered locally already and skips its own echo. */
  o: string;
  /**
   * Per-instance sequence number. Also keeps payloads unique: PostgreSQL folds identical
   * payloads sent in one transaction into one, and a batch is one transaction.
   */
  s: number;
  r: string;
  e: ChatEvent;
}

interface Pending {
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY on one channel. A dedicated connection LISTENs (a
 * pooled one would lose its LISTEN when returned) and reconnects with backoff when dropped;
 * publishing goes through the pool. Publishes are sent strictly one statement after another,
 * batched while one is in flight, so notifications from this instance commit — and so arrive
 * everywhere — in publish order: a sender's messages are never reordered, which matters because
 * receivers drop out-of-order chat messages as replays.
 */
export async function createPostgresRelay(options: {
  url: string;
  db: Kysely<DB>;
  logger: Logger;
  channel?: string;
  /** How often the listener connection is checked with a trivial query. */
  healthCheckMs?: number;
}): Promise<ChatRelay> {
  const { url, db, logger } = options;
  const channel = options.channel ?? CHAT_NOTIFY_CHANNEL;
  const healthCheckMs = options.healthCheckMs ?? 30_000;
  const origin = crypto.randomBytes(12).toString('base64url');
  const handlers: ChatEventHandler[] = [];
  let sequence = 0;
  let closed = false;
  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let queue: Pending[] = [];
  let flushing: Promise<void> | null = null;

  const deliver = (roomId: string, event: ChatEvent) => {
    for (const handler of handlers) {
      try {
        handler(roomId, event);
      } catch (error) {
        logger.error('chat relay handler failed', { error: errorMessage(error) });
      }
    }
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === origin) return;
    deliver(envelope.r, envelope.e);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: CHAT_RELAY_APPLICATION_NAME,
      keepAlive: true,
    });
    // Errors while connecting reject connect() below; only a connection that was up is "lost".
    let up = false;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (!up || lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (closed) return;
      logger.warn('chat relay connection lost, reconnecting', {
        error: error === undefined ? 'closed' : withoutHosts(errorMessage(error)),
      });
      scheduleReconnect(100);
    };
    client.on('notification', onNotification);
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    up = true;
    listener = client;
  }

  function scheduleReconnect(delayMs: number): void {
    if (closed || reconnectTimer !== null) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().then(
        () => logger.info('chat relay reconnected'),
        (error: unknown) => {
          logger.warn('chat relay reconnect failed', { error: withoutHosts(errorMessage(error)) });
          scheduleReconnect(Math.min(delayMs * 2, 5000));
        },
      );
    }, delayMs);
    reconnectTimer.unref();
  }

  // A connection can die without a word (no RST from a vanished peer); a query notices.
  const healthCheck = setInterval(() => {
    const client = listener;
    if (client === null) return;
    const timeout = setTimeout(
      () => client.emit('error', new Error('health check timed out')),
      5000,
    );
    timeout.unref();
    client
      .query('select 1')
      .catch((error: unknown) => client.emit('error', error))
      .finally(() => clearTimeout(timeout));
  }, healthCheckMs);
  healthCheck.unref();

  function flush(): void {
    if (flushing !== null) return;
    flushing = (async () => {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        try {
          await sql`select pg_notify(${channel}, payload)
                    from unnest(${batch.map((item) => item.payload)}::text[]) as t (payload)`.execute(
            db,
          );
          for (const item of batch) item.resolve();
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
      flushing = null;
    })();
  }

  // Fail fast at start, like the database itself: a server that cannot relay is not ready.
  try {
    await connect();
  } catch (error) {
    clearInterval(healthCheck);
    throw error;
  }

  return {
    publish(roomId, event) {
      if (closed) return Promise.resolve();
      const payload = JSON.stringify({ o: origin, s: ++sequence, r: roomId, e: event });
      if (Buffer.byteLength(payload) > NOTIFY_MAX_PAYLOAD_BYTES) {
        return Promise.reject(new RelayPayloadTooLargeError('Relayed event too large'));
      }
      deliver(roomId, event);
      return new Promise<void>((resolve, reject) => {
        queue.push({ payload, resolve, reject });
        flush();
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(healthCheck);
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      await flushing;
      handlers.length = 0;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

/** Connection errors name the database host; logs keep no addresses. */
function withoutHosts(text: string): string {
  return text
    .replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, '[address]')
    .replace(/(?:[0-9a-f]{0,4}:){2,}[0-9a-f]{0,4}/gi, '[address]');
}
