import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import pagesEn from './pages/en.json';

/**
 * Every English text must be used by the product, so no translator works on dead strings and
 * no screen loses a text silently. A key counts as used when the product's code (tests aside)
 * names it in full as a string, or builds it from a template whose fixed start it begins with
 * (`errors.${code}`); plural forms count as their base key.
 */

/** The product's code as text (Vite reads it, so this test stays in the DOM world). */
const PRODUCT_SOURCES: Record<string, string> = import.meta.glob(
  [
    '../**/*.{ts,tsx}',
    '../../../shared/**/*.ts',
    '../../../electron/{main,preload}/**/*.ts',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Texts = { [key: string]: string | Texts };

function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
}

interface Names {
  /** Every quoted string, and every backquoted one without a placeholder. */
  whole: Set<string>;
  /** The fixed start of every template string with a placeholder. */
  starts: Set<string>;
}

function namesIn(sources: readonly string[]): Names {
  const names: Names = { whole: new Set(), starts: new Set() };
  for (const source of sources) {
    // Three separate scans: a quote inside a template (or the reverse) must not pair up wrongly.
    for (const [, single, double] of source.matchAll(/'([^'\n\\]*)'|"([^"\n\\]*)"/g)) {
      names.whole.add(single ?? double ?? '');
    }
    for (const [, template] of source.matchAll(/`([^`$]*)`/g)) names.whole.add(template ?? '');
    for (const [, start] of source.matchAll(/`([^`$]*)\$\{/g)) {
      // A template starting with a bare placeholder names nothing in particular.
      if (start && start.includes('.')) names.starts.add(start);
    }
  }
  return names;
}

function unusedKeys(keys: readonly string[], names: Names): string[] {
  return keys.filter((key) => {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (names.whole.has(base)) return false;
    return ![...names.starts].some((start) => base.startsWith(start));
  });
}

describe('i18n keys', () => {
  it('finds a key nothing names, and keys named whole, by template or as a plural', () => {
    const names = namesIn(['t(\'home.title\'); t(`errors.${code}`); t("faq.count", { count });']);
    expect(
      unusedKeys(
        ['home.title', 'home.lost', 'errors.NOT_FOUND', 'faq.count_one', 'faq.count_other'],
        names,
      ),
    ).toEqual(['home.lost']);
  });

  it('has no English text the product never shows', () => {
    expect(Object.keys(PRODUCT_SOURCES).length).toBeGreaterThan(100);
    const names = namesIn(Object.values(PRODUCT_SOURCES));
    expect(unusedKeys(keysOf(en), names)).toEqual([]);
    expect(unusedKeys(keysOf(pagesEn), names)).toEqual([]);
  });
});
