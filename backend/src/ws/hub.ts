import type { RawData, WebSocket } from 'ws';
import { MAX_WS_FRAME_BYTES } from '../../../shared/limits.ts';
import { errorMessage, type Logger } from '../logger.ts';

/**
 * What ws itself accepts; above it ws closes the socket (1009). Frames between
 * MAX_WS_FRAME_BYTES and this get a PAYLOAD_TOO_LARGE error frame and the socket stays usable,
 * so a client that overshoots learns why instead of seeing its connection vanish.
 */
export const WS_HARD_MAX_PAYLOAD_BYTES = 64 * 1024;

/** Per-socket token bucket: sustained frames per second, and how many may come at once. */
export interface FrameRate {
  perSecond: number;
  burst: number;
}

export const DEFAULT_FRAME_RATE: FrameRate = { perSecond: 10, burst: 20 };

/** Handles one decoded frame from one socket; features register these by message type. */
export type FrameHandler = (
  socket: WebSocket,
  frame: { type: string } & Record<string, unknown>,
) => void | Promise<void>;

export interface WsHub {
  accept(socket: WebSocket): void;
  /** Closes every socket with 1001 "going away" (shutdown). */
  closeAll(): void;
  size(): number;
}

export function sendFrame(socket: WebSocket, frame: object): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

export function sendErrorFrame(socket: WebSocket, code: string, message: string): void {
  sendFrame(socket, { type: 'error', code, message });
}

/**
 * Owns the `/ws` sockets: liveness by ping/pong (a socket that misses one beat is terminated,
 * so half-open TCP connections don't hold room slots), a per-socket rate limit, the frame size
 * cap, JSON decoding, dispatch by `type`. Whatever a client sends gets at worst an error frame.
 * Frames are never logged: they carry ciphertext and participant ids.
 */
export function createWsHub(options: {
  logger: Logger;
  heartbeatMs: number;
  handlers: Map<string, FrameHandler>;
  frameRate?: FrameRate;
}): WsHub {
  const { logger, heartbeatMs, handlers } = options;
  const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;
  const sockets = new Set<WebSocket>();
  const alive = new WeakSet<WebSocket>();

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    accept(socket) {
      sockets.add(socket);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      socket.on('close', () => sockets.delete(socket));
      let tokens = frameRate.burst;
      let refilledAt = performance.now();
      socket.on('message', (data, isBinary) => {
        const now = performance.now();
        tokens = Math.min(
          frameRate.burst,
          tokens + ((now - refilledAt) / 1000) * frameRate.perSecond,
        );
        refilledAt = now;
        if (tokens < 1) {
          sendErrorFrame(socket, 'RATE_LIMITED', 'Too many messages. Please slow down.');
          return;
        }
        tokens -= 1;
        if (byteLength(data) > MAX_WS_FRAME_BYTES) {
          sendErrorFrame(socket, 'PAYLOAD_TOO_LARGE', 'This message is too large.');
          return;
        }
        const frame = isBinary ? null : decode(data.toString());
        if (frame === null) {
          sendErrorFrame(socket, 'VALIDATION_FAILED', 'Frames must be JSON objects with a type.');
          return;
        }
        const handler = handlers.get(frame.type);
        if (!handler) {
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
          Promise.resolve(handler(socket, frame)).catch(fail);
        } catch (error) {
          fail(error);
        }
      });
    },
    closeAll() {
      clearInterval(heartbeat);
      for (const socket of sockets) socket.close(1001, 'Server shutting down');
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
