import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  clientFrameSchema,
  type ClientFrame,
  type ChatErrorCode,
  type ServerFrame,
} from '../../../shared/api/chat.ts';
import { missingCase } from '../../../shared/errors.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import { errorMessage, type Logger } from '../logger.ts';
import type { FrameHandler } from '../ws/hub.ts';
import type { ChatRepository, RoomState } from './chat.repository.ts';
import { RelayPayloadTooLargeError } from './postgres-relay.ts';
import type { ChatEvent, ChatRelay } from './relay.ts';

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

/** Close codes the chat sends besides 1000 (room over). */
export const CHAT_CLOSE_REPLACED = 4001;

type Frame<Type extends ClientFrame['type']> = Extract<ClientFrame, { type: Type }>;

interface Member {
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

interface LocalRoom {
  readonly members: Set<Member>;
  /** Which tick slice looks after this room. */
  readonly slice: number;
  /** performance.now() at which the room ends, from the database's expires_at. */
  deadline: number;
  timer: NodeJS.Timeout | null;
  /** Bumped on every membership change seen here; a database read from before is stale. */
  version: number;
}

const randomId = () => crypto.randomBytes(16).toString('base64url');
const secondsLeft = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * A socket that stops reading while its partner keeps sending would make us buffer without
 * end; past this much unsent data it is cut off, which counts as a drop like any other.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(frame));
}

function sendError(socket: WebSocket, code: ChatErrorCode, message: string): void {
  send(socket, { type: 'error', code, message });
}

/**
 * The live side of chat: who sits in which room on this instance, relaying between them, and
 * the room timers. The database decides membership and lifetime; the relay tells every
 * instance what changed; each instance only talks to its own sockets.
 *
 * Messages are relayed, never stored and never echoed to their sender. Nothing here logs a
 * frame, a room id or a participant id.
 */
export function chatSessions(deps: {
  repo: ChatRepository;
  relay: ChatRelay;
  logger: Logger;
  timings: ChatTimings;
}) {
  const { repo, relay, logger, timings } = deps;
  /** Names this instance's seats in the database. */
  const instance = randomId();
  /** How long a heartbeat holds our seats: a few missed beats, then the rejoin grace. */
  const leaseMs = timings.rejoinGraceMs + 3 * timings.tickMs;
  const slices = Math.max(1, Math.round(timings.tickMs / 500));
  let nextSlice = 0;
  let turn = 0;
  const rooms = new Map<string, LocalRoom>();
  const members = new Map<WebSocket, Member>();
  const chains = new WeakMap<WebSocket, Promise<void>>();
  const watched = new WeakSet<WebSocket>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  relay.subscribe(onEvent);

  /** Join, leave and drop of one socket run one after another, in arrival order. */
  function serial(socket: WebSocket, task: () => Promise<void>): Promise<void> {
    const next = (chains.get(socket) ?? Promise.resolve()).catch(() => {}).then(task);
    chains.set(socket, next);
    return next;
  }

  /** Fire-and-forget work that stop() still waits for. */
  function background(name: string, task: () => Promise<void>): void {
    const run = task().catch((error: unknown) =>
      logger.error('chat task failed', { task: name, error: errorMessage(error) }),
    );
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  function later(delayMs: number, task: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  // --- local membership -------------------------------------------------------------------

  function attach(member: Member): void {
    let room = rooms.get(member.roomId);
    if (!room) {
      room = {
        members: new Set(),
        slice: nextSlice++ % slices,
        deadline: Infinity,
        timer: null,
        version: 0,
      };
      rooms.set(member.roomId, room);
    }
    room.members.add(member);
    room.version++;
    members.set(member.socket, member);
  }

  function detach(member: Member): void {
    if (members.get(member.socket) === member) members.delete(member.socket);
    const room = rooms.get(member.roomId);
    if (!room?.members.delete(member)) return;
    room.version++;
    if (room.members.size === 0) {
      if (room.timer !== null) clearTimeout(room.timer);
      rooms.delete(member.roomId);
    }
  }

  /** The deadline comes from the database's expires_at, so every instance ends the room together. */
  function armTimer(roomId: string, remainingMs: number): void {
    const room = rooms.get(roomId);
    if (!room) return;
    const deadline = performance.now() + remainingMs;
    if (room.timer !== null && Math.abs(deadline - room.deadline) < 250) return;
    room.deadline = deadline;
    if (room.timer !== null) clearTimeout(room.timer);
    room.timer = setTimeout(
      () => {
        room.timer = null;
        background('expire', () => expire(roomId));
      },
      Math.max(0, remainingMs) + 5,
    );
    room.timer.unref();
  }

  /** session_expired to every local socket of the room, then a normal close. */
  function endLocally(roomId: string): void {
    const room = rooms.get(roomId);
    if (!room) return;
    rooms.delete(roomId);
    if (room.timer !== null) clearTimeout(room.timer);
    for (const member of room.members) {
      if (members.get(member.socket) === member) members.delete(member.socket);
      send(member.socket, { type: 'session_expired' });
      member.socket.close(1000, 'Session expired');
    }
  }

  // --- events (from this instance or any other, through the relay) ------------------------

  function onEvent(roomId: string, event: ChatEvent): void {
    const room = rooms.get(roomId);
    if (!room) return;
    if (event.kind === 'expired') {
      endLocally(roomId);
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
        send(member.socket, {
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
        send(member.socket, {
          type: 'participant_left',
          participantId: event.participantId,
          participantCount: event.participantCount,
        });
        return;
      }
      case 'message':
      case 'key_exchange':
        if (event.frame.participantId !== member.participantId) send(member.socket, event.frame);
        return;
      case 'expired':
        return;
      default:
        missingCase(event);
    }
  }

  function replaced(member: Member): void {
    detach(member);
    member.socket.close(CHAT_CLOSE_REPLACED, 'Joined from another connection');
  }

  /** Our seat was freed under us (its lease lapsed, e.g. while the database was unreachable). */
  function seatLost(member: Member): void {
    detach(member);
    sendError(member.socket, 'NOT_JOINED', 'Your seat in this chat was released. Join again.');
  }

  /**
   * Relays a frame to the room. When every other participant this sender knows of sits on this
   * instance, nobody else needs it and the relay (a database round trip) is skipped.
   */
  function route(member: Member, event: ChatEvent): Promise<void> | void {
    const room = rooms.get(member.roomId);
    if (!room) return;
    const local = [...member.known].every(([participantId, connection]) =>
      [...room.members].some(
        (other) => other.participantId === participantId && other.connection === connection,
      ),
    );
    if (local) {
      onEvent(member.roomId, event);
      return;
    }
    return relay.publish(member.roomId, event).catch((error: unknown) => {
      if (!(error instanceof RelayPayloadTooLargeError)) throw error;
      sendError(member.socket, 'PAYLOAD_TOO_LARGE', 'This message is too large to relay.');
    });
  }

  // --- frames ------------------------------------------------------------------------------

  const handleFrame: FrameHandler = (socket, raw) => {
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      sendError(socket, 'VALIDATION_FAILED', `Invalid ${raw.type} message.`);
      return;
    }
    const frame = parsed.data;
    switch (frame.type) {
      case 'join_session':
        return serial(socket, () => join(socket, frame));
      case 'leave_session':
        return serial(socket, () => leave(socket, frame));
      case 'send_message':
        return sendMessage(socket, frame);
      case 'key_exchange':
        return keyExchange(socket, frame);
      default:
        missingCase(frame);
    }
  };

  /** The joined member this frame speaks for, or null after telling the client. */
  function memberFor(socket: WebSocket, frame: { sessionId: string; participantId: string }) {
    const member = members.get(socket);
    if (
      member === undefined ||
      member.backlog !== null ||
      member.roomId !== frame.sessionId ||
      member.participantId !== frame.participantId
    ) {
      sendError(socket, 'NOT_JOINED', 'Join the chat before sending.');
      return null;
    }
    return member;
  }

  function watch(socket: WebSocket): void {
    if (watched.has(socket)) return;
    watched.add(socket);
    // Fires for every end of the socket: a close from either side, or the hub terminating it
    // after a missed heartbeat; all of them count as a drop.
    socket.once('close', () => {
      serial(socket, async () => {
        const member = members.get(socket);
        if (member === undefined || stopped) return;
        detach(member);
        await dropSeats([member]);
      }).catch((error: unknown) =>
        logger.error('chat drop failed', { error: errorMessage(error) }),
      );
    });
  }

  /** Seats of dropped sockets stay held for the grace period; then they are freed and announced. */
  async function dropSeats(dropped: Member[]): Promise<void> {
    const held = await repo.markDropped(
      instance,
      dropped.map((member) => member.connection),
      timings.rejoinGraceMs,
    );
    if (held === 0 || stopped) return;
    for (const roomId of new Set(dropped.map((member) => member.roomId))) {
      later(timings.rejoinGraceMs + 20, () =>
        background('release', () => releaseLapsedSeats(roomId)),
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

  async function join(socket: WebSocket, frame: Frame<'join_session'>): Promise<void> {
    if (stopped) return;
    watch(socket);
    const { sessionId: roomId, participantId } = frame;
    const previous = members.get(socket);
    if (previous !== undefined) {
      // The same seat again (e.g. to re-key) keeps it; joining elsewhere leaves the old room.
      if (previous.roomId === roomId && previous.participantId === participantId) detach(previous);
      else await leaveSeat(previous);
    }

    await releaseLapsedSeats(roomId);
    const connection = randomId();
    let outcome = await repo.join({ roomId, participantId, connection, instance });
    for (let attempt = 1; outcome.kind === 'raced' && attempt < 3; attempt++) {
      outcome = await repo.join({ roomId, participantId, connection, instance });
    }
    switch (outcome.kind) {
      case 'missing':
        sendError(socket, 'NOT_FOUND', 'This chat does not exist or has ended.');
        return;
      case 'expired':
        send(socket, { type: 'session_expired' });
        background('expire', () => expire(roomId));
        return;
      case 'full':
      case 'raced':
        send(socket, { type: 'session_full' });
        return;
      case 'joined':
        break;
      default:
        missingCase(outcome);
    }

    const member: Member = {
      socket,
      roomId,
      participantId,
      connection,
      known: new Map(),
      backlog: [],
    };
    if (stopped || socket.readyState !== socket.OPEN) {
      await dropSeats([member]);
      return;
    }
    // Attached before reading the room, so no event published after the read can miss us;
    // what arrives meanwhile waits in the backlog and is deduplicated against the read.
    attach(member);
    let state: RoomState | null;
    try {
      state = await repo.roomState(roomId);
    } catch (error) {
      detach(member);
      await dropSeats([member]).catch(() => {});
      throw error;
    }
    if (members.get(socket) !== member) return; // expired or replaced meanwhile
    if (state === null) {
      await expire(roomId);
      return;
    }
    const others = state.seats.filter((seat) => seat.participantId !== participantId);
    member.known = new Map(others.map((seat) => [seat.participantId, seat.connection]));
    const participantCount = state.seats.length;
    send(socket, {
      type: 'session_joined',
      participantId,
      slot: outcome.slot,
      participantCount,
      timeRemaining: secondsLeft(state.remainingMs),
      others: others.map((seat) => seat.participantId),
    });
    armTimer(roomId, state.remainingMs);
    const backlog = member.backlog ?? [];
    member.backlog = null;
    for (const event of backlog) deliver(member, event);
    await relay.publish(roomId, { kind: 'joined', participantId, connection, participantCount });
  }

  async function leave(socket: WebSocket, frame: Frame<'leave_session'>): Promise<void> {
    const member = memberFor(socket, frame);
    if (member !== null) await leaveSeat(member);
  }

  /** An explicit leave frees the seat at once; the socket stays open and may join again. */
  async function leaveSeat(member: Member): Promise<void> {
    detach(member);
    const left = await repo.leave(member.roomId, member.participantId, member.connection);
    if (left === null) return;
    await relay.publish(member.roomId, {
      kind: 'left',
      participantId: member.participantId,
      connection: member.connection,
      participantCount: left.participantCount,
    });
  }

  function sendMessage(socket: WebSocket, frame: Frame<'send_message'>) {
    const member = memberFor(socket, frame);
    if (member === null) return;
    return route(member, {
      kind: 'message',
      frame: {
        type: 'new_message',
        id: randomId(),
        content: frame.content,
        timestamp: Date.now(),
        participantId: member.participantId,
      },
    });
  }

  function keyExchange(socket: WebSocket, frame: Frame<'key_exchange'>) {
    const member = memberFor(socket, frame);
    if (member === null) return;
    // The MAC binds the id inside; one that differs from the sender's seat is never genuine.
    if (frame.payload.participantId !== member.participantId) {
      sendError(socket, 'VALIDATION_FAILED', 'The key exchange must come from its sender.');
      return;
    }
    return route(member, {
      kind: 'key_exchange',
      frame: { type: 'key_exchange', participantId: member.participantId, payload: frame.payload },
    });
  }

  // --- room lifetime -----------------------------------------------------------------------

  async function expire(roomId: string): Promise<void> {
    if (stopped) return;
    let result;
    try {
      result = await repo.expireRoom(roomId);
    } catch (error) {
      if (rooms.get(roomId)?.timer === null) armTimer(roomId, 1000);
      throw error;
    }
    switch (result.kind) {
      case 'pending':
        armTimer(roomId, result.remainingMs);
        return;
      case 'deleted':
        await relay.publish(roomId, { kind: 'expired' });
        endLocally(roomId);
        return;
      case 'gone':
        endLocally(roomId);
        return;
      default:
        missingCase(result);
    }
  }

  /**
   * Every tick: the heartbeat that keeps this instance's seats, then for one slice of the local
   * rooms: time_update, and reconciliation with the database — which also repairs anything a
   * relay outage made us miss.
   */
  async function tick(): Promise<void> {
    if (stopped) return;
    const slice = turn++ % slices;
    const due = [...rooms].filter(([, room]) => room.slice === slice);
    const versions = new Map(due.map(([roomId, room]) => [roomId, room.version]));
    let snapshot: Map<string, RoomState> | null = null;
    try {
      if (slice === 0) await repo.heartbeat(instance, leaseMs);
      if (versions.size > 0) snapshot = await repo.snapshot([...versions.keys()]);
    } catch (error) {
      // The countdown still goes out, from the deadline last read from the database.
      logger.warn('chat tick could not reach the database', { error: errorMessage(error) });
    }
    for (const [roomId, version] of versions) {
      const room = rooms.get(roomId);
      if (!room || stopped) continue;
      let remainingMs = room.deadline - performance.now();
      if (snapshot !== null) {
        const state = snapshot.get(roomId);
        if (!state) {
          // Over (or removed by another instance): end it here and make sure the row goes too.
          background('expire', () => expire(roomId));
          continue;
        }
        remainingMs = state.remainingMs;
        armTimer(roomId, remainingMs);
        if (room.version === version) reconcile(room, state);
      }
      if (!Number.isFinite(remainingMs)) continue; // nobody seated here yet
      const update: ServerFrame = { type: 'time_update', timeRemaining: secondsLeft(remainingMs) };
      for (const member of room.members) if (member.backlog === null) send(member.socket, update);
    }
  }

  function reconcile(room: LocalRoom, state: RoomState): void {
    const participantCount = state.seats.length;
    for (const member of [...room.members]) {
      if (member.backlog !== null) continue;
      const own = state.seats.find((seat) => seat.participantId === member.participantId);
      if (own === undefined) {
        seatLost(member);
        continue;
      }
      if (own.connection !== member.connection) {
        replaced(member);
        continue;
      }
      for (const [participantId, connection] of [...member.known]) {
        const seat = state.seats.find((s) => s.participantId === participantId);
        if (seat === undefined) {
          deliver(member, { kind: 'left', participantId, connection, participantCount });
        }
      }
      for (const seat of state.seats) {
        if (seat.participantId === member.participantId) continue;
        deliver(member, {
          kind: 'joined',
          participantId: seat.participantId,
          connection: seat.connection,
          participantCount,
        });
      }
    }
  }

  async function sweep(): Promise<void> {
    await releaseLapsedSeats(null);
    await repo.deleteDeadInstances();
    const expired = await repo.deleteExpiredRooms();
    for (const roomId of expired) await relay.publish(roomId, { kind: 'expired' });
    if (expired.length > 0) logger.info('expired chat rooms removed', { count: expired.length });
  }

  let stopTick = async () => {};
  let stopSweeper = async () => {};

  return {
    /** Beats once before any socket can join, so no seat of ours is ever without a heartbeat. */
    async start(): Promise<void> {
      await repo.heartbeat(instance, leaseMs);
      stopTick = startPeriodic('chat-tick', timings.tickMs / slices, tick, logger);
      stopSweeper = startPeriodic('chat-sweeper', timings.sweepIntervalMs, sweep, logger);
    },
    frameHandlers: new Map<ClientFrame['type'], FrameHandler>([
      ['join_session', handleFrame],
      ['send_message', handleFrame],
      ['key_exchange', handleFrame],
      ['leave_session', handleFrame],
    ]),
    /**
     * Shutdown: this instance's participants keep their seats for the grace period, so they can
     * rejoin through another instance; their sockets are closed by the hub afterwards.
     */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      await stopTick();
      await stopSweeper();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const room of rooms.values()) if (room.timer !== null) clearTimeout(room.timer);
      rooms.clear();
      members.clear();
      await Promise.allSettled([...running]);
      try {
        await repo.retire(instance, timings.rejoinGraceMs);
      } catch (error) {
        logger.warn('chat seats not released on shutdown', { error: errorMessage(error) });
      }
      await relay.close();
    },
  };
}
