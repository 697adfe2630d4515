/**
 * Room ids known to be over or never to have existed, newest last. Ids are 128 random bits and
 * never reused, so an id in here stays dead: a join for it is answered without the database,
 * which a flood of joins for made-up rooms would otherwise keep busy.
 */
const DEAD_ROOMS_REMEMBERED = 10_000;

/** How a room is dead: it ended, or it never existed. */
export type DeadRoom = 'expired' | 'missing';

/** The memory of dead rooms, by id; see DEAD_ROOMS_REMEMBERED. */
export function deadRoomMemory() {
  const dead = new Map<string, DeadRoom>();
  return {
    get: (roomId: string): DeadRoom | undefined => dead.get(roomId),

    remember(roomId: string, how: DeadRoom): void {
      dead.delete(roomId);
      dead.set(roomId, how);
      if (dead.size > DEAD_ROOMS_REMEMBERED) dead.delete(dead.keys().next().value!);
    },
  };
}

export type DeadRooms = ReturnType<typeof deadRoomMemory>;
