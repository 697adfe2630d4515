import { describe, expect, it } from 'vitest';
import wordList from './eff-large-wordlist.json' with { type: 'json' };
import {
  ALL_CLASSES,
  CHARACTER_CLASSES,
  generatePassphrase,
  generatePassword,
  passwordAlphabet,
  strengthOf,
  uniformIndex,
  type RandomSource,
} from './secretGenerator.ts';

/** A deterministic source (mulberry32), so a statistical test gives the same verdict every run. */
function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i += 1) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
    }
  };
}

/** Pearson's chi-square statistic of `counts` against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/**
 * The chi-square value a uniform source exceeds with probability about 0.001, for `df` degrees
 * of freedom (Wilson–Hilferty approximation, z = 3.09).
 */
function critical(df: number): number {
  const z = 3.09;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

describe('uniformIndex', () => {
  it('draws every index equally often (chi-square over 76 and 7,776 choices)', () => {
    const random = seededRandom(1);
    for (const n of [76, 7776]) {
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < n * 40; i += 1) counts[uniformIndex(n, random)]! += 1;
      expect(chiSquare(counts)).toBeLessThan(critical(n - 1));
    }
  });

  it('has no modulo bias where plain `% n` would have a large one', () => {
    // With n = 3 × 2^30, value % n lands below 2^30 for half of all 32-bit values, not a third.
    const n = 3 * 2 ** 30;
    const random = seededRandom(2);
    const draws = 30_000;
    let low = 0;
    for (let i = 0; i < draws; i += 1) if (uniformIndex(n, random) < 2 ** 30) low += 1;
    expect(low / draws).toBeGreaterThan(0.32);
    expect(low / draws).toBeLessThan(0.35);
  });

  it('draws again past the last whole multiple of n, and never loops on good values', () => {
    const script = [0xffffffff, 5];
    const random: RandomSource = (bytes) =>
      new DataView(bytes.buffer).setUint32(0, script.shift()!);
    // 2^32 = 1 (mod 3), so 2^32 - 1 would make index 0 a little likelier: it is drawn again.
    expect(uniformIndex(3, random)).toBe(2);
    expect(script).toEqual([]);
  });
});

describe('generatePassword', () => {
  it('has the length asked for, within 12 to 64', () => {
    const random = seededRandom(3);
    for (const [asked, got] of [
      [12, 12],
      [33, 33],
      [64, 64],
      [4, 12],
      [500, 64],
    ]) {
      expect(generatePassword({ length: asked!, classes: ALL_CLASSES }, random).value).toHaveLength(
        got!,
      );
    }
  });

  it('uses only the chosen classes, and each of them', () => {
    const random = seededRandom(4);
    const digits = generatePassword({ length: 64, classes: ['digits'] }, random).value;
    expect(digits).toMatch(/^[0-9]{64}$/);
    const mixed = generatePassword({ length: 64, classes: ['upper', 'symbols'] }, random).value;
    expect(
      [...mixed].every((c) => (CHARACTER_CLASSES.upper + CHARACTER_CLASSES.symbols).includes(c)),
    ).toBe(true);
    expect(mixed).toMatch(/[A-Z]/);
    expect(mixed).toMatch(/[!#$%&*+\-=?@^_~]/);
  });

  it('states its entropy as length × log2(alphabet)', () => {
    const random = seededRandom(5);
    expect(passwordAlphabet(ALL_CLASSES)).toHaveLength(76);
    expect(generatePassword({ length: 20, classes: ALL_CLASSES }, random).entropyBits).toBeCloseTo(
      20 * Math.log2(76),
      10,
    );
    expect(generatePassword({ length: 12, classes: ['digits'] }, random).entropyBits).toBeCloseTo(
      12 * Math.log2(10),
      10,
    );
  });
});

describe('generatePassphrase', () => {
  it('joins the number of list words asked for with the separator chosen', () => {
    const random = seededRandom(6);
    const phrase = generatePassphrase({ words: 7, separator: 'space' }, wordList, random).value;
    const words = phrase.split(' ');
    expect(words).toHaveLength(7);
    expect(words.every((word) => wordList.includes(word))).toBe(true);
    expect(
      generatePassphrase({ words: 5, separator: 'dot' }, wordList, random).value.split('.'),
    ).toHaveLength(5);
    expect(
      generatePassphrase({ words: 99, separator: 'space' }, wordList, random).value.split(' '),
    ).toHaveLength(12);
  });

  it('states its entropy as words × log2(7,776), about 12.9 bits a word', () => {
    expect(wordList).toHaveLength(7776);
    expect(new Set(wordList).size).toBe(7776);
    const phrase = generatePassphrase({ words: 6, separator: 'hyphen' }, wordList, seededRandom(7));
    expect(phrase.entropyBits).toBeCloseTo(6 * Math.log2(7776), 10);
    expect(Math.floor(phrase.entropyBits)).toBe(77);
  });
});

describe('strengthOf', () => {
  it('words the bits without flattering them', () => {
    expect([39.8, 50, 69.9, 70, 99.9, 100].map(strengthOf)).toEqual([
      'weak',
      'fair',
      'fair',
      'strong',
      'strong',
      'veryStrong',
    ]);
  });
});
