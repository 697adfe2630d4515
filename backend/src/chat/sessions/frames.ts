import type { WebSocket } from 'ws';
import {
  clientFrameSchema,
  type ClientFrame,
  type ClientFrameType,
} from '../../../../shared/api/chat.ts';
import { sendErrorFrame, type FrameHandler } from '../../ws/hub.ts';
import type { Delivery } from './delivery.ts';
import type { Join } from './join.ts';
import type { LocalRooms } from './local-rooms.ts';
import { randomId } from '../../random-id.ts';
import type { Seats } from './seats.ts';
import type { SessionWork } from './work.ts';

type Frame<Type extends ClientFrameType> = Extract<ClientFrame, { type: Type }>;

/**
 * The chat frames a client sends on `/ws`: a handler per type, for the hub's table (ws/hub.ts),
 * which is the one place a frame is dispatched by its type; each handler validates its frame.
 */
export function chatFrames(deps: {
  local: LocalRooms;
  delivery: Delivery;
  seats: Seats;
  work: SessionWork;
  join: Join;
}): Map<ClientFrameType, FrameHandler> {
  const { local, delivery, seats, work, join } = deps;

  /** The handler of `type`: the frame checked against the protocol's schema, then `handle`. */
  function validated<Type extends ClientFrameType>(
    type: Type,
    handle: (socket: WebSocket, frame: Frame<Type>, client: string) => void | Promise<void>,
  ): FrameHandler {
    const isOfType = (frame: ClientFrame): frame is Frame<Type> => frame.type === type;
    return (socket, raw, client) => {
      const parsed = clientFrameSchema.safeParse(raw);
      // The hub hands over only frames of `type`, so a valid frame is always of it.
      if (!parsed.success || !isOfType(parsed.data)) {
        sendErrorFrame(socket, 'VALIDATION_FAILED', `Invalid ${raw.type} message.`);
        return;
      }
      return handle(socket, parsed.data, client);
    };
  }

  /** The joined member this frame speaks for, or null after telling the client. */
  function memberFor(socket: WebSocket, frame: { sessionId: string; participantId: string }) {
    const member = local.memberOf(socket);
    if (
      member === undefined ||
      member.backlog !== null ||
      member.roomId !== frame.sessionId ||
      member.participantId !== frame.participantId
    ) {
      sendErrorFrame(socket, 'NOT_JOINED', 'Join the chat before sending.');
      return null;
    }
    return member;
  }

  async function leave(socket: WebSocket, frame: Frame<'leave_session'>): Promise<void> {
    const member = memberFor(socket, frame);
    if (member !== null) await seats.leaveSeat(member);
  }

  function sendMessage(socket: WebSocket, frame: Frame<'send_message'>) {
    const member = memberFor(socket, frame);
    if (member === null) return;
    return delivery.route(member, {
      kind: 'message',
      frame: {
        type: 'new_message',
        id: randomId(),
        content: frame.content,
        timestamp: Date.now(),
        participantId: member.participantId,
      },
    });
  }

  function keyExchange(socket: WebSocket, frame: Frame<'key_exchange'>) {
    const member = memberFor(socket, frame);
    if (member === null) return;
    // The MAC binds the id inside; one that differs from the sender's seat is never genuine.
    if (frame.payload.participantId !== member.participantId) {
      sendErrorFrame(socket, 'VALIDATION_FAILED', 'The key exchange must come from its sender.');
      return;
    }
    return delivery.route(member, {
      kind: 'key_exchange',
      frame: { type: 'key_exchange', participantId: member.participantId, payload: frame.payload },
    });
  }

  const handlers: { [Type in ClientFrameType]: FrameHandler } = {
    join_session: validated('join_session', (socket, frame, client) =>
      work.serial(socket, () => join(socket, frame, client)),
    ),
    leave_session: validated('leave_session', (socket, frame) =>
      work.serial(socket, () => leave(socket, frame)),
    ),
    send_message: validated('send_message', sendMessage),
    key_exchange: validated('key_exchange', keyExchange),
  };
  return new Map(Object.entries(handlers) as [ClientFrameType, FrameHandler][]);
}
