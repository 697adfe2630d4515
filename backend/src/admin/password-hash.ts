import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * The administrator's password is configured only as a scrypt hash (ADMIN_PASSWORD_HASH), so
 * the server's environment never holds the password itself. Format:
 * `scrypt$<log2 N>$<r>$<p>$<salt, base64url>$<hash, base64url>`.
 */
const PREFIX = 'scrypt';
const HASH_BYTES = 32;
type Work = Pick<PasswordHash, 'logN' | 'r' | 'p'>;

/** N = 2^17, r = 8: about 128 MB and a few hundred milliseconds per check, OWASP's 2023 level. */
const DEFAULTS: Work = { logN: 17, r: 8, p: 1 };

/**
 * The least work a hash may ask for (parsePasswordHash refuses less): an eighth of the default.
 * Tests sign in with it, where hundreds of checks at the default would cost minutes of CPU.
 */
export const LEAST_WORK: Work = { logN: 14, r: 8, p: 1 };

export interface PasswordHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const memoryFor = ({ logN, r }: { logN: number; r: number }) => 256 * r * 2 ** logN;

export async function hashPassword(password: string, work: Work = DEFAULTS): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { logN, r, p } = work;
  const hash = await scrypt(password.normalize('NFC'), salt, HASH_BYTES, {
    N: 2 ** logN,
    r,
    p,
    maxmem: memoryFor(work),
  });
  return [PREFIX, logN, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** The parsed hash, or null when the text is not one `hashPassword` could have written. */
export function parsePasswordHash(text: string): PasswordHash | null {
  const [prefix, logN, r, p, salt, hash, ...rest] = text.split('$');
  if (prefix !== PREFIX || rest.length > 0 || !salt || !hash) return null;
  const numbers = [logN, r, p].map(Number);
  if (!numbers.every((n) => Number.isInteger(n) && n > 0)) return null;
  const [log, blocks, parallel] = numbers as [number, number, number];
  if (log < 14 || log > 20 || blocks > 32 || parallel > 16) return null;
  const parsed = {
    logN: log,
    r: blocks,
    p: parallel,
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  };
  return parsed.salt.length >= 16 && parsed.hash.length === HASH_BYTES ? parsed : null;
}

/** Compares in constant time; the work factor makes each guess cost as much as the hash did. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await scrypt(password.normalize('NFC'), stored.salt, HASH_BYTES, {
    N: 2 ** stored.logN,
    r: stored.r,
    p: stored.p,
    maxmem: memoryFor(stored) * 2,
  });
  return crypto.timingSafeEqual(candidate, stored.hash);
}
