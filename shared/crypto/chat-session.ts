import { z } from 'zod';
import { encodeFields } from './bytes.ts';
import { utf8Decode, utf8Encode } from './encoding.ts';
import type { Curve, CryptoEngine } from './engine.ts';
import { openEnvelope, sealEnvelope } from './envelope.ts';
import { isCryptoError } from './errors.ts';
import { LABEL } from './protocol.ts';
import { deriveSafetyCode } from './safety-code.ts';

/** What travels inside each chat ciphertext (JSON). */
export interface ChatPlaintext {
  /** Per-sender counter from 1; a receiver drops any seq not above the last one it accepted. */
  seq: number;
  text: string;
  /** Sender's clock, ms since the epoch; informational only. */
  sentAt: number;
}

const chatPlaintextSchema = z.object({
  seq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  text: z.string(),
  sentAt: z.number().finite(),
});

export interface SealedChatMessage extends ChatPlaintext {
  sender: string;
  /** `v1.<iv>.<ciphertext‖tag>`; the only thing to relay (with the sender's participant id). */
  ciphertext: string;
}

export interface ReceivedChatMessage extends ChatPlaintext {
  sender: string;
}

export type ChatDropReason =
  /** Claimed sender is not the peer this session was keyed with (e.g. our own echo). */
  | 'NOT_FROM_PEER'
  /** Not an envelope, or decrypted to something other than a v1 chat plaintext. */
  | 'MALFORMED'
  /** Wrong key, tampered bytes, or AAD mismatch (another room or another sender). */
  | 'DECRYPT_FAILED'
  /** seq not above the last accepted one: a replay, a duplicate or a reordered old message. */
  | 'REPLAY';

export type ChatReceiveResult =
  { ok: true; message: ReceivedChatMessage } | { ok: false; reason: ChatDropReason };

/**
 * AAD = fields("ashnote/v1/chat/msg", roomId, sender): a ciphertext cannot be moved to another
 * room, nor reflected back to its author as if the peer had said it.
 */
function messageAad(roomId: string, sender: string): Uint8Array {
  return encodeFields(LABEL.chatMessage, roomId, sender);
}

/** What a finished key exchange knows about the conversation it keyed. */
interface SessionInit {
  engine: CryptoEngine;
  sessionKey: Uint8Array;
  roomId: string;
  participantId: string;
  peerId: string;
  curve: Curve;
}

/**
 * One keyed conversation between this participant and one peer. Made by
 * `KeyExchange.complete()`; a re-join runs a new exchange and replaces the session, which also
 * resets sequence numbers (old ciphertexts cannot replay across sessions: the key differs).
 */
export class ChatSession {
  readonly roomId: string;
  readonly participantId: string;
  readonly peerId: string;
  readonly curve: Curve;
  /** Show on both screens; equal codes mean no one sits between the two people. */
  readonly safetyCode: string;

  readonly #engine: CryptoEngine;
  readonly #key: Uint8Array;
  readonly #drops: Record<ChatDropReason, number> = {
    NOT_FROM_PEER: 0,
    MALFORMED: 0,
    DECRYPT_FAILED: 0,
    REPLAY: 0,
  };
  #nextSeq = 1;
  #lastPeerSeq = 0;
  /** Serialises work so seqs leave in order and are checked in arrival order. */
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(init: SessionInit & { safetyCode: string }) {
    this.#engine = init.engine;
    this.#key = init.sessionKey;
    this.roomId = init.roomId;
    this.participantId = init.participantId;
    this.peerId = init.peerId;
    this.curve = init.curve;
    this.safetyCode = init.safetyCode;
  }

  static async create(init: SessionInit): Promise<ChatSession> {
    const safetyCode = await deriveSafetyCode(init.engine, init.sessionKey);
    return new ChatSession({ ...init, safetyCode });
  }

  /** Total messages dropped so far. */
  get dropCount(): number {
    return Object.values(this.#drops).reduce((sum, count) => sum + count, 0);
  }

  /** Drops by reason, for diagnostics ("2 messages could not be verified"). */
  get drops(): Readonly<Record<ChatDropReason, number>> {
    return { ...this.#drops };
  }

  async encrypt(text: string, sentAt: number = Date.now()): Promise<SealedChatMessage> {
    return this.#serial(async () => {
      const plaintext: ChatPlaintext = { seq: this.#nextSeq++, text, sentAt };
      const ciphertext = await sealEnvelope(
        this.#engine,
        this.#key,
        messageAad(this.roomId, this.participantId),
        utf8Encode(JSON.stringify(plaintext)),
      );
      return { ...plaintext, sender: this.participantId, ciphertext };
    });
  }

  /**
   * Never throws for bad input: a forged, tampered, replayed or garbled message comes back as
   * `{ ok: false, reason }` and is counted, so one bad frame cannot break the conversation.
   */
  async decrypt(sender: string, ciphertext: string): Promise<ChatReceiveResult> {
    return this.#serial(async () => {
      if (sender !== this.peerId) return this.#drop('NOT_FROM_PEER');
      if (typeof ciphertext !== 'string') return this.#drop('MALFORMED');
      let plaintext: ChatPlaintext;
      try {
        const bytes = await openEnvelope(
          this.#engine,
          this.#key,
          messageAad(this.roomId, sender),
          ciphertext,
        );
        const parsed = chatPlaintextSchema.safeParse(JSON.parse(utf8Decode(bytes)));
        if (!parsed.success) return this.#drop('MALFORMED');
        plaintext = parsed.data;
      } catch (error) {
        if (isCryptoError(error, 'DECRYPT_FAILED')) return this.#drop('DECRYPT_FAILED');
        if (isCryptoError(error) || error instanceof SyntaxError) return this.#drop('MALFORMED');
        throw error;
      }
      if (plaintext.seq <= this.#lastPeerSeq) return this.#drop('REPLAY');
      this.#lastPeerSeq = plaintext.seq;
      return { ok: true, message: { ...plaintext, sender } };
    });
  }

  #drop(reason: ChatDropReason): ChatReceiveResult {
    this.#drops[reason]++;
    return { ok: false, reason };
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
