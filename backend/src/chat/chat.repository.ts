import { sql, type ExpressionBuilder } from 'kysely';
import { CHAT_MAX_PARTICIPANTS } from '../../../shared/limits.ts';
import type { Database, DB } from '../db/database.ts';

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

/** The database's clock: every instance ends a room at the same moment. */
const now = sql<string>`now()`;
const inMs = (ms: number) => sql<string>`now() + make_interval(secs => ${ms / 1000}::float8)`;
const remainingMs = sql<number>`(extract(epoch from expires_at - now()) * 1000)::float8`;

/**
 * Until when the seat `p` is held: through its instance's heartbeat while its socket is up,
 * through its own grace once dropped. A seat whose instance row is gone has lapsed.
 */
const heldUntil = (eb: ExpressionBuilder<DB & { p: DB['chat_participant'] }, 'p'>) =>
  eb.fn.coalesce(
    eb.selectFrom('chat_instance as i').select('i.holds_until').whereRef('i.id', '=', 'p.instance'),
    'p.held_until',
    sql<string>`'-infinity'`,
  );

/**
 * Every chat statement. Room membership and timers live here, not in any one process, so all
 * instances agree (DESIGN §2). Each decision (take a seat, free a seat, end a room) is a single
 * statement: on PostgreSQL the row locks and the (room_id, slot) key settle races between
 * instances, and a repeated or concurrent run finds nothing left to do. Creating a room and the
 * instances' heartbeats are ordinary writes, timed by this server's clock as ISO text (pg would
 * format a Date in local time).
 */
export function chatRepository(database: Pick<Database, 'sql'>) {
  const db = database.sql;

  return {
    async createRoom(id: string, durationSeconds: number): Promise<void> {
      await db
        .insertInto('chat_room')
        .values({ id, expires_at: new Date(Date.now() + durationSeconds * 1000).toISOString() })
        .execute();
    },

    /** Null for unknown or expired rooms. */
    async status(id: string): Promise<{ remainingMs: number; participantCount: number } | null> {
      const row = await db
        .selectFrom('chat_room as r')
        .select((eb) => [
          remainingMs.as('remaining_ms'),
          eb
            .selectFrom('chat_participant as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('p.room_id', '=', 'r.id')
            .where((eb) => eb(heldUntil(eb), '>', now))
            .as('participant_count'),
        ])
        .where('r.id', '=', id)
        .where('r.expires_at', '>', now)
        .executeTakeFirst();
      return row
        ? { remainingMs: row.remaining_ms, participantCount: row.participant_count ?? 0 }
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
      const row = await db
        .with('room', (db) =>
          db
            .selectFrom('chat_room')
            .select(sql<boolean>`expires_at > now()`.as('live'))
            .where('id', '=', roomId),
        )
        .with('rejoined', (db) =>
          db
            .updateTable('chat_participant')
            .set({ connection, instance, held_until: null })
            .where('room_id', '=', roomId)
            .where('participant_id', '=', participantId)
            .where((eb) => eb.exists(eb.selectFrom('room').select('live').where('live', '=', true)))
            .returning('slot'),
        )
        .with('joined', (db) =>
          db
            .insertInto('chat_participant')
            .columns(['room_id', 'slot', 'participant_id', 'connection', 'instance'])
            .expression((eb) =>
              eb
                .selectFrom(
                  sql<{ slot: number }>`generate_series(1, ${CHAT_MAX_PARTICIPANTS}::smallint)`.as(
                    's',
                  ),
                )
                .select((eb) => [
                  eb.val(roomId).as('room_id'),
                  sql<number>`s::smallint`.as('slot'),
                  eb.val(participantId).as('participant_id'),
                  eb.val(connection).as('connection'),
                  eb.val(instance).as('instance'),
                ])
                .where((eb) =>
                  eb.and([
                    eb.exists(eb.selectFrom('room').select('live').where('live', '=', true)),
                    eb.not(eb.exists(eb.selectFrom('rejoined').select('slot'))),
                    eb.not(
                      eb.exists(
                        eb
                          .selectFrom('chat_participant as p')
                          .select('p.slot')
                          .where('p.room_id', '=', roomId)
                          .where((eb) =>
                            eb.or([
                              eb('p.slot', '=', sql<number>`s`),
                              eb('p.participant_id', '=', participantId),
                            ]),
                          ),
                      ),
                    ),
                  ]),
                )
                .orderBy(sql`s`)
                .limit(1),
            )
            .onConflict((oc) => oc.doNothing())
            .returning('slot'),
        )
        .selectNoFrom((eb) => [
          eb.selectFrom('room').select('live').as('live'),
          sql<
            number | null
          >`coalesce((select slot from rejoined), (select slot from joined))::int`.as('slot'),
          eb.exists(eb.selectFrom('rejoined').select('slot')).as('rejoined'),
          eb
            .selectFrom('chat_participant')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('room_id', '=', roomId)
            .as('occupied'),
        ])
        .executeTakeFirstOrThrow();
      if (row.live === null) return { kind: 'missing' };
      if (!row.live) return { kind: 'expired' };
      if (row.slot !== null) {
        return { kind: 'joined', slot: row.slot, rejoined: Boolean(row.rejoined) };
      }
      return (row.occupied ?? 0) >= CHAT_MAX_PARTICIPANTS ? { kind: 'full' } : { kind: 'raced' };
    },

    /** The room as it is now; null once it is gone (expired rooms count as gone). */
    async roomState(roomId: string): Promise<RoomState | null> {
      return (await this.snapshot([roomId])).get(roomId) ?? null;
    },

    /** Several rooms in one read, for the periodic reconciliation. Absent rooms are gone. */
    async snapshot(roomIds: string[]): Promise<Map<string, RoomState>> {
      const rows = await db
        .selectFrom('chat_room as r')
        .leftJoin('chat_participant as p', (join) =>
          join.onRef('p.room_id', '=', 'r.id').on((eb) => eb(heldUntil(eb), '>', now)),
        )
        .select([
          'r.id as room_id',
          remainingMs.as('remaining_ms'),
          'p.participant_id',
          'p.connection',
          sql<number | null>`p.slot::int`.as('slot'),
        ])
        .where('r.id', '=', (eb) => eb.fn.any(eb.val(roomIds)))
        .where('r.expires_at', '>', now)
        .orderBy('r.id')
        .orderBy('p.slot')
        .execute();
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
      const row = await db
        .with('gone', (db) =>
          db
            .deleteFrom('chat_participant')
            .where('room_id', '=', roomId)
            .where('participant_id', '=', participantId)
            .where('connection', '=', connection)
            .returning('room_id'),
        )
        .selectFrom('gone')
        .select((eb) =>
          eb
            .selectFrom('chat_participant as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('p.room_id', '=', roomId)
            .where('p.participant_id', '<>', participantId)
            .where((eb) => eb(heldUntil(eb), '>', now))
            .as('participant_count'),
        )
        .executeTakeFirst();
      return row ? { participantCount: row.participant_count ?? 0 } : null;
    },

    /** Sockets gone: their seats stay held for the grace period (only if still theirs). */
    async markDropped(instance: string, connections: string[], graceMs: number): Promise<number> {
      if (connections.length === 0) return 0;
      const result = await db
        .updateTable('chat_participant')
        .set({ instance: null, held_until: inMs(graceMs) })
        .where('connection', 'in', connections)
        .where('instance', '=', instance)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** This instance is alive: the seats of its sockets stay held for `leaseMs` more. */
    async heartbeat(instance: string, leaseMs: number): Promise<void> {
      const holdsUntil = new Date(Date.now() + leaseMs).toISOString();
      await db
        .insertInto('chat_instance')
        .values({ id: instance, holds_until: holdsUntil })
        .onConflict((oc) => oc.column('id').doUpdateSet({ holds_until: holdsUntil }))
        .execute();
    },

    /** Shutdown: every seat of this instance turns into a dropped one, with the grace to rejoin. */
    async retire(instance: string, graceMs: number): Promise<void> {
      await db
        .with('dropped', (db) =>
          db
            .updateTable('chat_participant')
            .set({ instance: null, held_until: inMs(graceMs) })
            .where('instance', '=', instance),
        )
        .deleteFrom('chat_instance')
        .where('id', '=', instance)
        .execute();
    },

    /** Frees seats whose hold has lapsed, in one room or everywhere; each row comes back once. */
    async releaseLapsedSeats(roomId: string | null): Promise<ReleasedSeat[]> {
      const rows = await db
        .with('gone', (db) =>
          db
            .deleteFrom('chat_participant as p')
            .where((eb) => eb(heldUntil(eb), '<=', now))
            .$if(roomId !== null, (query) => query.where('p.room_id', '=', roomId!))
            .returning(['p.room_id', 'p.participant_id', 'p.connection']),
        )
        .selectFrom('gone as g')
        .select((eb) => [
          'g.room_id',
          'g.participant_id',
          'g.connection',
          eb
            .selectFrom('chat_participant as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('p.room_id', '=', 'g.room_id')
            .where((eb) => eb(heldUntil(eb), '>', now))
            .as('participant_count'),
        ])
        .execute();
      return rows.map((row) => ({
        roomId: row.room_id,
        participantId: row.participant_id,
        connection: row.connection,
        participantCount: row.participant_count ?? 0,
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
      const row = await db
        .with('gone', (db) =>
          db
            .deleteFrom('chat_room')
            .where('id', '=', roomId)
            .where('expires_at', '<=', now)
            .returning('id'),
        )
        .selectNoFrom((eb) => [
          eb
            .selectFrom('gone')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('deleted'),
          eb
            .selectFrom('chat_room')
            .select(remainingMs.as('ms'))
            .where('id', '=', roomId)
            .as('remaining_ms'),
        ])
        .executeTakeFirstOrThrow();
      if ((row.deleted ?? 0) > 0) return { kind: 'deleted' };
      if (row.remaining_ms === null || row.remaining_ms <= 0) return { kind: 'gone' };
      return { kind: 'pending', remainingMs: row.remaining_ms };
    },

    /** Every expired room, whether or not anyone is still connected. Idempotent. */
    async deleteExpiredRooms(): Promise<string[]> {
      const rows = await db
        .deleteFrom('chat_room')
        .where('expires_at', '<=', now)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Heartbeats of instances long gone (their seats have lapsed with them). */
    async deleteDeadInstances(): Promise<void> {
      await db
        .deleteFrom('chat_instance')
        .where('holds_until', '<=', new Date().toISOString())
        .execute();
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
