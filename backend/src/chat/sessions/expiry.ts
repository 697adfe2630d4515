import { missingCase } from '../../../../shared/errors.ts';
import type { ChatRepository } from '../chat.repository.ts';
import type { ChatRelay } from '../relay.ts';
import type { DeadRooms } from './dead-rooms.ts';
import type { LocalRooms } from './local-rooms.ts';
import type { SessionWork } from './work.ts';

/** What a client's countdown shows: whole seconds, rounded up. */
export const secondsLeft = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** The end of rooms: each local room's timer, and ending the room when it fires. */
export function chatExpiry(deps: {
  repo: ChatRepository;
  relay: ChatRelay;
  local: LocalRooms;
  deadRooms: DeadRooms;
  work: SessionWork;
}) {
  const { repo, relay, local, deadRooms, work } = deps;

  /** The deadline comes from the database's expires_at, so every instance ends the room together. */
  function armTimer(roomId: string, remainingMs: number): void {
    const room = local.room(roomId);
    if (!room) return;
    const deadline = performance.now() + remainingMs;
    if (room.timer !== null && Math.abs(deadline - room.deadline) < 250) return;
    room.deadline = deadline;
    if (room.timer !== null) clearTimeout(room.timer);
    room.timer = setTimeout(
      () => {
        room.timer = null;
        work.background('expire', () => expire(roomId));
      },
      Math.max(0, remainingMs) + 5,
    );
    room.timer.unref();
  }

  async function expire(roomId: string): Promise<void> {
    if (work.stopped) return;
    let result;
    try {
      result = await repo.expireRoom(roomId);
    } catch (error) {
      if (local.room(roomId)?.timer === null) armTimer(roomId, 1000);
      throw error;
    }
    switch (result.kind) {
      case 'pending':
        armTimer(roomId, result.remainingMs);
        return;
      case 'deleted':
        deadRooms.remember(roomId, 'expired');
        await relay.publish(roomId, { kind: 'expired' });
        local.end(roomId);
        return;
      case 'gone':
        deadRooms.remember(roomId, 'expired');
        local.end(roomId);
        return;
      default:
        missingCase(result);
    }
  }

  return { armTimer, expire };
}

export type Expiry = ReturnType<typeof chatExpiry>;
