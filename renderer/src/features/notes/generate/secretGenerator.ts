/**
 * Strong random passwords and passphrases, made in the browser (issue 33 §4), so that people
 * stop protecting notes with weak secrets of their own. Nothing here leaves the page.
 *
 * Every character or word is drawn uniformly: `uniformIndex` rejects the few 32-bit values
 * that would make `value % n` favour small indexes (modulo bias), so the strength shown,
 * length × log2(choices), is exactly what an attacker who knows these settings faces.
 */

/** Fills `bytes` with random bytes; crypto.getRandomValues in the app, a seeded one in tests. */
export type RandomSource = (bytes: Uint8Array) => void;

export const browserRandom: RandomSource = (bytes) => {
  crypto.getRandomValues(bytes);
};

const TWO_TO_32 = 2 ** 32;

/** A uniformly random whole number in [0, n), for 1 ≤ n ≤ 2^32. */
export function uniformIndex(n: number, random: RandomSource): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_TO_32) throw new RangeError(`bad range ${n}`);
  // The largest multiple of n that fits in 32 bits: values at or past it are drawn again.
  const limit = TWO_TO_32 - (TWO_TO_32 % n);
  const bytes = new Uint8Array(4);
  const view = new DataView(bytes.buffer);
  for (;;) {
    random(bytes);
    const value = view.getUint32(0);
    if (value < limit) return value % n;
  }
}

export const CHARACTER_CLASSES = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  /** No quotes, backslash or space: they get mangled when a password is pasted into a shell. */
  symbols: '!#$%&*+-=?@^_~',
} as const;
export type CharacterClass = keyof typeof CHARACTER_CLASSES;
export const ALL_CLASSES = Object.keys(CHARACTER_CLASSES) as CharacterClass[];

export const PASSWORD_LENGTH = { min: 12, max: 64, initial: 20 } as const;
export const PASSPHRASE_WORDS = { min: 4, max: 12, initial: 6 } as const;
export const SEPARATORS = { hyphen: '-', space: ' ', dot: '.' } as const;
export type Separator = keyof typeof SEPARATORS;

export type SecretSettings =
  | { kind: 'password'; length: number; classes: readonly CharacterClass[] }
  | { kind: 'passphrase'; words: number; separator: Separator };

export const INITIAL_SETTINGS = {
  password: { kind: 'password', length: PASSWORD_LENGTH.initial, classes: ALL_CLASSES },
  passphrase: { kind: 'passphrase', words: PASSPHRASE_WORDS.initial, separator: 'hyphen' },
} as const satisfies Record<SecretSettings['kind'], SecretSettings>;

export interface GeneratedSecret {
  value: string;
  /** log2 of the number of secrets these settings could have made, each equally likely. */
  entropyBits: number;
}

const clamp = (value: number, bounds: { min: number; max: number }) =>
  Math.min(bounds.max, Math.max(bounds.min, Math.round(value)));

/** The characters a password with these classes is drawn from (every class when none). */
export function passwordAlphabet(classes: readonly CharacterClass[]): string {
  const chosen = classes.length > 0 ? classes : ALL_CLASSES;
  return ALL_CLASSES.filter((name) => chosen.includes(name))
    .map((name) => CHARACTER_CLASSES[name])
    .join('');
}

export function generatePassword(
  settings: { length: number; classes: readonly CharacterClass[] },
  random: RandomSource = browserRandom,
): GeneratedSecret {
  const alphabet = passwordAlphabet(settings.classes);
  const length = clamp(settings.length, PASSWORD_LENGTH);
  let value = '';
  for (let i = 0; i < length; i += 1) value += alphabet[uniformIndex(alphabet.length, random)];
  return { value, entropyBits: length * Math.log2(alphabet.length) };
}

export function generatePassphrase(
  settings: { words: number; separator: Separator },
  wordList: readonly string[],
  random: RandomSource = browserRandom,
): GeneratedSecret {
  const count = clamp(settings.words, PASSPHRASE_WORDS);
  const words = Array.from(
    { length: count },
    () => wordList[uniformIndex(wordList.length, random)],
  );
  return {
    value: words.join(SEPARATORS[settings.separator]),
    entropyBits: count * Math.log2(wordList.length),
  };
}

export type Strength = 'weak' | 'fair' | 'strong' | 'veryStrong';

/**
 * A word for the bits, for people who do not think in bits. Even "fair" is far beyond what
 * guessing through the server allows (ten attempts per note); the bar is an offline attack by
 * someone who also holds the link.
 */
export function strengthOf(entropyBits: number): Strength {
  if (entropyBits < 50) return 'weak';
  if (entropyBits < 70) return 'fair';
  if (entropyBits < 100) return 'strong';
  return 'veryStrong';
}
