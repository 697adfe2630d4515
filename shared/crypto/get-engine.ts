import type { CryptoEngine } from './engine.ts';
import { hasWebCrypto, webCryptoEngine } from './webcrypto-engine.ts';

let selected: Promise<CryptoEngine> | undefined;

/**
 * WebCrypto wherever `crypto.subtle` exists; otherwise node-forge. forge is loaded on demand so
 * secure-context bundles never pay for it.
 */
export function getEngine(): Promise<CryptoEngine> {
  if (!selected) {
    selected = hasWebCrypto() ? Promise.resolve(webCryptoEngine) : loadForgeEngine();
    // A failed chunk load (flaky network) is retried on the next call, not cached forever.
    selected.catch(() => {
      selected = undefined;
    });
  }
  return selected;
}

export async function loadForgeEngine(): Promise<CryptoEngine> {
  const { forgeEngine } = await import('./forge-engine.ts');
  return forgeEngine;
}

/** The engine a caller passed (tests, interop), else the environment's. */
export async function resolveEngine(engine?: CryptoEngine): Promise<CryptoEngine> {
  return engine ?? getEngine();
}
