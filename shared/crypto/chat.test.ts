import { describe, expect, it } from 'vitest';
import { concatBytes, encodeFields } from './bytes.ts';
import { chooseCurve, deriveChatSessionKey, generateRoomKey, KeyExchange } from './chat-kx.ts';
import type { KeyExchangeMessage } from './chat-kx.ts';
import { ChatSession } from './chat-session.ts';
import { base64UrlDecode, base64UrlEncode, utf8Encode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { CryptoError } from './errors.ts';
import { nobleEngine } from './noble-engine.ts';
import { deriveSafetyCode } from './safety-code.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';
import { fromHex, hex, rejection } from './testing.ts';

/** A WebCrypto that lacks X25519, like Chrome before 133. */
const p256OnlyWebCrypto: CryptoEngine = {
  ...webCryptoEngine,
  supportedCurves: async () => ['P-256'],
};

const ROOM_ID = 'room-123';

async function pair(
  engines: [CryptoEngine, CryptoEngine],
  roomKey?: string,
): Promise<[ChatSession, ChatSession]> {
  const key = roomKey ?? (await generateRoomKey());
  const alice = await KeyExchange.start({
    roomKey: key,
    roomId: ROOM_ID,
    participantId: 'alice',
    engine: engines[0],
  });
  const bob = await KeyExchange.start({
    roomKey: key,
    roomId: ROOM_ID,
    participantId: 'bob',
    engine: engines[1],
  });
  // Wire round trip: what the relay carries is JSON.
  const wire = (message: KeyExchangeMessage): unknown => JSON.parse(JSON.stringify(message));
  return Promise.all([alice.complete(wire(bob.message)), bob.complete(wire(alice.message))]);
}

async function expectConversation(alice: ChatSession, bob: ChatSession) {
  const hello = await alice.encrypt('hello bob', 1_700_000_000_000);
  expect(await bob.decrypt('alice', hello.ciphertext)).toEqual({
    ok: true,
    message: { sender: 'alice', seq: 1, text: 'hello bob', sentAt: 1_700_000_000_000 },
  });
  const reply = await bob.encrypt('hi alice ✓');
  const received = await alice.decrypt('bob', reply.ciphertext);
  expect(received.ok && received.message.text).toBe('hi alice ✓');
}

describe('chat key exchange', () => {
  it.each([
    ['webcrypto ↔ webcrypto', webCryptoEngine, webCryptoEngine, 'X25519'],
    ['webcrypto ↔ noble', webCryptoEngine, nobleEngine, 'X25519'],
    ['noble ↔ noble', nobleEngine, nobleEngine, 'X25519'],
    ['P-256-only webcrypto ↔ webcrypto', p256OnlyWebCrypto, webCryptoEngine, 'P-256'],
    ['P-256-only webcrypto ↔ noble', p256OnlyWebCrypto, nobleEngine, 'P-256'],
    ['noble ↔ P-256-only webcrypto', nobleEngine, p256OnlyWebCrypto, 'P-256'],
  ] as const)('%s agree on %s and on the session key', async (_label, a, b, curve) => {
    const [alice, bob] = await pair([a, b]);
    expect(alice.curve).toBe(curve);
    expect(bob.curve).toBe(curve);
    expect(alice.safetyCode).toMatch(/^\d{5} \d{5} \d{5} \d{5}$/);
    expect(alice.safetyCode).toBe(bob.safetyCode);
    expect([alice.peerId, bob.peerId]).toEqual(['bob', 'alice']);
    await expectConversation(alice, bob);
  });

  it('offers one key per supported curve, MAC over length-prefixed fields', async () => {
    const roomKey = await generateRoomKey();
    const kx = await KeyExchange.start({ roomKey, roomId: ROOM_ID, participantId: 'alice' });
    const { message } = kx;
    expect(message.v).toBe(1);
    expect(message.offers.map((offer) => offer.curve)).toEqual(['X25519', 'P-256']);
    expect(base64UrlDecode(message.offers[0]!.publicKey).length).toBe(32);
    expect(base64UrlDecode(message.offers[1]!.publicKey).length).toBe(65);
    const expected = await webCryptoEngine.hmacSha256(
      base64UrlDecode(roomKey),
      encodeFields(
        'ashnote/v1/chat/kx',
        ROOM_ID,
        'alice',
        'X25519',
        base64UrlDecode(message.offers[0]!.publicKey),
        'P-256',
        base64UrlDecode(message.offers[1]!.publicKey),
      ),
    );
    expect(message.mac).toBe(base64UrlEncode(expected));
  });

  it('accepts a message built by hand from the documented wire format', async () => {
    const roomKey = await generateRoomKey();
    // Bob's public key from RFC 7748 §6.1.
    const bobPublic = fromHex('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
    const mac = await webCryptoEngine.hmacSha256(
      base64UrlDecode(roomKey),
      concatBytes(
        ...['ashnote/v1/chat/kx', ROOM_ID, 'bob', 'X25519'].flatMap((field) => [
          Uint8Array.of(0, 0, 0, utf8Encode(field).length),
          utf8Encode(field),
        ]),
        Uint8Array.of(0, 0, 0, 32),
        bobPublic,
      ),
    );
    const handMade = {
      v: 1,
      participantId: 'bob',
      offers: [{ curve: 'X25519', publicKey: base64UrlEncode(bobPublic) }],
      mac: base64UrlEncode(mac),
    };
    const alice = await KeyExchange.start({ roomKey, roomId: ROOM_ID, participantId: 'alice' });
    const session = await alice.complete(handMade);
    expect(session.curve).toBe('X25519');
    expect(session.peerId).toBe('bob');
  });

  describe('rejects unauthenticated or altered messages', () => {
    async function setup() {
      const roomKey = await generateRoomKey();
      const start = (participantId: string, key = roomKey, roomId = ROOM_ID) =>
        KeyExchange.start({ roomKey: key, roomId, participantId });
      return { roomKey, start, alice: await start('alice'), bob: await start('bob') };
    }

    it('a MAC that does not verify', async () => {
      const { alice, bob } = await setup();
      const mac = base64UrlDecode(bob.message.mac);
      mac[0] ^= 1;
      const forged = { ...bob.message, mac: base64UrlEncode(mac) };
      expect(await rejection(alice.complete(forged))).toBe('BAD_MAC');
    });

    it('a substituted public key (the relay playing man in the middle)', async () => {
      const { alice, bob, start } = await setup();
      const mallory = await start('mallory');
      const swapped = { ...bob.message, offers: mallory.message.offers };
      expect(await rejection(alice.complete(swapped))).toBe('BAD_MAC');
    });

    it('a stripped X25519 offer (downgrade)', async () => {
      const { alice, bob } = await setup();
      const downgraded = { ...bob.message, offers: bob.message.offers.slice(1) };
      expect(await rejection(alice.complete(downgraded))).toBe('BAD_MAC');
    });

    it('a renamed participant, another room id or another room key', async () => {
      const { alice, bob, start } = await setup();
      expect(await rejection(alice.complete({ ...bob.message, participantId: 'bob2' }))).toBe(
        'BAD_MAC',
      );
      const otherRoom = await start('bob', undefined, 'room-124');
      expect(await rejection(alice.complete(otherRoom.message))).toBe('BAD_MAC');
      const otherKey = await start('bob', await generateRoomKey());
      expect(await rejection(alice.complete(otherKey.message))).toBe('BAD_MAC');
    });

    it('our own message reflected back', async () => {
      const { alice } = await setup();
      expect(await rejection(alice.complete(alice.message))).toBe('BAD_MAC');
    });

    it('malformed messages, and stays usable for the genuine one afterwards', async () => {
      const { alice, bob } = await setup();
      for (const bad of [null, 'x', {}, { ...bob.message, v: 2 }, { ...bob.message, offers: [] }]) {
        expect(await rejection(alice.complete(bad))).toBe('MALFORMED');
      }
      const twice = { ...bob.message, offers: [bob.message.offers[0], bob.message.offers[0]] };
      expect(await rejection(alice.complete(twice))).toBe('MALFORMED');
      const session = await alice.complete(bob.message);
      expect(session.peerId).toBe('bob');
      expect(await rejection(alice.complete(bob.message))).toBe('KEY_EXCHANGE_USED');
    });

    it('two concurrent completions yield one session', async () => {
      const { alice, bob } = await setup();
      const results = await Promise.allSettled([
        alice.complete(bob.message),
        alice.complete(bob.message),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const failed = results.find((result) => result.status === 'rejected');
      expect((failed as PromiseRejectedResult).reason).toMatchObject({ code: 'KEY_EXCHANGE_USED' });
    });
  });

  it('refuses a malformed room key or empty ids', async () => {
    const roomKey = await generateRoomKey();
    const start = (params: { roomKey?: string; roomId?: string; participantId?: string }) =>
      KeyExchange.start({ roomKey, roomId: ROOM_ID, participantId: 'alice', ...params });
    expect(await rejection(start({ roomKey: roomKey.slice(2) }))).toBe('MALFORMED');
    expect(await rejection(start({ roomId: '' }))).toBe('INVALID_INPUT');
    expect(await rejection(start({ participantId: '' }))).toBe('INVALID_INPUT');
  });

  it('prefers X25519 only when both sides have it', () => {
    expect(chooseCurve(['X25519', 'P-256'], ['P-256', 'X25519'])).toBe('X25519');
    expect(chooseCurve(['X25519', 'P-256'], ['P-256'])).toBe('P-256');
    expect(() => chooseCurve(['X25519'], ['P-256'])).toThrow(CryptoError);
  });

  it('a re-join re-keys: new exchange, new key, old ciphertexts useless', async () => {
    const roomKey = await generateRoomKey();
    const [alice1, bob1] = await pair([webCryptoEngine, webCryptoEngine], roomKey);
    const old = await alice1.encrypt('before the re-join');
    const [alice2, bob2] = await pair([webCryptoEngine, webCryptoEngine], roomKey);
    expect(alice2.safetyCode).toBe(bob2.safetyCode);
    expect(alice2.safetyCode).not.toBe(alice1.safetyCode);
    expect(await bob2.decrypt('alice', old.ciphertext)).toEqual({
      ok: false,
      reason: 'DECRYPT_FAILED',
    });
    expect((await bob1.decrypt('alice', old.ciphertext)).ok).toBe(true);
    await expectConversation(alice2, bob2);
  });
});

describe('chat session key and safety code (known answers)', () => {
  /**
   * K_room = bytes 40..5f, room "room-123", ECDH secret = RFC 7748 §6.1's; expected values
   * computed independently with node:crypto hkdfSync.
   */
  const roomKey = Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i);
  const shared = fromHex('4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742');
  const expectedKey = '55e4537484f963339e672cfbe7fc4c85a2cbf05e9756232021d2168bd7e10af3';

  it.each([
    ['webcrypto', webCryptoEngine],
    ['noble', nobleEngine],
  ])('%s derives them', async (_name, engine) => {
    const sessionKey = await deriveChatSessionKey(engine, roomKey, shared, ROOM_ID);
    expect(hex(sessionKey)).toBe(expectedKey);
    expect(await deriveSafetyCode(engine, sessionKey)).toBe('02076 70269 92640 69098');
  });

  it('another room key or room id gives another key and safety code', async () => {
    const otherRoomKey = Uint8Array.from(roomKey);
    otherRoomKey[0] ^= 1;
    const a = await deriveChatSessionKey(webCryptoEngine, otherRoomKey, shared, ROOM_ID);
    const b = await deriveChatSessionKey(webCryptoEngine, roomKey, shared, 'room-124');
    expect(hex(a)).not.toBe(expectedKey);
    expect(hex(b)).not.toBe(expectedKey);
    expect(await deriveSafetyCode(webCryptoEngine, a)).not.toBe('02076 70269 92640 69098');
  });

  it('another room key in a live exchange gives a different safety code', async () => {
    const [alice1] = await pair([webCryptoEngine, nobleEngine]);
    const [alice2] = await pair([webCryptoEngine, nobleEngine]);
    expect(alice1.safetyCode).not.toBe(alice2.safetyCode);
  });
});

describe('chat messages', () => {
  const sessionKey = fromHex('55e4537484f963339e672cfbe7fc4c85a2cbf05e9756232021d2168bd7e10af3');
  const session = (participantId: string, peerId: string, roomId = ROOM_ID) =>
    ChatSession.create({
      engine: webCryptoEngine,
      sessionKey,
      roomId,
      participantId,
      peerId,
      curve: 'X25519',
    });

  it('decrypts a message sealed by hand with the documented AAD and plaintext', async () => {
    const bob = await session('bob', 'alice');
    const iv = webCryptoEngine.randomBytes(12);
    const aad = encodeFields('ashnote/v1/chat/msg', ROOM_ID, 'alice');
    const plaintext = utf8Encode(JSON.stringify({ seq: 7, text: 'hand made', sentAt: 5 }));
    const sealed = await nobleEngine.aesGcmEncrypt(sessionKey, iv, plaintext, aad);
    const envelope = `v1.${base64UrlEncode(iv)}.${base64UrlEncode(sealed)}`;
    expect(await bob.decrypt('alice', envelope)).toEqual({
      ok: true,
      message: { sender: 'alice', seq: 7, text: 'hand made', sentAt: 5 },
    });
  });

  it('numbers outgoing messages per sender from 1', async () => {
    const alice = await session('alice', 'bob');
    const sent = await Promise.all(['a', 'b', 'c'].map((text) => alice.encrypt(text)));
    expect(sent.map((message) => [message.seq, message.text, message.sender])).toEqual([
      [1, 'a', 'alice'],
      [2, 'b', 'alice'],
      [3, 'c', 'alice'],
    ]);
    expect(sent[0]!.ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  });

  it('binds the sender and room: reflected or re-routed ciphertexts fail', async () => {
    const alice = await session('alice', 'bob');
    const bob = await session('bob', 'alice');
    const carol = await session('carol', 'alice');
    const otherRoom = await session('bob', 'alice', 'room-124');
    const sealed = await alice.encrypt('for bob');
    // Alice's own message presented to her as Bob's: same key, but the AAD names Alice.
    expect(await alice.decrypt('bob', sealed.ciphertext)).toEqual({
      ok: false,
      reason: 'DECRYPT_FAILED',
    });
    expect(await otherRoom.decrypt('alice', sealed.ciphertext)).toEqual({
      ok: false,
      reason: 'DECRYPT_FAILED',
    });
    expect(await bob.decrypt('carol', sealed.ciphertext)).toEqual({
      ok: false,
      reason: 'NOT_FROM_PEER',
    });
    expect((await carol.decrypt('alice', sealed.ciphertext)).ok).toBe(true);
    expect((await bob.decrypt('alice', sealed.ciphertext)).ok).toBe(true);
  });

  it('drops and counts replays, reordered duplicates, tampering and garbage', async () => {
    const alice = await session('alice', 'bob');
    const bob = await session('bob', 'alice');
    const [m1, m2, m3] = [
      await alice.encrypt('one'),
      await alice.encrypt('two'),
      await alice.encrypt('three'),
    ];
    expect((await bob.decrypt('alice', m2.ciphertext)).ok).toBe(true);
    expect(await bob.decrypt('alice', m2.ciphertext)).toEqual({ ok: false, reason: 'REPLAY' });
    expect(await bob.decrypt('alice', m1.ciphertext)).toEqual({ ok: false, reason: 'REPLAY' });
    const tampered = `${m3.ciphertext.slice(0, -2)}${m3.ciphertext.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await bob.decrypt('alice', tampered)).toEqual({ ok: false, reason: 'DECRYPT_FAILED' });
    expect(await bob.decrypt('alice', 'not an envelope')).toEqual({
      ok: false,
      reason: 'MALFORMED',
    });
    expect(await bob.decrypt('alice', 'v9.AAAA.AAAA')).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(await bob.decrypt('bob', m3.ciphertext)).toEqual({ ok: false, reason: 'NOT_FROM_PEER' });
    expect((await bob.decrypt('alice', m3.ciphertext)).ok).toBe(true);
    expect(bob.dropCount).toBe(6);
    expect(bob.drops).toEqual({ NOT_FROM_PEER: 1, MALFORMED: 2, DECRYPT_FAILED: 1, REPLAY: 2 });
  });

  it('drops ciphertexts that decrypt to something other than a chat plaintext', async () => {
    const bob = await session('bob', 'alice');
    const aad = encodeFields('ashnote/v1/chat/msg', ROOM_ID, 'alice');
    const iv = new Uint8Array(12);
    for (const body of ['not json', '{"seq":0,"text":"x","sentAt":1}', '{"seq":1,"text":5}']) {
      const sealed = await webCryptoEngine.aesGcmEncrypt(sessionKey, iv, utf8Encode(body), aad);
      const envelope = `v1.${base64UrlEncode(iv)}.${base64UrlEncode(sealed)}`;
      expect(await bob.decrypt('alice', envelope)).toEqual({ ok: false, reason: 'MALFORMED' });
    }
    expect(bob.dropCount).toBe(3);
  });

  it('keeps arrival order when decrypts overlap', async () => {
    const alice = await session('alice', 'bob');
    const bob = await session('bob', 'alice');
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => alice.encrypt(`m${i}`)));
    const results = await Promise.all(sent.map((m) => bob.decrypt('alice', m.ciphertext)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(bob.dropCount).toBe(0);
  });
});
