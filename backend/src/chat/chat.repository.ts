import { sql, type Kysely } from 'kysely';

export type JoinOutcome =
  | { kind: 'joined'; slot: number; rejoined: boolean }
  | { kind: 'full' }
  /** Another join took the free seat between our read and our insert: try again. */
  | { kind: 'raced' }
  | { kind: 'expired' }
  | { kind: 'missing' };

export interface Seat {
  participantId: string;
  connection: string;
  slot: number;
}

export interface RoomState {
  remainingMs: number;
  /** Seats currently held (connected, or dropped and still within the grace period). */
  seats: Seat[];
}

export interface ReleasedSeat {
  roomId: string;
  participantId: string;
  connection: string;
  participantCount: number;
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/**
 * Until when the seat `p` is held: through its instance's heartbeat while its socket is up,
 * through its own grace once dropped. A seat whose instance row is gone has lapsed.
 */
const heldUntil = sql`coalesce(
  (select i.holds_until from chat_instance i where i.id = p.instance), p.held_until, '-infinity')`;

/**
 * Every chat statement. Room membership and timers live here, not in any one process, so all
 * instances agree (DESIGN §2). Each decision (take a seat, free a seat, end a room) is a single
 * statement: on PostgreSQL the row locks and the (room_id, slot) key settle races between
 * instances, and a repeated or concurrent run finds nothing left to do.
 */
export function chatRepository(db: Kysely<unknown>) {
  return {
    async createRoom(id: string, durationSeconds: number): Promise<void> {
      await sql`insert into chat_room (id, expires_at)
                values (${id}, now() + make_interval(secs => ${durationSeconds}))`.execute(db);
    },

    /** Null for unknown or expired rooms. */
    async status(id: string): Promise<{ remainingMs: number; participantCount: number } | null> {
      const { rows } = await sql<{ remaining_ms: number; participant_count: number }>`
        select (extract(epoch from r.expires_at - now()) * 1000)::float8 as remaining_ms,
               (select count(*) from chat_participant p
                where p.room_id = r.id and ${heldUntil} > now())::int as participant_count
        from chat_room r where r.id = ${id} and r.expires_at > now()`.execute(db);
      const row = rows[0];
      return row
        ? { remainingMs: row.remaining_ms, participantCount: row.participant_count }
        : null;
    },

    /**
     * Takes a seat in one statement: the participant's own seat back if it still holds one
     * (rejoin, same slot), else the lowest free slot. Two joins racing for the last seat both
     * try to insert it; the key lets one through and the other gets `raced`.
     */
    async join(input: {
      roomId: string;
      participantId: string;
      connection: string;
      instance: string;
    }): Promise<JoinOutcome> {
      const { roomId, participantId, connection, instance } = input;
      const { rows } = await sql<{
        live: boolean | null;
        slot: number | null;
        rejoined: boolean;
        occupied: number;
      }>`
        with room as (
          select expires_at > now() as live from chat_room where id = ${roomId}
        ), rejoined as (
          update chat_participant
          set connection = ${connection}, instance = ${instance}, held_until = null
          where room_id = ${roomId} and participant_id = ${participantId}
            and exists (select 1 from room where live)
          returning slot
        ), joined as (
          insert into chat_participant (room_id, slot, participant_id, connection, instance)
          select ${roomId}::text, s.slot, ${participantId}::text, ${connection}::text, ${instance}::text
          from (values (1::smallint), (2::smallint)) as s (slot)
          where exists (select 1 from room where live)
            and not exists (select 1 from rejoined)
            and not exists (
              select 1 from chat_participant p
              where p.room_id = ${roomId} and (p.slot = s.slot or p.participant_id = ${participantId})
            )
          order by s.slot
          limit 1
          on conflict do nothing
          returning slot
        )
        select (select live from room) as live,
               coalesce((select slot from rejoined), (select slot from joined))::int as slot,
               exists (select 1 from rejoined) as rejoined,
               (select count(*) from chat_participant where room_id = ${roomId})::int as occupied`.execute(
        db,
      );
      const row = rows[0]!;
      if (row.live === null) return { kind: 'missing' };
      if (!row.live) return { kind: 'expired' };
      if (row.slot !== null) return { kind: 'joined', slot: row.slot, rejoined: row.rejoined };
      return row.occupied >= 2 ? { kind: 'full' } : { kind: 'raced' };
    },

    /** The room as it is now; null once it is gone (expired rooms count as gone). */
    async roomState(roomId: string): Promise<RoomState | null> {
      return (await this.snapshot([roomId])).get(roomId) ?? null;
    },

    /** Several rooms in one read, for the periodic reconciliation. Absent rooms are gone. */
    async snapshot(roomIds: string[]): Promise<Map<string, RoomState>> {
      const { rows } = await sql<{
        room_id: string;
        remaining_ms: number;
        participant_id: string | null;
        connection: string | null;
        slot: number | null;
      }>`
        select r.id as room_id, (extract(epoch from r.expires_at - now()) * 1000)::float8 as remaining_ms,
               p.participant_id, p.connection, p.slot::int as slot
        from chat_room r
        left join chat_participant p on p.room_id = r.id and ${heldUntil} > now()
        where r.id = any(${roomIds}::text[]) and r.expires_at > now()
        order by r.id, p.slot`.execute(db);
      const rooms = new Map<string, RoomState>();
      for (const row of rows) {
        let room = rooms.get(row.room_id);
        if (!room) {
          room = { remainingMs: row.remaining_ms, seats: [] };
          rooms.set(row.room_id, room);
        }
        if (row.participant_id !== null) {
          room.seats.push({
            participantId: row.participant_id,
            connection: row.connection!,
            slot: row.slot!,
          });
        }
      }
      return rooms;
    },

    /** An explicit leave: frees the seat at once, if this join still holds it. */
    async leave(
      roomId: string,
      participantId: string,
      connection: string,
    ): Promise<{ participantCount: number } | null> {
      const { rows } = await sql<{ participant_count: number }>`
        with gone as (
          delete from chat_participant
          where room_id = ${roomId} and participant_id = ${participantId} and connection = ${connection}
          returning room_id
        )
        select (select count(*) from chat_participant p
                where p.room_id = ${roomId} and p.participant_id <> ${participantId}
                  and ${heldUntil} > now())::int as participant_count
        from gone`.execute(db);
      return rows[0] ? { participantCount: rows[0].participant_count } : null;
    },

    /** Sockets gone: their seats stay held for the grace period (only if still theirs). */
    async markDropped(instance: string, connections: string[], graceMs: number): Promise<number> {
      if (connections.length === 0) return 0;
      const result = await sql`
        update chat_participant set instance = null, held_until = now() + ${interval(graceMs)}
        where connection = any(${connections}::text[]) and instance = ${instance}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** This instance is alive: the seats of its sockets stay held for `leaseMs` more. */
    async heartbeat(instance: string, leaseMs: number): Promise<void> {
      await sql`
        insert into chat_instance (id, holds_until) values (${instance}, now() + ${interval(leaseMs)})
        on conflict (id) do update set holds_until = excluded.holds_until`.execute(db);
    },

    /** Shutdown: every seat of this instance turns into a dropped one, with the grace to rejoin. */
    async retire(instance: string, graceMs: number): Promise<void> {
      await sql`
        with dropped as (
          update chat_participant set instance = null, held_until = now() + ${interval(graceMs)}
          where instance = ${instance}
        )
        delete from chat_instance where id = ${instance}`.execute(db);
    },

    /** Frees seats whose hold has lapsed, in one room or everywhere; each row comes back once. */
    async releaseLapsedSeats(roomId: string | null): Promise<ReleasedSeat[]> {
      const { rows } = await sql<{
        room_id: string;
        participant_id: string;
        connection: string;
        participant_count: number;
      }>`
        with gone as (
          delete from chat_participant p
          where ${heldUntil} <= now() ${roomId === null ? sql`` : sql`and p.room_id = ${roomId}`}
          returning p.room_id, p.participant_id, p.connection
        )
        select g.room_id, g.participant_id, g.connection,
               (select count(*) from chat_participant p
                where p.room_id = g.room_id and ${heldUntil} > now())::int as participant_count
        from gone g`.execute(db);
      return rows.map((row) => ({
        roomId: row.room_id,
        participantId: row.participant_id,
        connection: row.connection,
        participantCount: row.participant_count,
      }));
    },

    /**
     * Ends a room whose time is up (its seats go with it). `deleted` for exactly one caller;
     * `gone` when someone else already did it; `pending` with the time left when the
     * database's clock says it is not over yet.
     */
    async expireRoom(
      roomId: string,
    ): Promise<{ kind: 'deleted' } | { kind: 'gone' } | { kind: 'pending'; remainingMs: number }> {
      const { rows } = await sql<{ deleted: number; remaining_ms: number | null }>`
        with gone as (
          delete from chat_room where id = ${roomId} and expires_at <= now() returning id
        )
        select (select count(*) from gone)::int as deleted,
               (select (extract(epoch from expires_at - now()) * 1000)::float8
                from chat_room where id = ${roomId}) as remaining_ms`.execute(db);
      const row = rows[0]!;
      if (row.deleted > 0) return { kind: 'deleted' };
      if (row.remaining_ms === null || row.remaining_ms <= 0) return { kind: 'gone' };
      return { kind: 'pending', remainingMs: row.remaining_ms };
    },

    /** Every expired room, whether or not anyone is still connected. Idempotent. */
    async deleteExpiredRooms(): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`
        delete from chat_room where expires_at <= now() returning id`.execute(db);
      return rows.map((row) => row.id);
    },

    /** Heartbeats of instances long gone (their seats have lapsed with them). */
    async deleteDeadInstances(): Promise<void> {
      await sql`delete from chat_instance where holds_until <= now()`.execute(db);
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
