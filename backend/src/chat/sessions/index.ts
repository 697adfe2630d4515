import { errorMessage, type Logger } from '../../logger.ts';
import type { AppMetrics } from '../../metrics/app-metrics.ts';
import type { RateLimiter, RateRule } from '../../rate-limit/rate-limiter.ts';
import type { ChatRepository } from '../chat.repository.ts';
import type { ChatRelay } from '../relay.ts';
import { deadRoomMemory } from './dead-rooms.ts';
import { chatDelivery } from './delivery.ts';
import { chatExpiry } from './expiry.ts';
import { chatFrames } from './frames.ts';
import { chatJoin } from './join.ts';
import { localRooms } from './local-rooms.ts';
import { chatSeats } from './seats.ts';
import { chatUpkeep } from './upkeep.ts';
import { sessionWork } from './work.ts';

export interface ChatTimings {
  /** A dropped participant keeps their seat this long. */
  rejoinGraceMs: number;
  /**
   * Each room's period of time_update and reconciliation with the database, and the period of
   * this instance's heartbeat. The rooms are handled in slices spread over the period, so the
   * work never arrives all at once.
   */
  tickMs: number;
  /** Period of the sweeper that frees lapsed seats and removes expired rooms. */
  sweepIntervalMs: number;
}

/**
 * The live side of chat: who sits in which room on this instance, relaying between them, and
 * the room timers. The database decides membership and lifetime; the relay tells every
 * instance what changed; each instance only talks to its own sockets.
 *
 * Messages are relayed, never stored and never echoed to their sender. Nothing here logs a
 * frame, a room id or a participant id. Everything goes out through the hub's send path
 * (sendFrame): a socket that stops reading is cut off (a drop like any other) rather than
 * buffered for.
 */
export function chatSessions(deps: {
  repo: ChatRepository;
  relay: ChatRelay;
  logger: Logger;
  metrics: AppMetrics;
  timings: ChatTimings;
  limiter: RateLimiter;
  /** Joins one client address may attempt. */
  joinRule: RateRule;
}) {
  const { repo, relay, logger, metrics, timings, limiter, joinRule } = deps;
  /** Names this instance's seats in the database, and its address on the relay. */
  const instance = relay.instance;
  const slices = Math.max(1, Math.round(timings.tickMs / 500));
  const work = sessionWork(logger);
  const local = localRooms(slices, relay);
  const deadRooms = deadRoomMemory();
  const delivery = chatDelivery({ local, relay, deadRooms, metrics });
  const seats = chatSeats({
    repo,
    relay,
    local,
    work,
    logger,
    instance,
    rejoinGraceMs: timings.rejoinGraceMs,
  });
  const expiry = chatExpiry({ repo, relay, local, deadRooms, work });
  const join = chatJoin({
    repo,
    relay,
    local,
    deadRooms,
    delivery,
    expiry,
    seats,
    work,
    limiter,
    joinRule,
    instance,
  });
  const upkeep = chatUpkeep({
    repo,
    relay,
    local,
    deadRooms,
    delivery,
    expiry,
    seats,
    work,
    logger,
    instance,
    // A few missed beats, then the rejoin grace.
    leaseMs: timings.rejoinGraceMs + 3 * timings.tickMs,
    tickMs: timings.tickMs,
    slices,
    sweepIntervalMs: timings.sweepIntervalMs,
  });

  relay.subscribe(delivery.onEvent);

  return {
    start: () => upkeep.start(),
    frameHandlers: chatFrames({ local, delivery, seats, work, join }),
    /**
     * Shutdown: this instance's participants keep their seats for the grace period, so they can
     * rejoin through another instance; their sockets are closed by the hub afterwards.
     */
    async stop(): Promise<void> {
      if (work.stopped) return;
      work.markStopped();
      await upkeep.stop();
      local.clear();
      await work.drain();
      try {
        await repo.retire(instance, timings.rejoinGraceMs);
      } catch (error) {
        logger.warn('chat seats not released on shutdown', { error: errorMessage(error) });
      }
      await relay.close();
    },
  };
}
