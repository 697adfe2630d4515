import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/database.ts';
import pg from 'pg';
import { MAX_WS_FRAME_BYTES } from '../../../shared/limits.ts';
import { errorMessage, type Logger } from '../logger.ts';
import { randomId } from '../random-id.ts';
import {
  RelayPayloadTooLargeError,
  type ChatEvent,
  type ChatEventHandler,
  type ChatRelay,
} from './relay.ts';

/** Rooms are spread over this many channels, `ashnote_chat_<n>`; see chatChannel. */
export const CHAT_NOTIFY_CHANNEL = 'ashnote_chat';
export const CHAT_CHANNEL_COUNT = 64;
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

/**
 * The channel of a room: a hash of its id (FNV-1a) over `count` channels. Hashed rather than
 * one channel per room, because PostgreSQL (before 17) checks each notification against a
 * listener's channels one by one, and a LISTEN per room would cost a round trip per join.
 */
export function chatChannel(
  roomId: string,
  base = CHAT_NOTIFY_CHANNEL,
  count = CHAT_CHANNEL_COUNT,
) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < roomId.length; i++) {
    hash = Math.imul(hash ^ roomId.charCodeAt(i), 0x01000193);
  }
  return `${base}_${(hash >>> 0) % count}`;
}

interface Pending {
  channel: string;
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * A batch as one simple query of NOTIFY statements, their channels and payloads quoted in
 * (pg's escaping, which PostgreSQL's own quoting rules make safe for any text): one message each
 * way and nothing to parse back but "NOTIFY" per statement. The same batch as one `select
 * pg_notify(…) from unnest($1, $2)` took the extended protocol's five messages, pg's escaping
 * of each array element, and a result row per notification to build and parse. With two
 * instances, 245 µs [233–254] of CPU per message that way, 215 [212–217] this way, and p99
 * 8.6-10.2 ms against 7.6 (`npm run bench -- chat`, 2026-12-05; four instances 347-371 → 307).
 */
const notifyBatch = (batch: readonly Pending[]) =>
  batch
    .map((item) => `notify ${pg.escapeIdentifier(item.channel)}, ${quoted(item.payload)}`)
    .join('; ');

/**
 * A payload as an SQL string literal. Text without a quote or a backslash is the same literal
 * however the server reads backslashes; a relayed chat frame's is (its fields are ids and
 * base64url ciphertext), and two native searches cost less than pg's escaping, a loop over each
 * character. The payload itself is unchanged: instances of other versions read it as before.
 */
const quoted = (payload: string) =>
  payload.includes("'") || payload.includes('\\') ? pg.escapeLiteral(payload) : `'${payload}'`;

/** The channel of one instance, where the events addressed to it go. */
export const instanceChannel = (instance: string, base = CHAT_NOTIFY_CHANNEL) =>
  `${base}_i_${instance}`;

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY, sharded: each room's events go to its hashed
 * channel (chatChannel), and an instance LISTENs only to the channels of rooms it follows — those
 * with a member on it — so it is not sent the traffic of rooms it does not serve. Events
 * addressed to instances (chat messages, whose reader's instance the sender knows) go to each
 * one's own channel instead: to none other, and not back to the sender either, as a room
 * channel's do (PostgreSQL hands a notification to every listener of its channel, the sender's
 * own included). With four instances that took a message from 371 to 347 µs of CPU
 * (`npm run bench -- chat`, 2026-12-05); with two, no difference showed. A dedicated
 * connection LISTENs (a pooled one would lose its LISTEN when returned) and reconnects with
 * backoff when dropped, listening again to what is followed; it publishes too, and the pool does
 * while it reconnects. Publishes are sent strictly one statement after another, batched while
 * one is in flight, whichever connection carries them, so notifications from this instance
 * commit — and so arrive everywhere — in publish order: a sender's messages are never reordered,
 * which matters because receivers drop out-of-order chat messages as replays.
 */
export async function createPostgresRelay(options: {
  url: string;
  db: Kysely<DB>;
  logger: Logger;
  /** Base name of the channels (tests use their own). */
  channel?: string;
  channelCount?: number;
  /** How often the listener connection is checked with a trivial query. */
  healthCheckMs?: number;
  /** Told each time a lost listener connection is made again (for the metrics). */
  onReconnected?: () => void;
}): Promise<ChatRelay> {
  const { url, db, logger } = options;
  const base = options.channel ?? CHAT_NOTIFY_CHANNEL;
  const channelCount = options.channelCount ?? CHAT_CHANNEL_COUNT;
  const healthCheckMs = options.healthCheckMs ?? 30_000;
  const instance = randomId();
  /** How our own notifications begin (the envelope's first field): skipped without parsing. */
  const ownPrefix = `{"o":"${instance}",`;
  const handlers: ChatEventHandler[] = [];
  let sequence = 0;
  let closed = false;
  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let queue: Pending[] = [];
  let flushing: Promise<void> | null = null;
  /**
   * Rooms followed per channel; the channel is listened to while its count is above zero. The
   * instance's own channel is followed for as long as the relay lives.
   */
  const followers = new Map<string, number>([[instanceChannel(instance, base), 1]]);
  /** Channels the current listener connection LISTENs to. */
  let listened = new Set<string>();
  /** The channel sync waiting to start (joined by every change made meanwhile), and the last one. */
  let queuedSync: Promise<void> | null = null;
  let lastSync: Promise<void> = Promise.resolve();

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
    if (!message.payload || message.payload.startsWith(ownPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
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
    listened = new Set();
    await syncChannels();
  }

  /**
   * Brings the listener's channels in line with what is followed: one statement for all the
   * changes since the last sync, the syncs one after another (so a LISTEN never overtakes an
   * UNLISTEN of the same channel). Resolves once PostgreSQL has applied it, or once the
   * connection is found lost (its reconnect listens again; what was missed meanwhile is
   * repaired from the database, as for any outage).
   */
  function syncChannels(): Promise<void> {
    if (queuedSync !== null) return queuedSync;
    const sync = lastSync.then(async () => {
      queuedSync = null;
      const client = listener;
      if (client === null || closed) return;
      const statements: string[] = [];
      for (const channel of followers.keys()) {
        if (!listened.has(channel)) statements.push(`listen ${client.escapeIdentifier(channel)}`);
      }
      for (const channel of listened) {
        if (!followers.has(channel))
          statements.push(`unlisten ${client.escapeIdentifier(channel)}`);
      }
      if (statements.length === 0) return;
      listened = new Set(followers.keys());
      await client.query(statements.join('; ')).catch((error: unknown) => {
        client.emit('error', error);
      });
    });
    queuedSync = sync;
    lastSync = sync;
    return sync;
  }

  function scheduleReconnect(delayMs: number): void {
    if (closed || reconnectTimer !== null) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().then(
        () => {
          logger.info('chat relay reconnected');
          options.onReconnected?.();
        },
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
          const statements = notifyBatch(batch);
          // From the listener's own connection while it is up: PostgreSQL then hands us our own
          // notifications with the statement's answer, instead of waking the listener's backend
          // and then this process once more for them. Through the pool while it reconnects, so
          // that the others still hear this instance meanwhile.
          const client = listener;
          if (client !== null) await client.query(statements);
          else await db.executeQuery(CompiledQuery.raw(statements));
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

  /** Queues one notification; settles once PostgreSQL has taken it. */
  const notify = (channel: string, payload: string) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ channel, payload, resolve, reject });
      flush();
    });

  return {
    instance,
    publish(roomId, event, to) {
      if (closed) return Promise.resolve();
      const payload = JSON.stringify({ o: instance, s: ++sequence, r: roomId, e: event });
      if (Buffer.byteLength(payload) > NOTIFY_MAX_PAYLOAD_BYTES) {
        return Promise.reject(new RelayPayloadTooLargeError('Relayed event too large'));
      }
      deliver(roomId, event);
      if (to === undefined) return notify(chatChannel(roomId, base, channelCount), payload);
      return Promise.all(to.map((other) => notify(instanceChannel(other, base), payload))).then(
        () => {},
      );
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    follow(roomId) {
      const channel = chatChannel(roomId, base, channelCount);
      const count = followers.get(channel) ?? 0;
      followers.set(channel, count + 1);
      return count === 0 || !listened.has(channel) ? syncChannels() : lastSync;
    },
    unfollow(roomId) {
      const channel = chatChannel(roomId, base, channelCount);
      const count = followers.get(channel) ?? 0;
      if (count > 1) {
        followers.set(channel, count - 1);
        return lastSync;
      }
      followers.delete(channel);
      return syncChannels();
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
