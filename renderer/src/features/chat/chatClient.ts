import { CHAT_CLOSE, serverFrameSchema } from '../../../../shared/api/chat.ts';
import type { ChatErrorCode, ClientFrame, ServerFrame } from '../../../../shared/api/chat.ts';
import { KeyExchange } from '../../../../shared/crypto/index.ts';
import type { ChatSession } from '../../../../shared/crypto/index.ts';
import { missingCase } from '../../../../shared/errors.ts';
import { CHAT_MESSAGE_MAX_CHARS } from '../../../../shared/limits.ts';
import type { ChatAction } from './chatState.ts';
import { sanitizeChatText } from './chatText.ts';

/** Things worth a toast that no phase change shows; the page words them. */
export type ChatNotice = 'sendFailed' | 'rateLimited';

export type SendResult = 'sent' | 'empty' | 'failed';

export interface ChatClientOptions {
  roomId: string;
  /** K_room from the link fragment; never sent anywhere. */
  roomKey: string;
  participantId: string;
  dispatch: (action: ChatAction) => void;
  notify: (notice: ChatNotice) => void;
  /** The socket address: the platform's `server.socketUrl`. */
  url: string;
  now?: () => number;
}

interface PendingExchange {
  generation: number;
  promise: Promise<KeyExchange>;
  /** A partner message is completing it; the next one needs an exchange of its own. */
  claimed: boolean;
}

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 5000;

/** Backoff before reconnect attempt n (0-based): 0.5 s, 1 s, 2 s, 4 s, then 5 s, ±20 %. */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random));
}

/**
 * Decodes one socket message into a ServerFrame, or null if it is not one the contract knows
 * (checked with the same schema the server is typed by).
 */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverFrameSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * One participant's connection to one room: the socket, reconnects, and the key exchange.
 *
 * Keying: whenever a partner appears (they join, or we join and find them), both sides start a
 * fresh KeyExchange and send its message; each completes with the other's. A partner message
 * that arrives when we have no exchange running (they re-keyed first) gets a fresh exchange in
 * reply, so the two always converge on one session without loops. While keying, sending is off,
 * so nothing is encrypted under a key the partner no longer holds.
 *
 * Security duties: never log or send the room key or plaintext; drop undecryptable input.
 */
export class ChatClient {
  readonly #options: ChatClientOptions;
  readonly #now: () => number;
  #socket: WebSocket | null = null;
  #stopped = false;
  #joinedOnce = false;
  #seated = false;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped whenever keying state resets; async work from an older generation is discarded. */
  #generation = 0;
  #exchange: PendingExchange | null = null;
  #session: ChatSession | null = null;

  constructor(options: ChatClientOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    if (this.#stopped || this.#socket) return;
    this.#connect();
  }

  /** Leaves the room (freeing the seat at once when `leave`) and forgets every key. */
  stop(leave = true): void {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      if (leave && this.#seated && socket.readyState === WebSocket.OPEN) {
        this.#sendOn(socket, { type: 'leave_session', ...this.#ids() });
      }
      socket.close(1000);
    }
    this.#resetKeys();
  }

  async send(raw: string): Promise<SendResult> {
    const text = sanitizeChatText(raw);
    if (text === '') return 'empty';
    const session = this.#session;
    const socket = this.#socket;
    if (!session || !socket || text.length > CHAT_MESSAGE_MAX_CHARS) return this.#sendFailed();
    try {
      const sealed = await session.encrypt(text);
      if (this.#session !== session || socket.readyState !== WebSocket.OPEN) {
        return this.#sendFailed();
      }
      this.#sendOn(socket, { type: 'send_message', ...this.#ids(), content: sealed.ciphertext });
      this.#options.dispatch({
        type: 'sent',
        id: `${this.#generation}-${sealed.seq}`,
        text,
        at: sealed.sentAt,
      });
      return 'sent';
    } catch {
      return this.#sendFailed();
    }
  }

  #sendFailed(): SendResult {
    this.#options.notify('sendFailed');
    return 'failed';
  }

  #ids() {
    return { sessionId: this.#options.roomId, participantId: this.#options.participantId };
  }

  #sendOn(socket: WebSocket, frame: ClientFrame): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  #connect(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.#options.url);
    } catch {
      this.#onClose(null, 1006);
      return;
    }
    this.#socket = socket;
    socket.addEventListener('open', () => {
      if (this.#socket === socket) this.#sendOn(socket, { type: 'join_session', ...this.#ids() });
    });
    socket.addEventListener('message', (event) => {
      if (this.#socket !== socket) return;
      const frame = parseServerFrame(event.data);
      if (frame) this.#onFrame(socket, frame);
    });
    socket.addEventListener('close', (event) => this.#onClose(socket, event.code));
  }

  #onClose(socket: WebSocket | null, code: number): void {
    if (this.#stopped || (socket !== null && this.#socket !== socket)) return;
    this.#socket = null;
    this.#seated = false;
    this.#resetKeys();
    if (code === CHAT_CLOSE.REPLACED) {
      this.#end('replaced');
      return;
    }
    // The server ended the room (its session_expired may not have made it): never rejoin.
    if (code === CHAT_CLOSE.ROOM_OVER) {
      this.#end('expired');
      return;
    }
    // A first connection that fails is an error shown at once, unless an instance shutting
    // down sent it away: another instance takes the next one.
    if (!this.#joinedOnce && code !== CHAT_CLOSE.SHUTDOWN) {
      this.#end('error');
      return;
    }
    // Our seat is held for the grace period: come back quietly and re-key.
    this.#options.dispatch({ type: 'socketLost' });
    const delay = reconnectDelay(this.#attempt++);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#stopped) this.#connect();
    }, delay);
  }

  #end(phase: 'invalid' | 'expired' | 'full' | 'error' | 'replaced'): void {
    this.#options.dispatch({ type: 'end', phase });
    this.stop(false);
  }

  #onFrame(socket: WebSocket, frame: ServerFrame): void {
    const { dispatch, participantId } = this.#options;
    const now = this.#now();
    switch (frame.type) {
      case 'session_joined':
        this.#joinedOnce = true;
        this.#seated = true;
        this.#attempt = 0;
        this.#resetKeys();
        dispatch({
          type: 'joined',
          slot: frame.slot,
          participantCount: frame.participantCount,
          timeRemaining: frame.timeRemaining,
          now,
        });
        if (frame.others.length > 0) this.#startExchange(socket);
        return;
      case 'session_full':
        this.#end('full');
        return;
      case 'session_expired':
        this.#end('expired');
        return;
      case 'participant_joined':
        if (frame.participantId === participantId) return;
        dispatch({ type: 'peerJoined', participantCount: frame.participantCount, now });
        this.#resetKeys();
        this.#startExchange(socket);
        return;
      case 'participant_left':
        if (frame.participantId === participantId) return;
        this.#resetKeys();
        dispatch({ type: 'peerLeft', participantCount: frame.participantCount, now });
        return;
      case 'new_message':
        void this.#receive(frame.participantId, frame.id, frame.content, frame.timestamp);
        return;
      case 'key_exchange':
        // The relay vouches for who sent it; the MAC inside binds the same id.
        if (
          frame.participantId === participantId ||
          frame.payload.participantId !== frame.participantId
        ) {
          return;
        }
        void this.#onPeerKeyExchange(socket, frame.payload);
        return;
      case 'time_update':
        dispatch({ type: 'timeUpdate', timeRemaining: frame.timeRemaining, now });
        return;
      case 'error':
        this.#onError(socket, frame.code);
        return;
      default:
        missingCase(frame);
    }
  }

  #onError(socket: WebSocket, code: ChatErrorCode): void {
    switch (code) {
      case 'NOT_FOUND':
        // Unknown from the start: a bad link. Gone after we were in: the room ended.
        this.#end(this.#joinedOnce ? 'expired' : 'invalid');
        return;
      case 'NOT_JOINED':
        // Our seat lapsed under us (e.g. the server lost its database for a while): sit again.
        if (this.#joinedOnce) {
          this.#seated = false;
          this.#resetKeys();
          this.#sendOn(socket, { type: 'join_session', ...this.#ids() });
        }
        return;
      case 'RATE_LIMITED':
        this.#options.notify('rateLimited');
        return;
      case 'PAYLOAD_TOO_LARGE':
      case 'VALIDATION_FAILED':
        this.#options.notify('sendFailed');
        return;
      case 'INTERNAL':
        if (this.#joinedOnce) this.#options.notify('sendFailed');
        else this.#end('error');
        return;
      default:
        missingCase(code);
    }
  }

  #resetKeys(): void {
    this.#generation++;
    this.#exchange = null;
    if (this.#session !== null) {
      this.#session = null;
      this.#options.dispatch({ type: 'unkeyed' });
    }
  }

  /** Starts a fresh exchange and sends its message once ready. */
  #startExchange(socket: WebSocket): PendingExchange {
    this.#resetKeys();
    const generation = this.#generation;
    const promise = KeyExchange.start({
      roomKey: this.#options.roomKey,
      roomId: this.#options.roomId,
      participantId: this.#options.participantId,
    });
    const exchange: PendingExchange = { generation, promise, claimed: false };
    this.#exchange = exchange;
    promise.then(
      (kx) => {
        if (this.#generation === generation && this.#socket === socket) {
          this.#sendOn(socket, { type: 'key_exchange', ...this.#ids(), payload: kx.message });
        }
      },
      () => {
        // Could not make keys (no usable crypto): sending stays off; nothing else to do.
      },
    );
    return exchange;
  }

  async #onPeerKeyExchange(socket: WebSocket, payload: unknown): Promise<void> {
    // No exchange waiting: the partner re-keyed on their own; answer with a fresh one.
    const current = this.#exchange;
    const exchange = current && !current.claimed ? current : this.#startExchange(socket);
    exchange.claimed = true;
    try {
      const kx = await exchange.promise;
      if (this.#generation !== exchange.generation) return;
      const session = await kx.complete(payload);
      if (this.#generation !== exchange.generation || this.#socket !== socket) return;
      this.#exchange = null;
      this.#session = session;
      this.#options.dispatch({ type: 'keyed', safetyCode: session.safetyCode });
    } catch {
      // A forged or stale message: ignore it; the genuine one can still complete the exchange.
      exchange.claimed = false;
    }
  }

  async #receive(sender: string, id: string, content: string, timestamp: number): Promise<void> {
    const session = this.#session;
    if (!session) {
      // Sent under a key we no longer (or not yet) share: unreadable, so counted, never shown.
      this.#options.dispatch({ type: 'dropped', count: 1 });
      return;
    }
    const result = await session.decrypt(sender, content);
    if (this.#stopped) return;
    if (result.ok) {
      this.#options.dispatch({ type: 'received', id, text: result.message.text, at: timestamp });
    } else {
      this.#options.dispatch({ type: 'dropped', count: 1 });
    }
  }
}
