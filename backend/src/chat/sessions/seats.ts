import type { WebSocket } from 'ws';
import { errorMessage, type Logger } from '../../logger.ts';
import type { ChatRepository } from '../chat.repository.ts';
import type { ChatRelay } from '../relay.ts';
import type { LocalRooms, Member } from './local-rooms.ts';
import type { SessionWork } from './work.ts';

/**
 * Giving seats up in the database and telling every instance: at once on an explicit leave,
 * after the rejoin grace when a socket drops, and whenever a held seat is found lapsed.
 */
export function chatSeats(deps: {
  repo: ChatRepository;
  relay: ChatRelay;
  local: LocalRooms;
  work: SessionWork;
  logger: Logger;
  /** Names this instance's seats in the database. */
  instance: string;
  rejoinGraceMs: number;
}) {
  const { repo, relay, local, work, logger, instance, rejoinGraceMs } = deps;
  const watched = new WeakSet<WebSocket>();

  /** Makes the end of a socket that joined count as a drop of its seat. */
  function watch(socket: WebSocket): void {
    if (watched.has(socket)) return;
    watched.add(socket);
    // Fires for every end of the socket: a close from either side, or the hub terminating it
    // after a missed heartbeat; all of them count as a drop.
    socket.once('close', () => {
      work
        .serial(socket, async () => {
          const member = local.memberOf(socket);
          if (member === undefined || work.stopped) return;
          local.detach(member);
          await dropSeats([member]);
        })
        .catch((error: unknown) =>
          logger.error('chat drop failed', { error: errorMessage(error) }),
        );
    });
  }

  /** Seats of dropped sockets stay held for the grace period; then they are freed and announced. */
  async function dropSeats(dropped: Member[]): Promise<void> {
    const held = await repo.markDropped(
      instance,
      dropped.map((member) => member.connection),
      rejoinGraceMs,
    );
    if (held === 0 || work.stopped) return;
    for (const roomId of new Set(dropped.map((member) => member.roomId))) {
      work.later(rejoinGraceMs + 20, () =>
        work.background('release', () => releaseLapsedSeats(roomId)),
      );
    }
  }

  async function releaseLapsedSeats(roomId: string | null): Promise<void> {
    for (const seat of await repo.releaseLapsedSeats(roomId)) {
      await relay.publish(seat.roomId, {
        kind: 'left',
        participantId: seat.participantId,
        connection: seat.connection,
        participantCount: seat.participantCount,
      });
    }
  }

  /** An explicit leave frees the seat at once; the socket stays open and may join again. */
  async function leaveSeat(member: Member): Promise<void> {
    local.detach(member);
    const left = await repo.leave(member.roomId, member.participantId, member.connection);
    if (left === null) return;
    await relay.publish(member.roomId, {
      kind: 'left',
      participantId: member.participantId,
      connection: member.connection,
      participantCount: left.participantCount,
    });
  }

  return { watch, dropSeats, releaseLapsedSeats, leaveSeat };
}

export type Seats = ReturnType<typeof chatSeats>;
