import type { ServerFrame } from '../../../shared/api/chat.ts';
import { randomId } from '../random-id.ts';

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

/** `publish` refuses an event larger than its relay carries (the sender is told, not dropped). */
export class RelayPayloadTooLargeError extends Error {
  override readonly name = 'RelayPayloadTooLargeError';
}

/**
 * Fan-out between instances (DESIGN §2 scale-out). `publish` reaches the subscribers of every
 * instance that follows the room, and this instance's subscribers in any case, before it
 * returns; so events from one instance arrive everywhere in the order they were published. An
 * instance follows the rooms it has members in: `follow` resolves once events published from
 * then on are sure to reach it, and may let in other rooms' events too. Delivery is
 * at most once: an instance that loses its connection misses what was published meanwhile and
 * catches up from the database (the chat service reconciles on every tick).
 *
 * An event may instead be addressed to the instances that need it (`to`: those of the room's
 * members elsewhere, named by their join tokens, see instanceOfConnection), so a chat message
 * crosses to the one instance its reader sits on, and to no other. Events from one instance
 * still arrive in publish order, addressed or not.
 *
 * Implementations: PostgreSQL LISTEN/NOTIFY (postgres-relay.ts) and in-process (below); Redis
 * or NATS pub/sub fit the same methods. Nothing here names a database: an implementation gets
 * what it needs (a connection string, a client) when it is made, in chat/index.ts.
 */
export interface ChatRelay {
  /** This instance's name: its seats carry it, and events addressed to it reach it. */
  readonly instance: string;
  publish(roomId: string, event: ChatEvent, to?: readonly string[]): Promise<void>;
  subscribe(handler: ChatEventHandler): void;
  /** Counted: a room is followed until each follow has had its unfollow. */
  follow(roomId: string): Promise<void>;
  unfollow(roomId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A join's token, which names the instance the member sits on: whoever knows the token knows
 * where to send that member's frames.
 */
export const joinToken = (instance: string): string => `${instance}.${randomId()}`;

/** The instance a join token names; null for a token that names none (an older instance's). */
export function instanceOfConnection(connection: string): string | null {
  const dot = connection.indexOf('.');
  return dot > 0 ? connection.slice(0, dot) : null;
}

/**
 * The embedded database is locked to one process, so one process is the whole cluster: events
 * go straight to the local subscribers, and there is nothing to follow.
 */
export function createInProcessRelay(): ChatRelay {
  const handlers: ChatEventHandler[] = [];
  let closed = false;
  return {
    instance: randomId(),
    async publish(roomId, event) {
      if (closed) return;
      for (const handler of handlers) handler(roomId, event);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    follow: async () => {},
    unfollow: async () => {},
    async close() {
      closed = true;
      handlers.length = 0;
    },
  };
}
