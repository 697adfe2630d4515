import forge from 'node-forge/lib/forge.js';
import { CryptoError } from './errors.ts';

/**
 * Test support. In Node, forge would hand PBKDF2 to node:crypto; browsers run its pure-JS
 * code, so the tests make forge do the same.
 */
export function useBrowserForge(): void {
  forge.options.usePureJavaScript = true;
}

/** The CryptoError code a promise rejects with; fails when it resolves or throws otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CryptoError) return error.code;
    throw error;
  }
  throw new Error('expected a rejection');
}
