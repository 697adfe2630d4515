import type { CryptoEngine } from './engine.ts';
import { hasWebCrypto, webCryptoEngine } from './webcrypto-engine.ts';

let selected: Promise<CryptoEngine> | undefined;

/**
 * WebCrypto wherever `crypto.subtle` exists; otherwise the @noble engine, loaded on demand (its
 * own chunk) so pages with WebCrypto never download it.
 */
export function getEngine(): Promise<CryptoEngine> {
  if (!selected) {
    selected = hasWebCrypto() ? Promise.resolve(webCryptoEngine) : loadNobleEngine();
    // A failed chunk load (flaky network) is retried on the next call, not cached forever.
    selected.catch(() => {
      selected = undefined;
    });
  }
  return selected;
}

export async function loadNobleEngine(): Promise<CryptoEngine> {
  const { nobleEngine } = await import('./noble-engine.ts');
  return nobleEngine;
}

/** The engine a caller passed (tests, interop), else the environment's. */
export async function resolveEngine(engine?: CryptoEngine): Promise<CryptoEngine> {
  return engine ?? getEngine();
}
