import { describe, expect, it } from 'vitest';
import { base64UrlDecode } from './encoding.ts';
import type { CryptoEngine } from './engine.ts';
import { nobleEngine } from './noble-engine.ts';
import { deriveNoteKeys } from './note-keys.ts';
import { createStatusKeys, deriveStatusKeys } from './status-keys.ts';
import { rejection } from './testing.ts';
import { webCryptoEngine } from './webcrypto-engine.ts';

const ENGINES: [string, CryptoEngine][] = [
  ['webcrypto', webCryptoEngine],
  ['noble', nobleEngine],
];

/**
 * Known answers computed independently of this code with Node's node:crypto (hkdfSync with an
 * empty salt and info "ashnote/v1/status", then createHash('sha256')), from docs/protocol.md.
 */
const VECTORS = [
  {
    statusKey: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
    statusProof: 'QA50Byc_FcrvZGeIP1dyf6Mlqf1l_d5QaDeaB7Mbrfk',
    statusVerifier: 'Nh3Iy2mITK6koB9CRkTIeUXlSEXiE7xxeR7P3UBcN5c',
  },
  {
    statusKey: '__________________________________________8',
    statusProof: 'n4-1tJm-5NvXM2GAae0sJj3WGqX39DJOrsh0P-xA_dI',
    statusVerifier: 'txZJIh48ExUuQYmbVXYvck30iqIQO73EGnO9pJb-B50',
  },
];

describe.each(ENGINES)('status keys, %s engine', (_name, engine) => {
  it.each(VECTORS)('match the known answer for $statusKey', async (vector) => {
    expect(await deriveStatusKeys(vector.statusKey, engine)).toEqual(vector);
  });

  it('refuse a mangled or truncated status key', async () => {
    const key = VECTORS[0]!.statusKey;
    expect(await rejection(deriveStatusKeys(key.slice(1), engine))).toBe('MALFORMED');
    expect(await rejection(deriveStatusKeys(`${key}=`, engine))).toBe('MALFORMED');
  });
});

describe('status key creation', () => {
  it('makes 32 fresh random bytes each time, reproducible on the other engine', async () => {
    const a = await createStatusKeys(webCryptoEngine);
    const b = await createStatusKeys(nobleEngine);
    expect(base64UrlDecode(a.statusKey).length).toBe(32);
    expect(a.statusKey).not.toBe(b.statusKey);
    expect(await deriveStatusKeys(a.statusKey, nobleEngine)).toEqual(a);
  });

  it('is no note key: the same 32 bytes as K_link give a different proof and verifier', async () => {
    const key = VECTORS[0]!.statusKey;
    const status = await deriveStatusKeys(key);
    const note = await deriveNoteKeys(key, undefined, null);
    const noteValues = [note.proof, note.verifier, note.linkProof, note.linkVerifier];
    expect(noteValues).not.toContain(status.statusProof);
    expect(noteValues).not.toContain(status.statusVerifier);
  });
});
