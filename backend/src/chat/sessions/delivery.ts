import { CHAT_CLOSE } from '../../../../shared/api/chat.ts';
import { missingCase } from '../../../../shared/errors.ts';
import type { AppMetrics } from '../../metrics/app-metrics.ts';
import { sendErrorFrame, sendFrame } from '../../ws/hub.ts';
import {
  RelayPayloadTooLargeError,
  instanceOfConnection,
  type ChatEvent,
  type ChatRelay,
} from '../relay.ts';
import type { DeadRooms } from './dead-rooms.ts';
import type { LocalRooms, Member } from './local-rooms.ts';

/**
 * Events to this instance's sockets, whether they come from this instance or any other through
 * the relay; and a member's frames to the room, through the relay only when someone elsewhere
 * needs them.
 */
export function chatDelivery(deps: {
  local: LocalRooms;
  relay: ChatRelay;
  deadRooms: DeadRooms;
  metrics: AppMetrics;
}) {
  const { local, relay, deadRooms, metrics } = deps;

  function onEvent(roomId: string, event: ChatEvent): void {
    const room = local.room(roomId);
    if (!room) return;
    if (event.kind === 'expired') {
      // Ended by another instance (or our sweeper): a late joiner here hears it ended.
      deadRooms.remember(roomId, 'expired');
      local.end(roomId);
      return;
    }
    if (event.kind === 'joined' || event.kind === 'left') room.version++;
    for (const member of [...room.members]) deliver(member, event);
  }

  function deliver(member: Member, event: ChatEvent): void {
    if (member.backlog !== null) {
      member.backlog.push(event);
      return;
    }
    switch (event.kind) {
      case 'joined': {
        if (event.participantId === member.participantId) {
          // The same participant joined again from another socket: the newest join wins.
          if (event.connection !== member.connection) replaced(member);
          return;
        }
        if (member.known.get(event.participantId) === event.connection) return;
        member.known.set(event.participantId, event.connection);
        sendFrame(member.socket, {
          type: 'participant_joined',
          participantId: event.participantId,
          participantCount: event.participantCount,
        });
        return;
      }
      case 'left': {
        if (event.participantId === member.participantId) {
          if (event.connection === member.connection) seatLost(member);
          return;
        }
        // A late "left" of an earlier join (the participant is back already) changes nothing.
        if (member.known.get(event.participantId) !== event.connection) return;
        member.known.delete(event.participantId);
        sendFrame(member.socket, {
          type: 'participant_left',
          participantId: event.participantId,
          participantCount: event.participantCount,
        });
        return;
      }
      case 'message':
      case 'key_exchange':
        if (event.frame.participantId !== member.participantId) {
          sendFrame(member.socket, event.frame);
        }
        return;
      case 'expired':
        return;
      default:
        missingCase(event);
    }
  }

  function replaced(member: Member): void {
    local.detach(member);
    member.socket.close(CHAT_CLOSE.REPLACED, 'Joined from another connection');
  }

  /** Our seat was freed under us (its lease lapsed, e.g. while the database was unreachable). */
  function seatLost(member: Member): void {
    local.detach(member);
    sendErrorFrame(member.socket, 'NOT_JOINED', 'Your seat in this chat was released. Join again.');
  }

  /**
   * Relays a frame to the room: to the instances the other participants this sender knows of
   * sit on (their join tokens name them), and to no other; this instance's own members get it
   * here. When they all sit on this instance, the relay (a database round trip) is skipped.
   */
  function route(member: Member, event: ChatEvent): Promise<void> | void {
    const room = local.room(member.roomId);
    if (!room) return;
    const elsewhere = new Set<string>();
    let unaddressed = false;
    for (const [participantId, connection] of member.known) {
      const instance = instanceOfConnection(connection);
      if (instance !== null && instance !== relay.instance) {
        elsewhere.add(instance);
        continue;
      }
      const here = [...room.members].some(
        (other) => other.participantId === participantId && other.connection === connection,
      );
      // Gone from here (rejoining elsewhere, say), or on an older instance: wherever it is now,
      // the instances following the room get the frame.
      if (!here) unaddressed = true;
    }
    if (elsewhere.size === 0 && !unaddressed) {
      if (event.kind === 'message') metrics.chatMessageRelayed('instance');
      onEvent(member.roomId, event);
      return;
    }
    if (event.kind === 'message') metrics.chatMessageRelayed('relay');
    const to = unaddressed ? undefined : [...elsewhere];
    return relay.publish(member.roomId, event, to).catch((error: unknown) => {
      if (!(error instanceof RelayPayloadTooLargeError)) throw error;
      sendErrorFrame(member.socket, 'PAYLOAD_TOO_LARGE', 'This message is too large to relay.');
    });
  }

  return { onEvent, deliver, replaced, seatLost, route };
}

export type Delivery = ReturnType<typeof chatDelivery>;
