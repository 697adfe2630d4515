import type { ServerFrame } from '../../../shared/api/chat.ts';

type FrameOf<Type extends ServerFrame['type']> = Extract<ServerFrame, { type: Type }>;

/**
 * What one instance tells every instance about a room. Membership events carry the join's
 * connection token, so a receiver can tell a rejoin (new token) from a duplicate of what it
 * already knows, and a late "left" of an earlier join from the current one.
 */
export type ChatEvent =
  | { kind: 'joined'; participantId: string; connection: string; participantCount: number }
  | { kind: 'left'; participantId: string; connection: string; participantCount: number }
  | { kind: 'message'; frame: FrameOf<'new_message'> }
  | { kind: 'key_exchange'; frame: FrameOf<'key_exchange'> }
  | { kind: 'expired' };

export type ChatEventHandler = (roomId: string, event: ChatEvent) => void;

/**
 * Fan-out between instances (DESIGN §2 scale-out). `publish` reaches every subscriber of every
 * instance, this one included, and delivers to this instance's subscribers before it returns,
 * so events from one instance arrive everywhere in the order they were published. Delivery is
 * at most once: an instance that loses its connection misses what was published meanwhile and
 * catches up from the database (the chat service reconciles on every tick).
 *
 * Implementations: PostgreSQL LISTEN/NOTIFY (postgres-relay.ts) and in-process (below); Redis
 * or NATS pub/sub fit the same three methods.
 */
export interface ChatRelay {
  publish(roomId: string, event: ChatEvent): Promise<void>;
  subscribe(handler: ChatEventHandler): void;
  close(): Promise<void>;
}

/**
 * The embedded database is locked to one process, so one process is the whole cluster: events
 * go straight to the local subscribers.
 */
export function createInProcessRelay(): ChatRelay {
  const handlers: ChatEventHandler[] = [];
  let closed = false;
  return {
    async publish(roomId, event) {
      if (closed) return;
      for (const handler of handlers) handler(roomId, event);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      handlers.length = 0;
    },
  };
}
