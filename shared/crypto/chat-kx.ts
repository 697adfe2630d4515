import { z } from 'zod';
import { concatBytes, constantTimeEqual, encodeFields } from './bytes.ts';
import { base64UrlDecode, base64UrlEncode, utf8Encode } from './encoding.ts';
import { CURVES } from './engine.ts';
import type { Curve, CryptoEngine, EcdhKeyPair } from './engine.ts';
import { CryptoError } from './errors.ts';
import { ChatSession } from './chat-session.ts';
import { resolveEngine } from './get-engine.ts';
import { decodeKeyText, randomKeyText } from './keys.ts';
import { chatSessionInfo, KEY_BYTES, LABEL } from './protocol.ts';

/**
 * Chat keys (DESIGN §3 chat). What each protects against:
 * - K_room (link fragment, made by the creating client) authenticates the key exchange, so the
 *   relay server — which never sees it — cannot substitute its own public keys.
 * - The ephemeral ECDH pair per join gives forward secrecy: someone who learns the link later
 *   (browser history, a forwarded message) still cannot decrypt recorded traffic.
 * - The session key needs both: HKDF-SHA256(K_room ‖ ECDH secret, empty salt,
 *   "ashnote/v1/chat/<roomId>", 32).
 * - A link holder can still sit in the middle of a live exchange; the safety code exposes that.
 *
 * Curve agreement, in one message each way: every participant offers one fresh public key per
 * curve its engine supports (always P-256, plus X25519 where available). Both sides then pick
 * X25519 if both offered it, else P-256 — the same rule on the same MAC-protected offers, so they
 * always agree, and the relay cannot strip X25519 to force a downgrade.
 */

const MAX_ID_LENGTH = 256;

export const keyExchangeOfferSchema = z.object({
  curve: z.enum(CURVES),
  /** Raw public key, base64url (X25519: 32 bytes; P-256: 65-byte uncompressed point). */
  publicKey: z.string().max(128),
});

/** The public-key message each participant sends through the relay. */
export const keyExchangeMessageSchema = z.object({
  v: z.literal(1),
  participantId: z.string().min(1).max(MAX_ID_LENGTH),
  offers: z.array(keyExchangeOfferSchema).min(1).max(CURVES.length),
  /**
   * HMAC-SHA256(K_room, fields("ashnote/v1/chat/kx", roomId, participantId, curve₁, publicKey₁,
   * …)) over raw public-key bytes, base64url; `fields` length-prefixes each value (see bytes.ts).
   */
  mac: z.string().max(64),
});

export type KeyExchangeOffer = z.infer<typeof keyExchangeOfferSchema>;
export type KeyExchangeMessage = z.infer<typeof keyExchangeMessageSchema>;

/** A fresh K_room (32 random bytes) as 43 base64url characters. */
export async function generateRoomKey(engine?: CryptoEngine): Promise<string> {
  return randomKeyText(await resolveEngine(engine));
}

function checkId(value: string, what: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new CryptoError('INVALID_INPUT', `${what} must be 1..${MAX_ID_LENGTH} characters`);
  }
}

function macInput(
  roomId: string,
  participantId: string,
  offers: readonly { curve: Curve; publicKey: Uint8Array }[],
): Uint8Array {
  const fields = offers.flatMap((offer) => [offer.curve, offer.publicKey]);
  return encodeFields(LABEL.chatKeyExchange, roomId, participantId, ...fields);
}

/** Picks X25519 when both sides offer it, else P-256 (CURVES is in preference order). */
export function chooseCurve(ours: readonly Curve[], theirs: readonly Curve[]): Curve {
  const curve = CURVES.find((candidate) => ours.includes(candidate) && theirs.includes(candidate));
  if (!curve) throw new CryptoError('NO_COMMON_CURVE', 'no curve in common with the peer');
  return curve;
}

/** HKDF-SHA256(K_room ‖ sharedSecret, empty salt, "ashnote/v1/chat/<roomId>", 32). */
export async function deriveChatSessionKey(
  engine: CryptoEngine,
  roomKey: Uint8Array,
  sharedSecret: Uint8Array,
  roomId: string,
): Promise<Uint8Array> {
  return engine.hkdfSha256(
    concatBytes(roomKey, sharedSecret),
    new Uint8Array(0),
    utf8Encode(chatSessionInfo(roomId)),
    KEY_BYTES,
  );
}

export interface KeyExchangeParams {
  /** K_room from the link fragment, base64url. */
  roomKey: string;
  roomId: string;
  /** This participant's id as the relay knows it; bound into the MAC and every message AAD. */
  participantId: string;
  engine?: CryptoEngine;
}

/**
 * One side of one key exchange: send `message`, then `complete()` with the peer's message. Run
 * a new exchange whenever either participant (re-)joins; each exchange is single-use, so every
 * session gets fresh ephemeral keys.
 */
export class KeyExchange {
  readonly message: KeyExchangeMessage;
  readonly #engine: CryptoEngine;
  readonly #roomKey: Uint8Array;
  readonly #roomId: string;
  readonly #participantId: string;
  #pairs: Map<Curve, EcdhKeyPair> | null;

  private constructor(init: {
    engine: CryptoEngine;
    roomKey: Uint8Array;
    roomId: string;
    participantId: string;
    pairs: Map<Curve, EcdhKeyPair>;
    message: KeyExchangeMessage;
  }) {
    this.#engine = init.engine;
    this.#roomKey = init.roomKey;
    this.#roomId = init.roomId;
    this.#participantId = init.participantId;
    this.#pairs = init.pairs;
    this.message = init.message;
  }

  static async start(params: KeyExchangeParams): Promise<KeyExchange> {
    const engine = await resolveEngine(params.engine);
    const roomKey = decodeKeyText(params.roomKey, 'room key');
    checkId(params.roomId, 'room id');
    checkId(params.participantId, 'participant id');
    const pairs = new Map<Curve, EcdhKeyPair>();
    for (const curve of await engine.supportedCurves()) {
      pairs.set(curve, await engine.generateEcdhKeyPair(curve));
    }
    const offers = [...pairs.values()];
    const mac = await engine.hmacSha256(
      roomKey,
      macInput(params.roomId, params.participantId, offers),
    );
    const message: KeyExchangeMessage = {
      v: 1,
      participantId: params.participantId,
      offers: offers.map(({ curve, publicKey }) => ({
        curve,
        publicKey: base64UrlEncode(publicKey),
      })),
      mac: base64UrlEncode(mac),
    };
    return new KeyExchange({ ...params, engine, roomKey, pairs, message });
  }

  /**
   * Verifies the peer's message (constant-time MAC check under K_room) and derives the session.
   * Throws `MALFORMED`, `BAD_MAC`, `NO_COMMON_CURVE`, `INVALID_PUBLIC_KEY` or
   * `KEY_EXCHANGE_USED`; a failed attempt leaves the exchange usable for the genuine message.
   */
  async complete(peerMessage: unknown): Promise<ChatSession> {
    const pairs = this.#pairs;
    if (!pairs) throw new CryptoError('KEY_EXCHANGE_USED', 'start a new key exchange');
    const parsed = keyExchangeMessageSchema.safeParse(peerMessage);
    if (!parsed.success) throw new CryptoError('MALFORMED', 'not a key-exchange message');
    const peer = parsed.data;
    const curves = peer.offers.map((offer) => offer.curve);
    if (new Set(curves).size !== curves.length) {
      throw new CryptoError('MALFORMED', 'a curve is offered twice');
    }
    const offers = peer.offers.map((offer) => ({
      curve: offer.curve,
      publicKey: base64UrlDecode(offer.publicKey),
    }));
    const expected = await this.#engine.hmacSha256(
      this.#roomKey,
      macInput(this.#roomId, peer.participantId, offers),
    );
    if (!constantTimeEqual(base64UrlDecode(peer.mac), expected)) {
      throw new CryptoError('BAD_MAC', 'key-exchange message not authenticated by the room key');
    }
    // Valid MAC, but our own message bounced back: the relay is playing games.
    if (peer.participantId === this.#participantId) {
      throw new CryptoError('BAD_MAC', 'own key-exchange message reflected');
    }

    const curve = chooseCurve([...pairs.keys()], curves);
    const peerKey = offers.find((offer) => offer.curve === curve)!.publicKey;
    const sharedSecret = await pairs.get(curve)!.deriveSharedSecret(peerKey);
    const sessionKey = await deriveChatSessionKey(
      this.#engine,
      this.#roomKey,
      sharedSecret,
      this.#roomId,
    );
    // A concurrent complete() may have won while we awaited; only one session per key pair.
    if (this.#pairs !== pairs) {
      throw new CryptoError('KEY_EXCHANGE_USED', 'start a new key exchange');
    }
    // Dropping the private keys is what makes later link leaks harmless (forward secrecy).
    this.#pairs = null;
    return ChatSession.create({
      engine: this.#engine,
      sessionKey,
      roomId: this.#roomId,
      participantId: this.#participantId,
      peerId: peer.participantId,
      curve,
    });
  }
}
