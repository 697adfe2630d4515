import crypto from 'node:crypto';
import WebSocket from 'ws';
import type { ServerFrame, ServerFrameType } from '../../../shared/api/chat.ts';
import { WS_PATH, apiPaths } from '../../../shared/api/paths.ts';

/**
 * A `/ws` client for chat tests: records every frame, lets a test wait for the next frame of
 * a type, and can go silent (stop answering pings) to play a dead connection.
 */
export class ChatTestClient {
  readonly socket: WebSocket;
  readonly received: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #cursor = new Map<string, number>();
  #waiters = new Set<() => void>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as ServerFrame);
      for (const wake of this.#waiters) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const wake of this.#waiters) wake();
      }),
    );
  }

  /** Opens a socket; `headers` go with the upgrade (e.g. X-Forwarded-For behind a proxy). */
  static async connect(
    baseUrl: string,
    headers: Record<string, string> = {},
  ): Promise<ChatTestClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${WS_PATH}`, { headers });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new ChatTestClient(socket);
  }

  send(frame: object | string): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame of this type not yet taken by an earlier call. */
  async next<Type extends ServerFrameType>(
    type: Type,
    timeoutMs = 5000,
  ): Promise<Extract<ServerFrame, { type: Type }>> {
    return this.nextOf([type], timeoutMs);
  }

  /** The next frame of any of these types not yet taken by an earlier call. */
  async nextOf<Type extends ServerFrameType>(
    types: Type[],
    timeoutMs = 5000,
  ): Promise<Extract<ServerFrame, { type: Type }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = types
        .map((type) => {
          const from = this.#cursor.get(type) ?? 0;
          return this.received.findIndex((frame, i) => i >= from && frame.type === type);
        })
        .filter((index) => index >= 0);
      if (found.length > 0) {
        const index = Math.min(...found);
        const frame = this.received[index]!;
        this.#cursor.set(frame.type, index + 1);
        return frame as Extract<ServerFrame, { type: Type }>;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(
          `no ${types.join('/')} frame; got ${this.received.map((frame) => frame.type).join(', ')}`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }

  /** Frames of this type that no next() has taken yet. */
  pending(type: ServerFrameType): ServerFrame[] {
    const from = this.#cursor.get(type) ?? 0;
    return this.received.filter((frame, i) => i >= from && frame.type === type);
  }

  /** Stops reading the socket, so pings go unanswered, as with a dead network. */
  goSilent(): void {
    (this.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  close(): void {
    this.socket.close();
  }
}

export const newParticipantId = () => crypto.randomBytes(16).toString('hex');

/** A chat-envelope-shaped ciphertext, `v1.<16-char iv>.<body>`. */
export const fakeChatEnvelope = (bytes = 48) =>
  `v1.${crypto.randomBytes(12).toString('base64url')}.${crypto.randomBytes(bytes).toString('base64url')}`;

export async function createRoom(baseUrl: string, duration = '15'): Promise<string> {
  const response = await fetch(`${baseUrl}${apiPaths.chatCreate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ duration }),
  });
  if (response.status !== 201) throw new Error(`create-session failed: ${response.status}`);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

/** Connects and joins; resolves with the client and its session_joined frame. */
export async function joinRoom(
  baseUrl: string,
  sessionId: string,
  participantId = newParticipantId(),
) {
  const client = await ChatTestClient.connect(baseUrl);
  client.send({ type: 'join_session', sessionId, participantId });
  const joined = await client.next('session_joined');
  return { client, participantId, joined };
}
