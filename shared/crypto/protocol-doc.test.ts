// A test, run by Vitest on Node: it reads the page it checks. The product code in shared/ never
// touches the file system.
// eslint-disable-next-line no-restricted-imports
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  clientFrameSchema,
  serverFrameSchema,
  type ClientFrame,
  type ServerFrame,
} from '../api/chat.ts';
import { API_ENDPOINTS, documentedRoutes } from '../api/endpoints.ts';
import { answerRequestRequestSchema, createRequestRequestSchema } from '../api/requests.ts';
import {
  createNoteRequestSchema,
  noteIdSchema,
  verifyNoteRequestSchema,
  verifyNoteResponseSchema,
} from '../api/notes.ts';
import { WS_PATH } from '../api/paths.ts';
import { ERROR_STATUS } from '../errors.ts';
import { FILE_CHUNK_BYTES } from '../limits.ts';
import { concatBytes, encodeFields, u32be } from './bytes.ts';
import { deriveChatSessionKey, KeyExchange } from './chat-kx.ts';
import { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from './encoding.ts';
import type { Curve } from './engine.ts';
import { parseEnvelope } from './envelope.ts';
import { nobleSharedSecret } from './noble-engine.ts';
import {
  decryptNote,
  encodeImagePayload,
  encryptNoteImage,
  encryptNoteText,
} from './note-content.ts';
import { deriveNoteKeys } from './note-keys.ts';
import {
  chunkWireLength,
  decryptFileChunk,
  decryptFileMeta,
  encryptFileChunk,
  encryptFileMeta,
} from './note-files.ts';
import * as protocol from './protocol.ts';
import {
  chatSessionInfo,
  KEY_BYTES,
  LABEL,
  NOTE_PBKDF2_ITERATIONS,
  requestAnswerInfo,
} from './protocol.ts';
import {
  deriveRequestKeys,
  encryptRequestLabel,
  openRequestAnswer,
  sealRequestAnswer,
} from './request.ts';
import { deriveSafetyCode } from './safety-code.ts';
import { fixedEngine, fromHex, hex } from './testing.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';

/**
 * docs/protocol.md against the code: an integrator builds a client from that page alone, so a
 * label, size, status, route or frame it states must be the code's, and its worked examples must
 * come out of shared/crypto/ byte for byte.
 */
const DOC = fs.readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');

const EMPTY = new Uint8Array(0);

/** The body of the one fenced block whose info string is exactly `info`. */
function fencedBlock(info: string): string {
  const blocks = [...DOC.matchAll(/^```(.*)\n([\s\S]*?)^```$/gm)].filter(
    (match) => match[1] === info,
  );
  if (blocks.length !== 1)
    throw new Error(`expected one \`\`\`${info} block, found ${blocks.length}`);
  return blocks[0]![2]!;
}

/** A worked example's `name = value` lines; asking for a name it lacks fails the test. */
function vector(name: string): (key: string) => string {
  const values = new Map<string, string>();
  for (const line of fencedBlock(`text vector:${name}`).split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const at = line.indexOf(' = ');
    if (at < 0) throw new Error(`not a name = value line: ${line}`);
    const key = line.slice(0, at).trim();
    if (values.has(key)) throw new Error(`${key} appears twice`);
    values.set(key, line.slice(at + 3).trim());
  }
  return (key) => {
    const value = values.get(key);
    if (value === undefined) throw new Error(`the ${name} example has no "${key}"`);
    return value;
  };
}

const jsonExample = (name: string): unknown => JSON.parse(fencedBlock(`json example:${name}`));

/** The page's text from a heading to the next heading of the same level or above. */
function section(heading: string): string {
  const start = DOC.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const level = heading.split(' ')[0]!;
  const next = DOC.slice(start + heading.length + 2).search(
    new RegExp(`^#{2,${level.length}} `, 'm'),
  );
  return next < 0 ? DOC.slice(start) : DOC.slice(start, start + heading.length + 2 + next);
}

/** The cells of a section's table rows that start with a backticked name. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const unquote = (cell: string) => cell.replace(/^`(.*)`$/, '$1');

/** Every constant protocol.ts exports, named as the page's table names them. */
function exportedConstants(): Record<string, string | number> {
  const constants: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(protocol)) {
    if (typeof value === 'string' || typeof value === 'number') {
      constants[name] = value;
    } else if (name === 'LABEL') {
      for (const [key, label] of Object.entries(LABEL)) constants[`LABEL.${key}`] = label;
    } else if (name === 'chatSessionInfo') {
      constants['chatSessionInfo(roomId)'] = chatSessionInfo('<roomId>');
    } else if (name === 'requestAnswerInfo') {
      constants['requestAnswerInfo(requestId)'] = requestAnswerInfo('<requestId>');
    } else {
      throw new Error(`protocol.ts exports ${name}: add it to the page and to this test`);
    }
  }
  return constants;
}

describe('docs/protocol.md states what the code does', () => {
  it('its constants table is exactly protocol.ts', () => {
    const rows = tableRows(section('## 2. Constants'));
    const documented = Object.fromEntries(
      rows.map(([name, value]) => [
        unquote(name!),
        value!.startsWith('`') ? unquote(value!) : Number(value!.replaceAll(',', '')),
      ]),
    );
    expect(documented).toEqual(exportedConstants());
  });

  it('every label it names is one protocol.ts exports', () => {
    const named = [...DOC.matchAll(/ashnote\/v1\/[^\s`"'),]*/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(10);
    const known = [
      ...Object.values(LABEL),
      chatSessionInfo('<roomId>'),
      requestAnswerInfo('<requestId>'),
    ];
    for (const label of named) expect(known, label).toContain(label);
  });

  it('every iteration count it gives is the protocol’s', () => {
    const counts = [
      ...DOC.matchAll(/(\d[\d,]*) (?:PBKDF2 )?iterations/g),
      ...DOC.matchAll(/"?iterations"?: (\d+)/g),
    ].map((match) => Number(match[1]!.replaceAll(',', '')));
    expect(counts.length).toBeGreaterThan(3);
    for (const count of counts) expect(count).toBe(NOTE_PBKDF2_ITERATIONS);
  });

  it('every status it gives an error code is the one the server answers', () => {
    const quoted = [...DOC.matchAll(/(\d{3}) `([A-Z_]+)`/g)];
    expect(quoted.length).toBeGreaterThan(5);
    for (const [text, status, code] of quoted) {
      expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], text).toBe(Number(status));
    }
  });

  it('every call it names is a route the server documents, with that method', () => {
    const calls = [...DOC.matchAll(/\b(GET|POST|DELETE) (\/api\/[A-Za-z0-9_{}/-]+)/g)];
    expect(calls.length).toBeGreaterThan(8);
    for (const [text, method, path] of calls) {
      const matches = API_ENDPOINTS.some((endpoint) => {
        const pattern = documentedRoutes[endpoint.route].replace(/:[A-Za-z]+/g, '[^/]+');
        return (
          endpoint.method === method!.toLowerCase() &&
          new RegExp(`^${pattern}$`).test(path!.replace(/\{[A-Za-z]+\}/g, 'X'))
        );
      });
      expect(matches, text).toBe(true);
    }
    expect(DOC).toContain(`WebSocket at \`${WS_PATH}\``);
  });

  it('gives the chunk size and the chunks’ wire lengths the code uses', () => {
    const files = section('### 4.6 Files').replace(/\s+/g, ' ');
    const figure = (value: number) => value.toLocaleString('en-US');
    expect(files).toContain(`${figure(FILE_CHUNK_BYTES)} bytes at a time (\`FILE_CHUNK_BYTES\``);
    expect(files).toContain(`${figure(chunkWireLength(FILE_CHUNK_BYTES + 1, 0))} bytes for every`);
    expect(files).toContain(`(${chunkWireLength(0, 0)} bytes for an empty`);
  });

  it('its frame table lists exactly the socket frames of the contract', () => {
    const rows = tableRows(section('### 5.2 The socket'));
    const listed = (direction: string) =>
      rows.filter((row) => row[1] === direction).map((row) => unquote(row[0]!));
    const types = (schema: { options: readonly { shape: { type: { value: string } } }[] }) =>
      schema.options.map((option) => option.shape.type.value);
    expect(rows.length).toBe(listed('client → server').length + listed('server → client').length);
    expect(listed('client → server').sort()).toEqual(types(clientFrameSchema).sort());
    expect(listed('server → client').sort()).toEqual(types(serverFrameSchema).sort());
  });
});

describe('docs/protocol.md, worked example: a note', () => {
  const v = vector('note');
  const engine = webCryptoEngine;
  const linkKey = base64UrlEncode(fromHex(v('K_link')));
  const kdf = { salt: base64UrlEncode(fromHex(v('salt'))), iterations: Number(v('iterations')) };

  it('derives the keys it prints, by the recipe it gives', async () => {
    expect(kdf.iterations).toBe(NOTE_PBKDF2_ITERATIONS);
    expect(v('kdf.salt')).toBe(kdf.salt);
    expect(noteIdSchema.parse(v('noteId'))).toBe(v('noteId'));
    expect(v('link')).toBe(`https://ashnote.example/note/${v('noteId')}#${linkKey}`);

    const keys = await deriveNoteKeys(linkKey, v('password'), kdf, { engine });
    expect({
      K_content: hex(keys.contentKey),
      proof: keys.proof,
      verifier: keys.verifier,
      linkProof: keys.linkProof,
      linkVerifier: keys.linkVerifier,
    }).toEqual({
      K_content: v('K_content'),
      proof: v('proof'),
      verifier: v('verifier'),
      linkProof: v('linkProof'),
      linkVerifier: v('linkVerifier'),
    });

    // The page's recipe, step by step from the primitives: K_pw, then HKDF over K_link ‖ K_pw.
    const password = utf8Encode(v('password').normalize('NFC'));
    const kPw = await engine.pbkdf2Sha256(password, fromHex(v('salt')), kdf.iterations, KEY_BYTES);
    expect(hex(kPw)).toBe(v('K_pw'));
    const hkdf = (ikm: Uint8Array, label: string) =>
      engine.hkdfSha256(ikm, EMPTY, utf8Encode(label), KEY_BYTES);
    const ikm = concatBytes(fromHex(v('K_link')), kPw);
    expect(hex(await hkdf(ikm, LABEL.noteContent))).toBe(v('K_content'));
    const proof = await hkdf(ikm, LABEL.noteAccess);
    expect(base64UrlEncode(proof)).toBe(v('proof'));
    expect(base64UrlEncode(await engine.sha256(proof))).toBe(v('verifier'));
    const linkProof = await hkdf(fromHex(v('K_link')), LABEL.noteLink);
    expect(base64UrlEncode(linkProof)).toBe(v('linkProof'));
    expect(base64UrlEncode(await engine.sha256(linkProof))).toBe(v('linkVerifier'));
  });

  it('gives the keys it prints for the same link without a password', async () => {
    const keys = await deriveNoteKeys(linkKey, undefined, null, { engine });
    expect([hex(keys.contentKey), keys.proof, keys.verifier, keys.linkProof]).toEqual([
      v('K_content, no password'),
      v('proof, no password'),
      v('verifier, no password'),
      v('linkProof'),
    ]);
  });

  it('seals the envelopes it prints, with the AADs it prints', async () => {
    const contentKey = fromHex(v('K_content'));
    const image = {
      name: v('image name'),
      type: v('image type'),
      bytes: fromHex(v('image bytes')),
    };
    const sealer = fixedEngine(webCryptoEngine, [fromHex(v('text IV')), fromHex(v('image IV'))]);
    expect(await encryptNoteText(contentKey, v('text'), { images: 1 }, sealer)).toBe(v('content'));
    const position = { index: 0, count: 1 };
    expect(await encryptNoteImage(contentKey, image, position, sealer)).toBe(
      v('attachedImages[0]'),
    );
    expect(hex(encodeImagePayload(image))).toBe(v('image plaintext'));

    // Each envelope opens with nothing but the page's AAD bytes and AES-256-GCM.
    const open = async (envelope: string, aad: string) => {
      const { iv, ciphertext } = parseEnvelope(envelope);
      return engine.aesGcmDecrypt(contentKey, iv, ciphertext, fromHex(aad));
    };
    expect(utf8Decode(await open(v('content'), v('text AAD')))).toBe(v('text'));
    expect(hex(await open(v('attachedImages[0]'), v('image AAD')))).toBe(v('image plaintext'));
    expect(parseEnvelope(v('content')).iv).toEqual(fromHex(v('text IV')));

    const sealed = { content: v('content'), attachedImages: [v('attachedImages[0]')] };
    expect(await decryptNote(contentKey, sealed, engine)).toEqual({
      text: v('text'),
      images: [image],
      files: [],
    });
  });

  it('shows requests the API accepts, carrying the example’s values', () => {
    const create = createNoteRequestSchema.parse(jsonExample('create-note'));
    expect(create).toMatchObject({
      content: v('content'),
      attachedImages: [v('attachedImages[0]')],
      verifier: v('verifier'),
      linkVerifier: v('linkVerifier'),
      kdf,
    });
    expect(verifyNoteRequestSchema.parse(jsonExample('verify-note'))).toEqual({
      proof: v('proof'),
      linkProof: v('linkProof'),
    });
    // The read answers the envelopes as they were sent.
    const { content, attachedImages } = create;
    expect(verifyNoteResponseSchema.parse({ content, attachedImages })).toBeTruthy();
  });
});

describe('docs/protocol.md, worked example: a chat', () => {
  const v = vector('chat');
  const roomKeyBytes = fromHex(v('K_room'));
  const roomKey = base64UrlEncode(roomKeyBytes);
  const roomId = v('roomId');
  const alice = v('alice participantId');
  const bob = v('bob participantId');
  const privateKeys = (who: string): Record<Curve, Uint8Array> => ({
    X25519: fromHex(v(`${who} X25519 private key`)),
    'P-256': fromHex(v(`${who} P-256 private key`)),
  });

  async function exchange() {
    const aliceKx = await KeyExchange.start({
      roomKey,
      roomId,
      participantId: alice,
      engine: fixedEngine(webCryptoEngine, [fromHex(v('message IV'))], privateKeys('alice')),
    });
    const bobKx = await KeyExchange.start({
      roomKey,
      roomId,
      participantId: bob,
      engine: fixedEngine(webCryptoEngine, [], privateKeys('bob')),
    });
    return { aliceKx, bobKx };
  }

  it('makes the key-exchange messages it prints, MACed as it says', async () => {
    expect(v('link')).toBe(`https://ashnote.example/chat/${roomId}#${roomKey}`);
    const { aliceKx, bobKx } = await exchange();
    for (const [who, kx] of [
      ['alice', aliceKx],
      ['bob', bobKx],
    ] as const) {
      const offers = [
        { curve: 'X25519', publicKey: v(`${who} X25519 public key`) },
        { curve: 'P-256', publicKey: v(`${who} P-256 public key`) },
      ];
      expect(kx.message).toEqual({
        v: 1,
        participantId: v(`${who} participantId`),
        offers,
        mac: v(`${who} mac`),
      });
      const macInput = encodeFields(
        LABEL.chatKeyExchange,
        roomId,
        v(`${who} participantId`),
        ...offers.flatMap((offer) => [offer.curve, base64UrlDecode(offer.publicKey)]),
      );
      const mac = await webCryptoEngine.hmacSha256(roomKeyBytes, macInput);
      expect(base64UrlEncode(mac)).toBe(v(`${who} mac`));
    }
  });

  it('reaches the session key, safety code and message it prints', async () => {
    const { aliceKx, bobKx } = await exchange();
    const aliceSession = await aliceKx.complete(bobKx.message);
    const bobSession = await bobKx.complete(aliceKx.message);
    expect([aliceSession.curve, bobSession.curve]).toEqual([v('curve'), v('curve')]);
    expect([aliceSession.safetyCode, bobSession.safetyCode]).toEqual([
      v('safety code'),
      v('safety code'),
    ]);

    // The page's recipe from the primitives: ECDH, then HKDF over K_room ‖ shared secret.
    const bobX25519 = base64UrlDecode(v('bob X25519 public key'));
    const shared = nobleSharedSecret('X25519', privateKeys('alice').X25519, bobX25519);
    expect(hex(shared)).toBe(v('shared secret'));
    const sessionKey = await webCryptoEngine.hkdfSha256(
      concatBytes(roomKeyBytes, shared),
      EMPTY,
      utf8Encode(chatSessionInfo(roomId)),
      KEY_BYTES,
    );
    expect(hex(sessionKey)).toBe(v('session key'));
    expect(hex(await deriveChatSessionKey(webCryptoEngine, roomKeyBytes, shared, roomId))).toBe(
      v('session key'),
    );
    expect(await deriveSafetyCode(webCryptoEngine, sessionKey)).toBe(v('safety code'));

    const sent = await aliceSession.encrypt(v('message text'), Number(v('message sentAt')));
    expect(sent.ciphertext).toBe(v('message content'));
    const { iv, ciphertext } = parseEnvelope(v('message content'));
    expect(iv).toEqual(fromHex(v('message IV')));
    const opened = await webCryptoEngine.aesGcmDecrypt(
      sessionKey,
      iv,
      ciphertext,
      fromHex(v('message AAD')),
    );
    expect(utf8Decode(opened)).toBe(v('message plaintext'));
    expect(hex(encodeFields(LABEL.chatMessage, roomId, alice))).toBe(v('message AAD'));
    expect(await bobSession.decrypt(alice, v('message content'))).toEqual({
      ok: true,
      message: {
        sender: alice,
        seq: 1,
        text: v('message text'),
        sentAt: Number(v('message sentAt')),
      },
    });
  });

  it('shows frames the contract accepts, carrying the example’s values', async () => {
    const { aliceKx } = await exchange();
    const keyExchange: ClientFrame = clientFrameSchema.parse(jsonExample('key-exchange'));
    expect(keyExchange).toEqual({
      type: 'key_exchange',
      sessionId: roomId,
      participantId: alice,
      payload: aliceKx.message,
    });
    const send: ClientFrame = clientFrameSchema.parse(jsonExample('send-message'));
    expect(send).toEqual({
      type: 'send_message',
      sessionId: roomId,
      participantId: alice,
      content: v('message content'),
    });
    const relayed: ServerFrame = serverFrameSchema.parse(jsonExample('new-message'));
    expect(relayed).toMatchObject({
      type: 'new_message',
      content: v('message content'),
      participantId: alice,
    });
  });
});

describe('docs/protocol.md, worked example: a request', () => {
  const v = vector('request');
  const requestId = v('requestId');
  const privateKey = base64UrlEncode(fromHex(v('d')));
  const engine = webCryptoEngine;

  it('derives the links, keys and proof it prints, by the recipe it gives', async () => {
    const keys = await deriveRequestKeys(privateKey, engine);
    expect(v('request link')).toBe(`https://ashnote.example/r/${requestId}#${keys.publicKey}`);
    expect(v('claim link')).toBe(`https://ashnote.example/r/${requestId}/open#${privateKey}`);
    expect([hex(keys.labelKey), keys.claimProof, keys.claimVerifier]).toEqual([
      v('K_label'),
      v('claimProof'),
      v('claimVerifier'),
    ]);

    const hkdf = (ikm: Uint8Array, label: string) =>
      engine.hkdfSha256(ikm, EMPTY, utf8Encode(label), KEY_BYTES);
    const publicKey = base64UrlDecode(keys.publicKey);
    expect(hex(await hkdf(publicKey, LABEL.requestLabel))).toBe(v('K_label'));
    const proof = await hkdf(fromHex(v('d')), LABEL.requestClaim);
    expect(base64UrlEncode(proof)).toBe(v('claimProof'));
    expect(base64UrlEncode(await engine.sha256(proof))).toBe(v('claimVerifier'));

    const e = fromHex(v('e'));
    const shared = nobleSharedSecret('X25519', e, publicKey);
    expect(hex(shared)).toBe(v('shared secret'));
    const E = base64UrlDecode(v('E'));
    const kAnswer = await hkdf(concatBytes(shared, E, publicKey), requestAnswerInfo(requestId));
    expect(hex(kAnswer)).toBe(v('K_answer'));
    const aad = encodeFields(LABEL.requestAnswerText, requestId, new Uint8Array(4));
    expect(hex(aad)).toBe(v('text AAD'));
    const { iv, ciphertext } = parseEnvelope(v('content'));
    expect(utf8Decode(await engine.aesGcmDecrypt(kAnswer, iv, ciphertext, aad))).toBe(v('text'));
  });

  it('seals the label and answer it prints, and the requester opens them', async () => {
    const keys = await deriveRequestKeys(privateKey, engine);
    const sealer = fixedEngine(engine, [fromHex(v('label IV')), fromHex(v('text IV'))], {
      X25519: fromHex(v('e')),
    });
    expect(await encryptRequestLabel(keys.labelKey, v('label'), sealer)).toBe(v('label envelope'));
    const answer = await sealRequestAnswer({
      requestId,
      publicKey: keys.publicKey,
      text: v('text'),
      engine: sealer,
    });
    expect(answer).toEqual({ ephemeralKey: v('E'), content: v('content'), files: [] });
    expect(await openRequestAnswer({ requestId, privateKey, answer, engine })).toEqual({
      text: v('text'),
      files: [],
    });
  });

  it('shows requests the API accepts, carrying the example’s values', () => {
    expect(createRequestRequestSchema.parse(jsonExample('create-request'))).toEqual({
      label: v('label envelope'),
      claimVerifier: v('claimVerifier'),
      expiration: '7d',
    });
    expect(answerRequestRequestSchema.parse(jsonExample('answer-request'))).toEqual({
      ephemeralKey: v('E'),
      content: v('content'),
      files: [],
    });
  });
});

describe('docs/protocol.md, worked example: a file', () => {
  const v = vector('file');
  const engine = webCryptoEngine;
  const contentKey = fromHex(v('K_content'));
  const plaintext = fromHex(v('plaintext'));
  const meta = {
    name: v('name'),
    type: v('type'),
    size: Number(v('size')),
    key: fromHex(v('K_file')),
  };
  const only = { index: 0, count: 1 };

  it('is the note example’s content key and file', () => {
    expect(v('K_content')).toBe(vector('note')('K_content'));
    expect(meta.size).toBe(plaintext.length);
  });

  it('seals the chunk and metadata it prints, and they open', async () => {
    expect(hex(await encryptFileChunk(meta, 0, plaintext, engine))).toBe(v('chunk 0'));
    const sealer = fixedEngine(engine, [fromHex(v('metadata IV'))]);
    expect(await encryptFileMeta(contentKey, meta, only, sealer)).toBe(v('meta'));
    expect(await decryptFileMeta(contentKey, v('meta'), only, engine)).toEqual(meta);
    expect(await decryptFileChunk(meta, 0, fromHex(v('chunk 0')), engine)).toEqual(plaintext);
  });

  it('follows the recipe it gives, from the primitives', async () => {
    const last = Uint8Array.of(1);
    const iv = concatBytes(new Uint8Array(7), u32be(0), last);
    expect(hex(iv)).toBe(v('chunk 0 IV'));
    const aad = concatBytes(encodeFields(LABEL.noteFileChunk), u32be(0), last);
    expect(hex(aad)).toBe(v('chunk 0 AAD'));
    const opened = await engine.aesGcmDecrypt(meta.key, iv, fromHex(v('chunk 0')), aad);
    expect(opened).toEqual(plaintext);

    const metaAad = concatBytes(encodeFields(LABEL.noteFileMeta), u32be(0), u32be(1));
    expect(hex(metaAad)).toBe(v('meta AAD'));
    const { iv: metaIv, ciphertext } = parseEnvelope(v('meta'));
    expect(metaIv).toEqual(fromHex(v('metadata IV')));
    const json = utf8Decode(await engine.aesGcmDecrypt(contentKey, metaIv, ciphertext, metaAad));
    expect(json).toBe(v('metadata'));
    expect(JSON.parse(json)).toEqual({ ...meta, key: base64UrlEncode(meta.key) });
  });
});
