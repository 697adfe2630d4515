import type { ServerFrame } from '../../../../shared/api/chat.ts';
import { startPeriodic } from '../../jobs/periodic.ts';
import { errorMessage, type Logger } from '../../logger.ts';
import { sendFrame } from '../../ws/hub.ts';
import type { ChatRepository, RoomState } from '../chat.repository.ts';
import type { ChatRelay } from '../relay.ts';
import type { DeadRooms } from './dead-rooms.ts';
import type { Delivery } from './delivery.ts';
import { secondsLeft, type Expiry } from './expiry.ts';
import type { LocalRoom, LocalRooms } from './local-rooms.ts';
import type { Seats } from './seats.ts';
import type { SessionWork } from './work.ts';

/**
 * The periodic jobs: the tick (this instance's heartbeat, time_update, reconciliation with the
 * database) and the sweeper (lapsed seats, dead instances, expired rooms).
 */
export function chatUpkeep(deps: {
  repo: ChatRepository;
  relay: ChatRelay;
  local: LocalRooms;
  deadRooms: DeadRooms;
  delivery: Delivery;
  expiry: Expiry;
  seats: Seats;
  work: SessionWork;
  logger: Logger;
  /** Names this instance's seats in the database. */
  instance: string;
  /** How long a heartbeat holds our seats. */
  leaseMs: number;
  tickMs: number;
  /** How many slices the local rooms are dealt over; the tick takes one per turn. */
  slices: number;
  sweepIntervalMs: number;
}) {
  const { repo, relay, local, deadRooms, delivery, expiry, seats, work, logger } = deps;
  const { instance, leaseMs, slices } = deps;
  let turn = 0;

  /**
   * Every tick: the heartbeat that keeps this instance's seats, then for one slice of the local
   * rooms: time_update, and reconciliation with the database — which also repairs anything a
   * relay outage made us miss.
   */
  async function tick(): Promise<void> {
    if (work.stopped) return;
    const slice = turn++ % slices;
    const versions = new Map(local.inSlice(slice).map(([roomId, room]) => [roomId, room.version]));
    let snapshot: Map<string, RoomState> | null = null;
    try {
      if (slice === 0) await repo.heartbeat(instance, leaseMs);
      if (versions.size > 0) snapshot = await repo.snapshot([...versions.keys()]);
    } catch (error) {
      // The countdown still goes out, from the deadline last read from the database.
      logger.warn('chat tick could not reach the database', { error: errorMessage(error) });
    }
    for (const [roomId, version] of versions) {
      const room = local.room(roomId);
      if (!room || work.stopped) continue;
      let remainingMs = room.deadline - performance.now();
      if (snapshot !== null) {
        const state = snapshot.get(roomId);
        if (!state) {
          // Over (or removed by another instance): end it here and make sure the row goes too.
          work.background('expire', () => expiry.expire(roomId));
          continue;
        }
        remainingMs = state.remainingMs;
        expiry.armTimer(roomId, remainingMs);
        if (room.version === version) reconcile(room, state);
      }
      if (!Number.isFinite(remainingMs)) continue; // nobody seated here yet
      const update: ServerFrame = { type: 'time_update', timeRemaining: secondsLeft(remainingMs) };
      for (const member of room.members) {
        if (member.backlog === null) sendFrame(member.socket, update);
      }
    }
  }

  function reconcile(room: LocalRoom, state: RoomState): void {
    const participantCount = state.seats.length;
    for (const member of [...room.members]) {
      if (member.backlog !== null) continue;
      const own = state.seats.find((seat) => seat.participantId === member.participantId);
      if (own === undefined) {
        delivery.seatLost(member);
        continue;
      }
      if (own.connection !== member.connection) {
        delivery.replaced(member);
        continue;
      }
      for (const [participantId, connection] of [...member.known]) {
        const seat = state.seats.find((s) => s.participantId === participantId);
        if (seat === undefined) {
          delivery.deliver(member, { kind: 'left', participantId, connection, participantCount });
        }
      }
      for (const seat of state.seats) {
        if (seat.participantId === member.participantId) continue;
        delivery.deliver(member, {
          kind: 'joined',
          participantId: seat.participantId,
          connection: seat.connection,
          participantCount,
        });
      }
    }
  }

  async function sweep(): Promise<void> {
    await seats.releaseLapsedSeats(null);
    await repo.deleteDeadInstances();
    const expired = await repo.deleteExpiredRooms();
    for (const roomId of expired) {
      // Remembered before anyone hears of the end, so a join right after is told it ended.
      deadRooms.remember(roomId, 'expired');
      await relay.publish(roomId, { kind: 'expired' });
    }
    if (expired.length > 0) logger.info('expired chat rooms removed', { count: expired.length });
  }

  let stopTick = async () => {};
  let stopSweeper = async () => {};

  return {
    /** Beats once before any socket can join, so no seat of ours is ever without a heartbeat. */
    async start(): Promise<void> {
      await repo.heartbeat(instance, leaseMs);
      stopTick = startPeriodic('chat-tick', deps.tickMs / slices, tick, logger);
      stopSweeper = startPeriodic('chat-sweeper', deps.sweepIntervalMs, sweep, logger);
    },

    async stop(): Promise<void> {
      await stopTick();
      await stopSweeper();
    },
  };
}
