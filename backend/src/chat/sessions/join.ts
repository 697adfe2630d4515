import type { WebSocket } from 'ws';
import type { ClientFrame } from '../../../../shared/api/chat.ts';
import { missingCase } from '../../../../shared/errors.ts';
import { concurrencyGate } from '../../concurrency-gate.ts';
import { AppError } from '../../http/app-error.ts';
import type { RateLimiter, RateRule } from '../../rate-limit/rate-limiter.ts';
import { sendErrorFrame, sendFrame } from '../../ws/hub.ts';
import type { ChatRepository, RoomState } from '../chat.repository.ts';
import { joinToken, type ChatRelay } from '../relay.ts';
import type { DeadRoom, DeadRooms } from './dead-rooms.ts';
import type { Delivery } from './delivery.ts';
import { secondsLeft, type Expiry } from './expiry.ts';
import type { LocalRooms, Member } from './local-rooms.ts';
import type { Seats } from './seats.ts';
import type { SessionWork } from './work.ts';

/**
 * Joins that work on the database at once, and joins waiting their turn. A join takes a few
 * statements; a flood of them (1,000 a second for rooms that don't exist) would otherwise take
 * every pooled connection, and every other request (a note's read, the health check) would
 * queue behind hundreds of them. Four at a time leaves most of the pool (ten connections on
 * PostgreSQL; the embedded database's one queue) to everything else.
 */
const JOINS_AT_ONCE = 4;
const JOINS_WAITING = 1000;

type JoinFrame = Extract<ClientFrame, { type: 'join_session' }>;

/** The answer to a join for a room that is over or never was. */
function refuseDead(socket: WebSocket, how: DeadRoom): void {
  if (how === 'expired') sendFrame(socket, { type: 'session_expired' });
  else sendErrorFrame(socket, 'NOT_FOUND', 'This chat does not exist or has ended.');
}

/**
 * A join: a seat taken in the database, the socket attached here, the room's state sent to it,
 * and the join announced to every instance.
 */
export function chatJoin(deps: {
  repo: ChatRepository;
  relay: ChatRelay;
  local: LocalRooms;
  deadRooms: DeadRooms;
  delivery: Delivery;
  expiry: Expiry;
  seats: Seats;
  work: SessionWork;
  limiter: RateLimiter;
  /** Joins one client address may attempt. */
  joinRule: RateRule;
  /** Names this instance's seats in the database. */
  instance: string;
}) {
  const { repo, relay, local, deadRooms, delivery, expiry, seats, work, limiter, joinRule } = deps;
  const { instance } = deps;
  const gate = concurrencyGate({ running: JOINS_AT_ONCE, waiting: JOINS_WAITING });

  async function join(socket: WebSocket, frame: JoinFrame, client: string): Promise<void> {
    if (work.stopped) return;
    const dead = deadRooms.get(frame.sessionId);
    if (dead !== undefined) {
      refuseDead(socket, dead);
      return;
    }
    const turn = gate.enter();
    if (turn === null) {
      sendErrorFrame(socket, 'RATE_LIMITED', 'The server is busy. Please wait and try again.');
      return;
    }
    const leave = await turn;
    try {
      await seat(socket, frame, client);
    } finally {
      leave();
    }
  }

  /** A join's work on the database, once its turn has come. */
  async function seat(socket: WebSocket, frame: JoinFrame, client: string): Promise<void> {
    if (work.stopped) return;
    const { sessionId: roomId, participantId } = frame;
    try {
      await limiter.hit('chat-join', client, joinRule);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      sendErrorFrame(
        socket,
        'RATE_LIMITED',
        'Too many attempts to join. Please wait and try again.',
      );
      return;
    }
    seats.watch(socket);
    const previous = local.memberOf(socket);
    if (previous !== undefined) {
      // The same seat again (e.g. to re-key) keeps it; joining elsewhere leaves the old room.
      if (previous.roomId === roomId && previous.participantId === participantId) {
        local.detach(previous);
      } else {
        await seats.leaveSeat(previous);
      }
    }

    await seats.releaseLapsedSeats(roomId);
    const connection = joinToken(instance);
    const slot = await takeSeat(socket, { roomId, participantId, connection });
    if (slot === null) return;
    await welcome(
      { socket, roomId, participantId, connection, known: new Map(), backlog: [] },
      slot,
    );
  }

  /**
   * The seat in the database, tried again when another join took the free one first. Null
   * after telling the client why there is none.
   */
  async function takeSeat(
    socket: WebSocket,
    seat: { roomId: string; participantId: string; connection: string },
  ): Promise<number | null> {
    const { roomId } = seat;
    let outcome = await repo.join({ ...seat, instance });
    for (let attempt = 1; outcome.kind === 'raced' && attempt < 3; attempt++) {
      outcome = await repo.join({ ...seat, instance });
    }
    switch (outcome.kind) {
      case 'missing':
      case 'expired':
        deadRooms.remember(roomId, outcome.kind);
        refuseDead(socket, outcome.kind);
        if (outcome.kind === 'expired') work.background('expire', () => expiry.expire(roomId));
        return null;
      case 'full':
      case 'raced':
        sendFrame(socket, { type: 'session_full' });
        return null;
      case 'joined':
        return outcome.slot;
      default:
        return missingCase(outcome);
    }
  }

  /** Seats the new member here and sends it the room as it is, then announces the join. */
  async function welcome(member: Member, slot: number): Promise<void> {
    const { socket, roomId, participantId, connection } = member;
    if (work.stopped || socket.readyState !== socket.OPEN) {
      await seats.dropSeats([member]);
      return;
    }
    // Attached, and the room followed on the relay, before reading the room: no event
    // published after the read can miss us; what arrives meanwhile waits in the backlog and is
    // deduplicated against the read.
    const room = local.attach(member);
    let state: RoomState | null;
    try {
      await room.followed;
      state = await repo.roomState(roomId);
    } catch (error) {
      local.detach(member);
      await seats.dropSeats([member]).catch(() => {});
      throw error;
    }
    if (local.memberOf(socket) !== member) return; // expired or replaced meanwhile
    if (state === null) {
      await expiry.expire(roomId);
      return;
    }
    const others = state.seats.filter((seat) => seat.participantId !== participantId);
    member.known = new Map(others.map((seat) => [seat.participantId, seat.connection]));
    const participantCount = state.seats.length;
    sendFrame(socket, {
      type: 'session_joined',
      participantId,
      slot,
      participantCount,
      timeRemaining: secondsLeft(state.remainingMs),
      others: others.map((seat) => seat.participantId),
    });
    expiry.armTimer(roomId, state.remainingMs);
    const backlog = member.backlog ?? [];
    member.backlog = null;
    for (const event of backlog) delivery.deliver(member, event);
    await relay.publish(roomId, { kind: 'joined', participantId, connection, participantCount });
  }

  return join;
}

export type Join = ReturnType<typeof chatJoin>;
