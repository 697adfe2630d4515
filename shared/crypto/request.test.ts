import { describe, expect, it } from 'vitest';
import { base64UrlEncode } from './encoding.ts';
import { parseEnvelope } from './envelope.ts';
import {
  createRequestKeys,
  decryptRequestLabel,
  deriveRequestKeys,
  deriveRequestLabelKey,
  encryptRequestLabel,
  openRequestAnswer,
  sealRequestAnswer,
  type SealedAnswer,
} from './request.ts';
import { createFileMeta } from './note-files.ts';
import { ENGINES, fixedEngine, fromHex, hex, rejection } from './testing.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';

/**
 * Known answers computed independently of this code with Node's node:crypto (hkdfSync,
 * createHash, createCipheriv) from the recipe in request.ts. The requester's private key is
 * bob's and the responder's ephemeral key alice's from RFC 7748 §6.1, so P, E and the shared
 * secret are the RFC's.
 */
const REQUEST_ID = 'Rq7bK2mN9pL4sT6vW8xY1z';
const PRIVATE_KEY = base64UrlEncode(
  fromHex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb'),
);
const EPHEMERAL_PRIVATE = fromHex(
  '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
);
const LABEL_IV = fromHex('404142434445464748494a4b');
const ANSWER_IV = fromHex('505152535455565758595a5b');
const EXPECTED = {
  /** RFC 7748 §6.1, bob's public key. */
  publicKey: base64UrlEncode(
    fromHex('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f'),
  ),
  labelKey: '3b0408881f723f9425afd419a68dc664a55db28a0cd1068f88cda8c81c13c198',
  claimProof: 'K1au29C7IOs2uOnutD8JHG5_fZHVjP3ng4IfDkSumz0',
  claimVerifier: '9q1OODIdmabxOF6hF_RhA9gpdhYc49cxRRJW-lPgSic',
  label: 'VPN password for Lea',
  labelEnvelope: 'v1.QEFCQ0RFRkdISUpL.eTJARkXxW3znuCr1DpBMIX0UOyEmD_Vr8zI7w26wQNG_wFZe',
  text: 'hunter2 ✓',
  answer: {
    /** RFC 7748 §6.1, alice's public key. */
    ephemeralKey: base64UrlEncode(
      fromHex('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a'),
    ),
    content: 'v1.UFFSU1RVVldYWVpb.2MEvIx8oL3O6RyuUXRLk2ppCpt8X-GKSarV_',
  },
};

/** Flips one bit of an envelope's ciphertext. */
function tamper(envelope: string): string {
  const { iv, ciphertext } = parseEnvelope(envelope);
  ciphertext[0]! ^= 1;
  return `v1.${base64UrlEncode(iv)}.${base64UrlEncode(ciphertext)}`;
}

describe.each(ENGINES)('requests on the %s engine', (_name, engine) => {
  it('derives the fixed keys from the claim key, and K_label from the public key alone', async () => {
    const keys = await deriveRequestKeys(PRIVATE_KEY, engine);
    expect({
      publicKey: keys.publicKey,
      labelKey: hex(keys.labelKey),
      claimProof: keys.claimProof,
      claimVerifier: keys.claimVerifier,
    }).toEqual({
      publicKey: EXPECTED.publicKey,
      labelKey: EXPECTED.labelKey,
      claimProof: EXPECTED.claimProof,
      claimVerifier: EXPECTED.claimVerifier,
    });
    expect(hex(await deriveRequestLabelKey(EXPECTED.publicKey, engine))).toBe(EXPECTED.labelKey);
  });

  it('seals the fixed label and answer, and opens them', async () => {
    const sealer = fixedEngine(engine, [LABEL_IV, ANSWER_IV], { X25519: EPHEMERAL_PRIVATE });
    const labelKey = fromHex(EXPECTED.labelKey);
    expect(await encryptRequestLabel(labelKey, EXPECTED.label, sealer)).toBe(
      EXPECTED.labelEnvelope,
    );
    const answer = await sealRequestAnswer({
      requestId: REQUEST_ID,
      publicKey: EXPECTED.publicKey,
      text: EXPECTED.text,
      engine: sealer,
    });
    expect(answer).toEqual({ ...EXPECTED.answer, files: [] });

    expect(await decryptRequestLabel(labelKey, EXPECTED.labelEnvelope, engine)).toBe(
      EXPECTED.label,
    );
    const opened = await openRequestAnswer({
      requestId: REQUEST_ID,
      privateKey: PRIVATE_KEY,
      answer: EXPECTED.answer,
      engine,
    });
    expect(opened).toEqual({ text: EXPECTED.text, files: [] });
  });

  it('a fresh request round-trips, with a new key pair and ephemeral key each time', async () => {
    const keys = await createRequestKeys(engine);
    const again = await createRequestKeys(engine);
    expect(keys.privateKey).not.toBe(again.privateKey);
    expect(await deriveRequestKeys(keys.privateKey, engine)).toEqual(keys);
    const label = await encryptRequestLabel(keys.labelKey, '', engine);
    const labelKey = await deriveRequestLabelKey(keys.publicKey, engine);
    expect(await decryptRequestLabel(labelKey, label, engine)).toBe('');

    const send = () =>
      sealRequestAnswer({ requestId: 'r1', publicKey: keys.publicKey, text: 'ok', engine });
    const [first, second] = [await send(), await send()];
    expect(first.ephemeralKey).not.toBe(second.ephemeralKey);
    const open = (answer: SealedAnswer) =>
      openRequestAnswer({ requestId: 'r1', privateKey: keys.privateKey, answer, engine });
    expect([(await open(first)).text, (await open(second)).text]).toEqual(['ok', 'ok']);
  });

  it('carries files: their metadata opens, each at its place, and none can be dropped or moved', async () => {
    const keys = await createRequestKeys(engine);
    const files = [
      await createFileMeta({ name: 'contract.pdf', type: 'application/pdf', size: 70_000 }, engine),
      await createFileMeta({ name: 'key.bin', type: '', size: 0 }, engine),
    ];
    const sealed = await sealRequestAnswer({
      requestId: 'r1',
      publicKey: keys.publicKey,
      text: 'both attached',
      files,
      engine,
    });
    expect(sealed.files.map((file) => file.size)).toEqual([70_000, 0]);
    const open = (answer: SealedAnswer) =>
      openRequestAnswer({ requestId: 'r1', privateKey: keys.privateKey, answer, engine });
    const opened = await open(sealed);
    expect(opened.text).toBe('both attached');
    expect(opened.files).toEqual(files);
    for (const tampered of [[], [sealed.files[0]!], [sealed.files[1]!, sealed.files[0]!]]) {
      expect(await rejection(open({ ...sealed, files: tampered }))).toBe('DECRYPT_FAILED');
    }
  });
});

describe('what a server could substitute fails to open', () => {
  const open = (answer: SealedAnswer, requestId = REQUEST_ID, privateKey = PRIVATE_KEY) =>
    rejection(openRequestAnswer({ requestId, privateKey, answer, engine: webCryptoEngine }));

  it('a tampered answer', async () => {
    const content = tamper(EXPECTED.answer.content);
    expect(await open({ ...EXPECTED.answer, content })).toBe('DECRYPT_FAILED');
  });

  it('a swapped ephemeral key', async () => {
    const other = await webCryptoEngine.generateEcdhKeyPair('X25519');
    const ephemeralKey = base64UrlEncode(other.publicKey);
    expect(await open({ ...EXPECTED.answer, ephemeralKey })).toBe('DECRYPT_FAILED');
  });

  it('the answer replayed into another request, or sealed to another key', async () => {
    expect(await open(EXPECTED.answer, 'Zz7bK2mN9pL4sT6vW8xY1z')).toBe('DECRYPT_FAILED');
    const otherKeys = await createRequestKeys(webCryptoEngine);
    expect(await open(EXPECTED.answer, REQUEST_ID, otherKeys.privateKey)).toBe('DECRYPT_FAILED');
    const forOther = await sealRequestAnswer({
      requestId: REQUEST_ID,
      publicKey: otherKeys.publicKey,
      text: 'for someone else',
      engine: webCryptoEngine,
    });
    expect(await open(forOther)).toBe('DECRYPT_FAILED');
  });

  it('a tampered label, or the label of another request', async () => {
    const labelKey = fromHex(EXPECTED.labelKey);
    const decrypt = (envelope: string, key = labelKey) =>
      rejection(decryptRequestLabel(key, envelope, webCryptoEngine));
    expect(await decrypt(tamper(EXPECTED.labelEnvelope))).toBe('DECRYPT_FAILED');
    const other = await createRequestKeys(webCryptoEngine);
    const otherLabel = await encryptRequestLabel(other.labelKey, 'x', webCryptoEngine);
    expect(await decrypt(otherLabel)).toBe('DECRYPT_FAILED');
  });

  it('a mangled link is malformed, not a crash', async () => {
    expect(await rejection(deriveRequestKeys('short', webCryptoEngine))).toBe('MALFORMED');
    expect(await rejection(deriveRequestLabelKey('', webCryptoEngine))).toBe('MALFORMED');
  });
});
