/** How a self-hoster makes a key the server accepts. */
export const MAIL_KEY_HOW_TO = 'openssl rand -base64 32';

const KEY_BYTES = 32;

/**
 * Fewer distinct byte values than this is no random key. 32 random bytes have about 30 distinct
 * values; 15 or fewer happen with a chance of about 3 in 10^17 (the occupancy distribution of
 * 32 draws from 256), while a key typed or derived by hand (`AAAA…`, a repeated pattern) has a
 * handful.
 */
const MIN_DISTINCT_BYTES = 16;

/**
 * Why `value` is not a usable MAIL_KEY, or null when it is: exactly 32 bytes in standard base64
 * (what `openssl rand -base64 32` prints, its `=` optional), and not obviously made by hand.
 * Strict where Buffer.from(value, 'base64') is not: that skips characters outside the alphabet
 * and stray bits, so a mistyped key would silently become another one.
 */
export function mailKeyProblem(value: string): string | null {
  const padded = value.length === 43 ? `${value}=` : value;
  const bytes = Buffer.from(padded, 'base64');
  if (bytes.length !== KEY_BYTES || bytes.toString('base64') !== padded) {
    return `must be ${KEY_BYTES} random bytes in base64, as \`${MAIL_KEY_HOW_TO}\` prints them`;
  }
  if (new Set(bytes).size < MIN_DISTINCT_BYTES) {
    return `is not random (too few distinct bytes); make one with \`${MAIL_KEY_HOW_TO}\``;
  }
  // Random bytes are all printable ASCII with a chance of (95/256)^32, about 2 in 10^14: this
  // is text (a passphrase) in base64, which has far less than 256 bits to guess.
  if (bytes.every((byte) => byte >= 0x20 && byte <= 0x7e)) {
    return `is base64 of text, not of random bytes; make one with \`${MAIL_KEY_HOW_TO}\``;
  }
  return null;
}
