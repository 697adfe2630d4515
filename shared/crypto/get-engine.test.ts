import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('getEngine', () => {
  it('picks WebCrypto where crypto.subtle exists', async () => {
    const { getEngine } = await import('./get-engine.ts');
    expect((await getEngine()).name).toBe('webcrypto');
  });

  it('falls back to noble without crypto.subtle (insecure context), still interoperating', async () => {
    const native = globalThis.crypto;
    const { encryptNoteText } = await import('./note-content.ts');
    const { webCryptoEngine } = await import('./webcrypto-engine.ts');
    const key = webCryptoEngine.randomBytes(32);
    const envelope = await encryptNoteText(
      key,
      'sealed in a secure context',
      { images: 0 },
      webCryptoEngine,
    );

    // What a plain-http page sees: getRandomValues, but no subtle.
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends Uint8Array>(array: T) => native.getRandomValues(array),
    });
    vi.resetModules();
    const fresh = await import('./index.ts');
    const engine = await fresh.getEngine();
    expect(engine.name).toBe('noble');
    expect(fresh.hasWebCrypto()).toBe(false);
    expect(await fresh.decryptNoteText(key, envelope, { images: 0 })).toBe(
      'sealed in a secure context',
    );
    expect(await fresh.generateLinkKey()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(fresh.webCryptoEngine.sha256(new Uint8Array(1))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});
