import type { WebSocket } from 'ws';
import { clientFrameSchema, type ClientFrame } from '../../../../shared/api/chat.ts';
import { missingCase } from '../../../../shared/errors.ts';
import { sendErrorFrame, type FrameHandler } from '../../ws/hub.ts';
import type { Delivery } from './delivery.ts';
import type { Join } from './join.ts';
import type { LocalRooms } from './local-rooms.ts';
import { randomId } from '../../random-id.ts';
import type { Seats } from './seats.ts';
import type { SessionWork } from './work.ts';

export type Frame<Type extends ClientFrame['type']> = Extract<ClientFrame, { type: Type }>;

/** The chat frames a client sends on `/ws`, validated and each sent where it is handled. */
export function chatFrames(deps: {
  local: LocalRooms;
  delivery: Delivery;
  seats: Seats;
  work: SessionWork;
  join: Join;
}) {
  const { local, delivery, seats, work, join } = deps;

  const handleFrame: FrameHandler = (socket, raw, client) => {
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      sendErrorFrame(socket, 'VALIDATION_FAILED', `Invalid ${raw.type} message.`);
      return;
    }
    const frame = parsed.data;
    switch (frame.type) {
      case 'join_session':
        return work.serial(socket, () => join(socket, frame, client));
      case 'leave_session':
        return work.serial(socket, () => leave(socket, frame));
      case 'send_message':
        return sendMessage(socket, frame);
      case 'key_exchange':
        return keyExchange(socket, frame);
      default:
        missingCase(frame);
    }
  };

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

  return new Map<ClientFrame['type'], FrameHandler>([
    ['join_session', handleFrame],
    ['send_message', handleFrame],
    ['key_exchange', handleFrame],
    ['leave_session', handleFrame],
  ]);
}
