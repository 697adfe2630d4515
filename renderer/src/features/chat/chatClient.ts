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

/**
 * How long the side that answers waits for the leader's key exchange before asking for one (see
 * ChatClient): its news of the leader can come after the leader's message, which it then answered
 * under keys the news makes it drop, or the message was lost with a relay outage.
 */
const ASK_FOR_KEYS_MS = 1000;

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
 * Keying: the participant with the lower id leads. Whenever a partner appears (they join, or we
 * join and find them), both drop their keys and the leader starts a fresh KeyExchange and sends
 * its message; the other answers every message of the leader's with a fresh exchange of its own,
 * completed with it. The leader completes its exchange with the first answer; a message that
 * finds it with none waiting (the answer to an exchange it has since dropped, say both rejoined
 * at once) makes it start again. The answering side, left without keys for a while with a
 * partner present, sends a message of its own, which makes the leader start again. So only the
 * leader starts exchanges and the two converge on one session. With both sides starting and
 * answering, simultaneous rejoins (an instance shutting down moves both people at once) could
 * answer each other for good, each completing its newest exchange with the other's previous one.
 * While keying, sending is off, so nothing is encrypted under a key the partner no longer holds.
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
  /** The partner in the room, as last announced; null when alone. */
  #partner: string | null = null;
  #askTimer: ReturnType<typeof setTimeout> | null = null;
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
    if (this.#askTimer !== null) clearTimeout(this.#askTimer);
    this.#askTimer = null;
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
        this.#partnerAppeared(socket, frame.others[0] ?? null);
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
        this.#partnerAppeared(socket, frame.participantId);
        return;
      case 'participant_left':
        if (frame.participantId === participantId) return;
        this.#partner = null;
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
        void this.#onPeerKeyExchange(socket, frame.participantId, frame.payload);
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

  /** Whether we start the key exchanges with this partner (see the class comment). */
  #leads(partner: string): boolean {
    return this.#options.participantId < partner;
  }

  /** A partner is here (or none): the leader starts an exchange, the other side awaits it. */
  #partnerAppeared(socket: WebSocket, partner: string | null): void {
    this.#partner = partner;
    if (partner === null) return;
    if (this.#leads(partner)) this.#startExchange(socket);
    else this.#askForKeysLater(socket);
  }

  /**
   * The answering side: while a partner is here and we have no keys, every ASK_FOR_KEYS_MS a
   * message of ours goes out, which makes the leader start a fresh exchange.
   */
  #askForKeysLater(socket: WebSocket): void {
    if (this.#askTimer !== null) clearTimeout(this.#askTimer);
    this.#askTimer = setTimeout(() => {
      this.#askTimer = null;
      const partner = this.#partner;
      if (this.#stopped || this.#socket !== socket || this.#session !== null) return;
      if (partner === null || this.#leads(partner)) return;
      this.#startExchange(socket);
      this.#askForKeysLater(socket);
    }, ASK_FOR_KEYS_MS);
  }

  async #onPeerKeyExchange(socket: WebSocket, partner: string, payload: unknown): Promise<void> {
    let exchange: PendingExchange;
    if (this.#leads(partner)) {
      const current = this.#exchange;
      if (current === null || current.claimed) {
        // An answer to an exchange we no longer have: start one it can answer.
        this.#startExchange(socket);
        return;
      }
      exchange = current;
    } else {
      // The leader started one: answer with a fresh exchange of ours.
      exchange = this.#startExchange(socket);
    }
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
