import { CryptoError } from './errors.ts';

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
