import type { WebSocket } from 'ws';
import { errorMessage, type Logger } from '../logger.ts';

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
 * so half-open TCP connections don't hold room slots), JSON decoding, dispatch by `type`.
 * Frames are never logged: they carry ciphertext and participant ids.
 */
export function createWsHub(options: {
  logger: Logger;
  heartbeatMs: number;
  handlers: Map<string, FrameHandler>;
}): WsHub {
  const { logger, heartbeatMs, handlers } = options;
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
      socket.on('message', (data, isBinary) => {
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
        Promise.resolve(handler(socket, frame)).catch((error: unknown) => {
          logger.error('websocket handler failed', {
            type: frame.type,
            error: errorMessage(error),
          });
          sendErrorFrame(socket, 'INTERNAL', 'Server error. Please try again later.');
        });
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
