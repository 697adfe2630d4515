import type { WebSocket } from 'ws';
import { CHAT_CLOSE } from '../../../../shared/api/chat.ts';
import { sendFrame } from '../../ws/hub.ts';
import type { ChatEvent, ChatRelay } from '../relay.ts';

/** One joined socket: the seat it speaks for. */
export interface Member {
  readonly socket: WebSocket;
  readonly roomId: string;
  readonly participantId: string;
  /** This join's token; a rejoin of the same participant gets a new one. */
  readonly connection: string;
  /** Others as last announced to this socket: participant id → their join's token. */
  known: Map<string, string>;
  /** Events that arrived before session_joined went out, replayed right after it. */
  backlog: ChatEvent[] | null;
}

/** A room with at least one member on this instance. */
export interface LocalRoom {
  readonly members: Set<Member>;
  /** Which tick slice looks after this room. */
  readonly slice: number;
  /** performance.now() at which the room ends, from the database's expires_at. */
  deadline: number;
  timer: NodeJS.Timeout | null;
  /** Bumped on every membership change seen here; a database read from before is stale. */
  version: number;
  /** Settles once the relay brings this instance the room's events (see ChatRelay.follow). */
  readonly followed: Promise<void>;
}

/**
 * Who sits in which room on this instance, by room and by socket. New rooms are dealt out over
 * the tick's `slices` in turn. A room is followed on the relay from its first local member
 * until its last is gone.
 */
export function localRooms(slices: number, relay: ChatRelay) {
  const rooms = new Map<string, LocalRoom>();
  const members = new Map<WebSocket, Member>();
  let nextSlice = 0;

  function remove(roomId: string, room: LocalRoom): void {
    rooms.delete(roomId);
    if (room.timer !== null) clearTimeout(room.timer);
    void relay.unfollow(roomId);
  }

  return {
    room: (roomId: string): LocalRoom | undefined => rooms.get(roomId),

    /** The member a socket currently speaks for, if it has joined. */
    memberOf: (socket: WebSocket): Member | undefined => members.get(socket),

    /** The rooms one slice of the tick looks after. */
    inSlice: (slice: number): [string, LocalRoom][] =>
      [...rooms].filter(([, room]) => room.slice === slice),

    attach(member: Member): LocalRoom {
      let room = rooms.get(member.roomId);
      if (!room) {
        room = {
          members: new Set(),
          slice: nextSlice++ % slices,
          deadline: Infinity,
          timer: null,
          version: 0,
          followed: relay.follow(member.roomId),
        };
        rooms.set(member.roomId, room);
      }
      room.members.add(member);
      room.version++;
      members.set(member.socket, member);
      return room;
    },

    detach(member: Member): void {
      if (members.get(member.socket) === member) members.delete(member.socket);
      const room = rooms.get(member.roomId);
      if (!room?.members.delete(member)) return;
      room.version++;
      if (room.members.size === 0) remove(member.roomId, room);
    },

    /** session_expired to every local socket of the room, then a normal close. */
    end(roomId: string): void {
      const room = rooms.get(roomId);
      if (!room) return;
      remove(roomId, room);
      for (const member of room.members) {
        if (members.get(member.socket) === member) members.delete(member.socket);
        sendFrame(member.socket, { type: 'session_expired' });
        member.socket.close(CHAT_CLOSE.ROOM_OVER, 'Session expired');
      }
    },

    /** Shutdown: forgets every room and member, their sockets left to the hub. */
    clear(): void {
      for (const [roomId, room] of rooms) remove(roomId, room);
      members.clear();
    },
  };
}

export type LocalRooms = ReturnType<typeof localRooms>;
