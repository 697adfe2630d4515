import type { RawData, WebSocket } from 'ws';
import { CHAT_CLOSE, type ChatErrorCode, type ServerFrame } from '../../../shared/api/chat.ts';
import { MAX_WS_FRAME_BYTES } from '../../../shared/limits.ts';
import { errorMessage, type Logger } from '../logger.ts';

/**
 * Unsent bytes a socket may have queued before it is cut off. A client that stops reading
 * would otherwise make the server buffer whatever its partner (or the server's own replies)
 * sends, without end; a reading client never comes near this.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * Open sockets one client address may hold: plenty for an office behind one NAT address, too
 * few to let one address tie up the server's sockets or flood it with frames (each socket has
 * its own frame budget).
 */
export const MAX_SOCKETS_PER_ADDRESS = 64;

/** The sockets' pings are sent in this many turns per heartbeat period. */
const HEARTBEAT_SLICES = 10;

/**
 * Per-socket token buckets: frames, and bytes. Frames larger than the protocol's largest
 * (MAX_WS_FRAME_BYTES) never get this far: ws refuses them from their header and closes the
 * socket (1009) without reading them.
 */
export interface FrameRate {
  /** Sustained frames per second, and how many may come at once. */
  perSecond: number;
  burst: number;
  /**
   * Frames past the budget that are dropped unanswered before the socket is closed: one
   * RATE_LIMITED reply when a client first goes over, silence after, then the door.
   */
  overrun: number;
  /**
   * Sustained bytes per second, and how many may come at once. Past them the socket is cut off
   * at once: every byte received costs unmasking (and, within the frame budget, parsing), so a
   * client sending the largest frames as fast as its frame budget allows would otherwise make
   * the server parse ten times what any conversation needs.
   */
  bytesPerSecond: number;
  burstBytes: number;
}

/**
 * A person sends a message every few seconds at most, each well under MAX_WS_FRAME_BYTES (a
 * 1,000-character message is ~1.5 KB encrypted); typing fast, a few a second. The byte budget
 * allows three of the largest frames a second, sustained, and four at once: with sixteen, 640
 * sockets sending the largest frames from 10 addresses stalled /api/health for 1.6 s once
 * (`npm run bench -- abuse`, "frame flood").
 */
export const DEFAULT_FRAME_RATE: FrameRate = {
  perSecond: 10,
  burst: 20,
  overrun: 40,
  bytesPerSecond: 3 * MAX_WS_FRAME_BYTES,
  burstBytes: 4 * MAX_WS_FRAME_BYTES,
};

/** Policy violation: the client broke a limit (too many sockets, frames, or unread data). */
export const CLOSE_POLICY = 1008;

/** How long a client cut off for a broken limit has to finish the closing handshake. */
const POLICY_CLOSE_GRACE_MS = 1000;

/**
 * Closes a socket that broke a limit and stops reading it at once. Left reading, ws would take
 * in (and throw away) everything a client that never reads sends until its 30 s closing
 * timeout, since such a client never sees the close frame: tens of megabytes of garbage a
 * second. Paused, the kernel's buffers fill and the client's sending stops; the connection goes
 * after a short grace.
 */
function cutOff(socket: WebSocket, reason: string): void {
  socket.close(CLOSE_POLICY, reason);
  socket.pause();
  setTimeout(() => socket.terminate(), POLICY_CLOSE_GRACE_MS).unref();
}

/** Handles one decoded frame from one socket; features register these by message type. */
export type FrameHandler = (
  socket: WebSocket,
  frame: { type: string } & Record<string, unknown>,
  /** The client's address (as the HTTP layer sees it, proxies considered), for rate limits. */
  client: string,
) => void | Promise<void>;

export interface WsHub {
  accept(socket: WebSocket, client: string): void;
  /**
   * Shutdown: closes every socket with 1001 "going away" and resolves once each has closed,
   * terminating those still open after `graceMs`. Until a socket's closing handshake is done,
   * frames its client sent before it saw the close are still handled (see accept).
   */
  closeAll(graceMs: number): Promise<void>;
  size(): number;
}

/**
 * The one way anything is sent on a socket: dropped when the socket is not open, and the
 * socket cut off once it has more than MAX_BUFFERED_BYTES unsent, instead of queueing more.
 */
export function sendFrame(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(frame));
}

export function sendErrorFrame(socket: WebSocket, code: ChatErrorCode, message: string): void {
  sendFrame(socket, { type: 'error', code, message });
}

/**
 * Owns the `/ws` sockets: liveness by ping/pong (a socket that misses one beat is terminated,
 * so half-open TCP connections don't hold room slots), a cap on sockets per address, a
 * per-socket budget of frames and bytes, JSON decoding, dispatch by `type`. Whatever a
 * client sends gets at worst an error frame, or the socket closed when it keeps breaking a
 * limit. Frames are never logged: they carry ciphertext and participant ids.
 */
export function createWsHub(options: {
  logger: Logger;
  heartbeatMs: number;
  handlers: Map<string, FrameHandler>;
  /** Overrides of DEFAULT_FRAME_RATE. */
  frameRate?: Partial<FrameRate>;
  /** A client sent something that is not a frame of ours (for the security events). */
  onInvalidFrame?: (client: string) => void;
}): WsHub {
  const { logger, heartbeatMs, handlers, onInvalidFrame = () => {} } = options;
  const frameRate: FrameRate = { ...DEFAULT_FRAME_RATE, ...options.frameRate };
  const sockets = new Set<WebSocket>();
  const perAddress = new Map<string, number>();
  const alive = new WeakSet<WebSocket>();
  // Each socket is pinged once per heartbeatMs, but the sockets are dealt over slices that take
  // turns, so thousands of pings never go out in one loop that stalls every other socket.
  const beats: Set<WebSocket>[] = Array.from({ length: HEARTBEAT_SLICES }, () => new Set());
  let nextBeat = 0;
  let turn = 0;
  let goingAway = false;
  const heartbeat = setInterval(() => {
    for (const socket of beats[turn++ % HEARTBEAT_SLICES]!) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();

  return {
    accept(socket, client) {
      if (goingAway) {
        socket.close(CHAT_CLOSE.SHUTDOWN, 'Server shutting down');
        return;
      }
      const open = perAddress.get(client) ?? 0;
      if (open >= MAX_SOCKETS_PER_ADDRESS) {
        cutOff(socket, 'Too many connections from your address');
        return;
      }
      perAddress.set(client, open + 1);
      sockets.add(socket);
      const beat = beats[nextBeat++ % HEARTBEAT_SLICES]!;
      beat.add(socket);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      socket.on('close', () => {
        sockets.delete(socket);
        beat.delete(socket);
        const left = (perAddress.get(client) ?? 1) - 1;
        if (left === 0) perAddress.delete(client);
        else perAddress.set(client, left);
      });

      let tokens = frameRate.burst;
      let byteTokens = frameRate.burstBytes;
      let refilledAt = performance.now();
      socket.on('message', (data, isBinary) => {
        // Frames that arrive once the socket is closing are dropped, except at shutdown: a
        // client sends until it sees our 1001, and what it sent before then must still reach
        // its room (a chat message it shows as sent). Answers to them go nowhere.
        if (socket.readyState !== socket.OPEN && !goingAway) return;
        const now = performance.now();
        const elapsedSeconds = (now - refilledAt) / 1000;
        refilledAt = now;
        tokens = Math.min(frameRate.burst, tokens + elapsedSeconds * frameRate.perSecond);
        byteTokens = Math.min(
          frameRate.burstBytes,
          byteTokens + elapsedSeconds * frameRate.bytesPerSecond,
        );
        byteTokens -= byteLength(data);
        if (byteTokens < 0) {
          cutOff(socket, 'Too much data');
          return;
        }
        tokens -= 1;
        if (tokens < 0) {
          // Told once, on going over; every further frame over the budget goes unanswered.
          if (tokens >= -1) {
            sendErrorFrame(socket, 'RATE_LIMITED', 'Too many messages. Please slow down.');
          } else if (tokens < -frameRate.overrun) {
            cutOff(socket, 'Too many messages');
          }
          return;
        }
        const frame = isBinary ? null : decode(data.toString());
        if (frame === null) {
          onInvalidFrame(client);
          sendErrorFrame(socket, 'VALIDATION_FAILED', 'Frames must be JSON objects with a type.');
          return;
        }
        const handler = handlers.get(frame.type);
        if (!handler) {
          onInvalidFrame(client);
          sendErrorFrame(socket, 'VALIDATION_FAILED', 'Unknown message type.');
          return;
        }
        const fail = (error: unknown) => {
          logger.error('websocket handler failed', {
            type: frame.type,
            error: errorMessage(error),
          });
          sendErrorFrame(socket, 'INTERNAL', 'Server error. Please try again later.');
        };
        // Handlers run synchronously up to their first await, so frames from one socket are
        // relayed in the order they arrived; a synchronous throw must not escape the listener.
        try {
          Promise.resolve(handler(socket, frame, client)).catch(fail);
        } catch (error) {
          fail(error);
        }
      });
    },
    async closeAll(graceMs) {
      goingAway = true;
      clearInterval(heartbeat);
      const closed = [...sockets].map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === socket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close(CHAT_CLOSE.SHUTDOWN, 'Server shutting down');
          }),
      );
      const cut = setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, graceMs);
      await Promise.all(closed);
      clearTimeout(cut);
    },
    size() {
      return sockets.size;
    },
  };
}

function byteLength(data: RawData): number {
  return Array.isArray(data)
    ? data.reduce((total, chunk) => total + chunk.byteLength, 0)
    : data.byteLength;
}

function decode(text: string): ({ type: string } & Record<string, unknown>) | null {
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { type?: unknown }).type === 'string'
    ) {
      return value as { type: string } & Record<string, unknown>;
    }
    return null;
  } catch {
    return null;
  }
}
