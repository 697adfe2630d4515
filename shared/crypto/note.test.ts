import { describe, expect, it } from 'vitest';
import { base64UrlDecode } from './encoding.ts';
import { parseEnvelope } from './envelope.ts';
import { CryptoError } from './errors.ts';
import { nobleEngine } from './noble-engine.ts';
import {
  decodeImagePayload,
  decryptNote,
  decryptNoteImage,
  decryptNoteText,
  encodeImagePayload,
  encryptNoteImage,
  encryptNoteText,
} from './note-content.ts';
import type { SealedNote } from './note-content.ts';
import { createFileMeta, encryptFileMeta } from './note-files.ts';
import { createNoteKeys, deriveNoteKeys, generateLinkKey, verifierFromProof } from './note-keys.ts';
import { NOTE_PBKDF2_ITERATIONS } from './protocol.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';
import { ENGINES, fromHex, hex, rejection } from './testing.ts';

/**
 * Protocol v1 known answers. The expected values were computed independently of this code,
 * with Node's node:crypto (pbkdf2Sync, hkdfSync, createHash, createCipheriv), from the recipe in
 * DESIGN §3: K_link = bytes 00..1f, salt = bytes a0..af, password "Crème brûlée ✓" (NFC).
 */
const LINK_KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const SALT = 'oKGio6SlpqeoqaqrrK2urw';
const PASSWORD = 'Crème brûlée ✓';
const NO_PASSWORD = {
  contentKey: '25fb36256b95c838587cc39f470133678e26b8dd54ec15b11c75f44750e9ab71',
  proof: 'FIwF_xzntYzinVXDEZo6WYxDyAZXJNcWnn94Unfle28',
  verifier: 'zvCQ0qXTuXb7DAWlkRpLHA34yuDh-SDggqK4Nqbg3AQ',
};
const PASSWORD_1000 = {
  contentKey: 'b239b16a3026f8e7fce479f1324095ee06afddcf0d169adb359e02b1a8d7efad',
  proof: 'l7znlSPiXW4vnVH17kxKToNgKn3HGD63J4cf8IBGH7s',
  verifier: 'jpwqJ6FxU7Emlcbmlf3URpfrlO7jcMpIFvPJdb0pH1c',
};
/**
 * The link proof depends on the link key alone (computed with Node's own hkdfSync): the same
 * with and without a password.
 */
const LINK = {
  linkProof: 'sqW-GnpVZ17tEI0RfXkOsiXOzi4foHqkFMxbEBf1ceo',
  linkVerifier: 'A2jGGWCBUzZg7KpLqoR9BcCH3znbaKxTV9-7LRwv3D8',
};
const PASSWORD_600000 = {
  contentKey: '67e7c6a3e9e1ce698f8eea3ec87a49e300ee8b7d9db91c980226a9e518da659d',
  proof: 'MUwtGDG9VWVeFwT5oyOCuwXPn3ADolA36K8YQJ-rkAs',
  verifier: 'KUPQTJphvkrg2Q3xPFtXnc4g6A6KfJYTS05Vx71X-d8',
};
/**
 * A note with two images, sealed under NO_PASSWORD.contentKey with IV = bytes 00..0b: its text,
 * AAD "ashnote/v1/note/text" 00 00000002, and its second image, AAD "ashnote/v1/note/image" 00
 * 00000001 00000002 (computed with node:crypto's createCipheriv from protocol.ts's description).
 */
const TEXT_ENVELOPE = 'v1.AAECAwQFBgcICQoL.hxyKXT7BCLwvnxgSd9IHIaAMendLlPyQz1X4UTrRtSUyhA';
const IMAGE_ENVELOPE =
  'v1.AAECAwQFBgcICQoL.znnhUjCZBo0ykHZ0atpGpFmwa3u4mV_4BplPVKrCX7-qsjZfGqByAhA';
const SECOND_OF_TWO = { index: 1, count: 2 };
const IMAGE_PAYLOAD = '0100076361742e706e670009696d6167652f706e6789504e47';

function summary(keys: { contentKey: Uint8Array; proof: string; verifier: string }) {
  return { contentKey: hex(keys.contentKey), proof: keys.proof, verifier: keys.verifier };
}

describe.each(ENGINES)('note keys, %s engine', (_name, engine) => {
  it('match the known answer without a password', async () => {
    const keys = await deriveNoteKeys(LINK_KEY, undefined, null, { engine });
    expect(summary(keys)).toEqual(NO_PASSWORD);
    expect(keys.kdf).toBeNull();
    expect({ linkProof: keys.linkProof, linkVerifier: keys.linkVerifier }).toEqual(LINK);
  });

  it('match the known answer with a password (1,000 test iterations)', async () => {
    const kdf = { salt: SALT, iterations: 1000 };
    const keys = await deriveNoteKeys(LINK_KEY, PASSWORD, kdf, { engine, testIterations: 1000 });
    expect(summary(keys)).toEqual(PASSWORD_1000);
    expect({ linkProof: keys.linkProof, linkVerifier: keys.linkVerifier }).toEqual(LINK);
  });

  it('normalise the password to NFC first', async () => {
    const kdf = { salt: SALT, iterations: 1000 };
    const decomposed = PASSWORD.normalize('NFD');
    expect(decomposed).not.toBe(PASSWORD);
    const keys = await deriveNoteKeys(LINK_KEY, decomposed, kdf, { engine, testIterations: 1000 });
    expect(summary(keys)).toEqual(PASSWORD_1000);
  });

  it('match the known answer at the protocol’s 600,000 iterations', async () => {
    const kdf = { salt: SALT, iterations: NOTE_PBKDF2_ITERATIONS };
    const keys = await deriveNoteKeys(LINK_KEY, PASSWORD, kdf, { engine });
    expect(summary(keys)).toEqual(PASSWORD_600000);
  }, 60_000);

  it('verifier = SHA-256(proof)', async () => {
    expect(await verifierFromProof(NO_PASSWORD.proof, engine)).toBe(NO_PASSWORD.verifier);
  });

  it('open the known-answer envelopes', async () => {
    const key = fromHex(NO_PASSWORD.contentKey);
    expect(await decryptNoteText(key, TEXT_ENVELOPE, { images: 2 }, engine)).toBe(
      'Hello, Ashnote ✓',
    );
    const image = await decryptNoteImage(key, IMAGE_ENVELOPE, SECOND_OF_TWO, engine);
    expect(image).toEqual({ name: 'cat.png', type: 'image/png', bytes: fromHex('89504e47') });
  });
});

describe('note key creation', () => {
  it('makes a 43-character link key of 32 random bytes', async () => {
    const a = await generateLinkKey(webCryptoEngine);
    const b = await generateLinkKey(nobleEngine);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64UrlDecode(b).length).toBe(32);
    expect(a).not.toBe(b);
  });

  it('without a password: no kdf, and the reader derives the same keys', async () => {
    const created = await createNoteKeys({ engine: webCryptoEngine });
    expect(created.kdf).toBeNull();
    const read = await deriveNoteKeys(created.linkKey, undefined, null, { engine: nobleEngine });
    expect(summary(read)).toEqual(summary(created));
    expect(base64UrlDecode(created.verifier).length).toBe(32);
  });

  it('an empty password means no password', async () => {
    expect((await createNoteKeys({ password: '' })).kdf).toBeNull();
  });

  it('with a password: 600,000 iterations by default, 16-byte salt', async () => {
    const created = await createNoteKeys({ password: 'pw', testIterations: 10 });
    expect(created.kdf?.iterations).toBe(10);
    expect(base64UrlDecode(created.kdf!.salt).length).toBe(16);
    expect(NOTE_PBKDF2_ITERATIONS).toBe(600_000);
  });

  it('the right password reproduces the keys on the other engine; a wrong one does not', async () => {
    const options = { testIterations: 100 };
    const created = await createNoteKeys({ password: 's3cret', engine: nobleEngine, ...options });
    const kdf = created.kdf!;
    const right = await deriveNoteKeys(created.linkKey, 's3cret', kdf, {
      engine: webCryptoEngine,
      ...options,
    });
    expect(summary(right)).toEqual(summary(created));
    const wrong = await deriveNoteKeys(created.linkKey, 's3cret!', kdf, options);
    expect(wrong.proof).not.toBe(created.proof);
    expect(hex(wrong.contentKey)).not.toBe(hex(created.contentKey));
  });

  it('refuses other iteration counts unless a test asks for them', async () => {
    const kdf = { salt: SALT, iterations: 1000 };
    expect(await rejection(deriveNoteKeys(LINK_KEY, PASSWORD, kdf))).toBe('UNSUPPORTED_KDF');
    const weaker = { salt: SALT, iterations: 1 };
    expect(await rejection(deriveNoteKeys(LINK_KEY, PASSWORD, weaker))).toBe('UNSUPPORTED_KDF');
  });

  it('refuses missing passwords, stray passwords, bad salts and bad link keys', async () => {
    const kdf = { salt: SALT, iterations: NOTE_PBKDF2_ITERATIONS };
    expect(await rejection(deriveNoteKeys(LINK_KEY, undefined, kdf))).toBe('PASSWORD_REQUIRED');
    expect(await rejection(deriveNoteKeys(LINK_KEY, '', kdf))).toBe('PASSWORD_REQUIRED');
    expect(await rejection(deriveNoteKeys(LINK_KEY, 'pw', null))).toBe('INVALID_INPUT');
    const shortSalt = { salt: 'AAAA', iterations: NOTE_PBKDF2_ITERATIONS };
    expect(await rejection(deriveNoteKeys(LINK_KEY, 'pw', shortSalt))).toBe('MALFORMED');
    expect(await rejection(deriveNoteKeys(LINK_KEY.slice(1), undefined, null))).toBe('MALFORMED');
    expect(await rejection(deriveNoteKeys(`${LINK_KEY}=`, undefined, null))).toBe('MALFORMED');
  });
});

describe('note content', () => {
  const key = fromHex(NO_PASSWORD.contentKey);

  it.each([
    ['webcrypto → noble', webCryptoEngine, nobleEngine],
    ['noble → webcrypto', nobleEngine, webCryptoEngine],
  ])('text and images sealed %s open on the other engine', async (_label, from, to) => {
    const text = 'Meet at 6.\nDoor code 4711 — ✓ 日本';
    const envelope = await encryptNoteText(key, text, { images: 1 }, from);
    expect(await decryptNoteText(key, envelope, { images: 1 }, to)).toBe(text);

    const bytes = from.randomBytes(300_000);
    const image = { name: 'Ünïcode photo.jpeg', type: 'image/jpeg', bytes };
    const sealed = await encryptNoteImage(key, image, { index: 0, count: 1 }, from);
    expect(await decryptNoteImage(key, sealed, { index: 0, count: 1 }, to)).toEqual(image);
  });

  it('envelopes are v1.<12-byte IV>.<ciphertext‖tag>, with a fresh IV each time', async () => {
    const a = await encryptNoteText(key, 'same', { images: 0 });
    const b = await encryptNoteText(key, 'same', { images: 0 });
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(parseEnvelope(a).ciphertext.length).toBe(4 + 16);
    expect(parseEnvelope(a).iv).not.toEqual(parseEnvelope(b).iv);
  });

  it('rejects tampering, a wrong key and a wrong item kind', async () => {
    const envelope = await encryptNoteText(key, 'secret', { images: 1 });
    const [version, iv, body] = envelope.split('.');
    const flip = (text: string) => `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`;
    expect(
      await rejection(decryptNoteText(key, `${version}.${iv}.${flip(body!)}`, { images: 1 })),
    ).toBe('DECRYPT_FAILED');
    expect(
      await rejection(decryptNoteText(key, `${version}.${flip(iv!)}.${body}`, { images: 1 })),
    ).toBe('DECRYPT_FAILED');
    const otherKey = fromHex(PASSWORD_1000.contentKey);
    expect(await rejection(decryptNoteText(otherKey, envelope, { images: 1 }))).toBe(
      'DECRYPT_FAILED',
    );
    // Same key, other AAD: a text envelope is not an image, nor the reverse.
    const first = { index: 0, count: 1 };
    expect(await rejection(decryptNoteImage(key, envelope, first))).toBe('DECRYPT_FAILED');
    expect(await rejection(decryptNoteText(key, IMAGE_ENVELOPE, { images: 2 }))).toBe(
      'DECRYPT_FAILED',
    );
  });

  it('checks the envelope version and shape', async () => {
    const [, iv, body] = TEXT_ENVELOPE.split('.');
    expect(await rejection(decryptNoteText(key, `v2.${iv}.${body}`, { images: 2 }))).toBe(
      'UNSUPPORTED_VERSION',
    );
    expect(await rejection(decryptNoteText(key, `V1.${iv}.${body}`, { images: 2 }))).toBe(
      'MALFORMED',
    );
    expect(await rejection(decryptNoteText(key, `v1.${iv}`, { images: 2 }))).toBe('MALFORMED');
    expect(await rejection(decryptNoteText(key, `v1.${iv}.${body}.x`, { images: 2 }))).toBe(
      'MALFORMED',
    );
    expect(await rejection(decryptNoteText(key, `v1.AAAA.${body}`, { images: 2 }))).toBe(
      'MALFORMED',
    );
    expect(await rejection(decryptNoteText(key, `v1.${iv}.AAAA`, { images: 2 }))).toBe('MALFORMED');
    expect(await rejection(decryptNoteText(key, `v1.${iv}.${body}=`, { images: 2 }))).toBe(
      'MALFORMED',
    );
  });
});

describe('images bound to their place in the note', () => {
  const key = fromHex(NO_PASSWORD.contentKey);

  /** A note as the sender seals it, with `count` small images named by their index. */
  async function sealNote(count: number): Promise<SealedNote> {
    const attachedImages: string[] = [];
    for (let index = 0; index < count; index++) {
      const image = { name: `photo ${index}.png`, type: 'image/png', bytes: Uint8Array.of(index) };
      attachedImages.push(await encryptNoteImage(key, image, { index, count }));
    }
    return {
      content: await encryptNoteText(key, 'with pictures', { images: count }),
      attachedImages,
    };
  }

  it('the untouched note opens, its images in the order they were attached', async () => {
    const opened = await decryptNote(key, await sealNote(3));
    expect(opened.text).toBe('with pictures');
    expect(opened.images.map((image) => image.name)).toEqual([
      'photo 0.png',
      'photo 1.png',
      'photo 2.png',
    ]);
    expect(await decryptNote(key, await sealNote(0))).toEqual({
      text: 'with pictures',
      images: [],
      files: [],
    });
  });

  type Tamper = (images: readonly string[]) => string[];
  it.each<[string, Tamper]>([
    ['one image dropped', ([a, , c]) => [a!, c!]],
    ['the last image dropped', ([a, b]) => [a!, b!]],
    ['every image dropped', () => []],
    ['an image repeated', ([a, b, c]) => [a!, b!, c!, c!]],
    ['an image repeated in place of another', ([a, b]) => [a!, b!, b!]],
    ['two images swapped', ([a, b, c]) => [b!, a!, c!]],
  ])('a server that returns the note with %s cannot get it opened', async (_label, tamper) => {
    const sealed = await sealNote(3);
    const tampered = { ...sealed, attachedImages: tamper(sealed.attachedImages) };
    expect(await rejection(decryptNote(key, tampered))).toBe('DECRYPT_FAILED');
  });

  it('the known-answer items open only at the place they were sealed for', async () => {
    for (const count of [0, 1, 3]) {
      expect(await rejection(decryptNoteText(key, TEXT_ENVELOPE, { images: count }))).toBe(
        'DECRYPT_FAILED',
      );
    }
    for (const position of [
      { index: 0, count: 2 },
      { index: 1, count: 3 },
      { index: 0, count: 1 },
    ]) {
      expect(await rejection(decryptNoteImage(key, IMAGE_ENVELOPE, position))).toBe(
        'DECRYPT_FAILED',
      );
    }
  });

  it('refuses positions the protocol never produces', async () => {
    const image = { name: 'x.png', type: 'image/png', bytes: Uint8Array.of(1) };
    for (const position of [
      { index: -1, count: 2 },
      { index: 2, count: 2 },
      { index: 0.5, count: 2 },
      { index: 0, count: 2 ** 32 },
    ]) {
      expect(await rejection(encryptNoteImage(key, image, position))).toBe('INVALID_INPUT');
    }
    expect(await rejection(encryptNoteText(key, 'x', { images: -1 }))).toBe('INVALID_INPUT');
    expect(await rejection(encryptNoteText(key, 'x', { images: 0, files: -1 }))).toBe(
      'INVALID_INPUT',
    );
  });
});

describe('files bound to the note', () => {
  const key = fromHex(NO_PASSWORD.contentKey);

  /** A note with `count` files, as the sender seals it: the text binds the file count. */
  async function sealNoteWithFiles(count: number): Promise<SealedNote> {
    const files: { meta: string }[] = [];
    for (let index = 0; index < count; index++) {
      const meta = await createFileMeta({ name: `file ${index}.pdf`, type: '', size: index });
      files.push({ meta: await encryptFileMeta(key, meta, { index, count }) });
    }
    const content = await encryptNoteText(key, 'with files', { images: 0, files: count });
    return { content, attachedImages: [], files };
  }

  it('opens with every file’s metadata, in the order they were attached', async () => {
    const opened = await decryptNote(key, await sealNoteWithFiles(2));
    expect(opened.text).toBe('with files');
    expect(opened.files.map((file) => [file.name, file.size])).toEqual([
      ['file 0.pdf', 0],
      ['file 1.pdf', 1],
    ]);
  });

  it('a note without files seals its text exactly as before files existed', async () => {
    expect(await decryptNoteText(key, TEXT_ENVELOPE, { images: 2, files: 0 })).toBe(
      'Hello, Ashnote ✓',
    );
  });

  type Tamper = (files: readonly { meta: string }[]) => { meta: string }[];
  it.each<[string, Tamper]>([
    ['every file dropped', () => []],
    ['the last file dropped', ([a]) => [a!]],
    ['a file repeated', ([a, b]) => [a!, b!, b!]],
    ['two files swapped', ([a, b]) => [b!, a!]],
  ])('a server that returns the note with %s cannot get it opened', async (_label, tamper) => {
    const sealed = await sealNoteWithFiles(2);
    const tampered = { ...sealed, files: tamper(sealed.files ?? []) };
    expect(await rejection(decryptNote(key, tampered))).toBe('DECRYPT_FAILED');
  });
});

describe('image inner format', () => {
  it('is 0x01 ‖ u16 name length ‖ name ‖ u16 type length ‖ type ‖ bytes', () => {
    const image = { name: 'cat.png', type: 'image/png', bytes: fromHex('89504e47') };
    expect(hex(encodeImagePayload(image))).toBe(IMAGE_PAYLOAD);
    expect(decodeImagePayload(fromHex(IMAGE_PAYLOAD))).toEqual(image);
  });

  it('round-trips empty fields and refuses truncated or unknown payloads', () => {
    const empty = { name: '', type: '', bytes: new Uint8Array(0) };
    expect(decodeImagePayload(encodeImagePayload(empty))).toEqual(empty);
    for (const bad of ['', '02000000', '0100', '010005616263', '0100016100']) {
      expect(() => decodeImagePayload(fromHex(bad))).toThrow(CryptoError);
    }
    const long = { name: 'x'.repeat(70_000), type: 'image/png', bytes: new Uint8Array(1) };
    expect(() => encodeImagePayload(long)).toThrow(CryptoError);
  });
});
