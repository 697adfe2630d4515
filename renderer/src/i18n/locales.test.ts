import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/languages.ts';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import hi from './locales/hi.json';
import italian from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import zh from './locales/zh.json';

/**
 * en.json is the source (STYLE.md habit 11). Every other locale must have exactly its keys, no
 * empty strings, and the same {{variables}}. Plural keys (`x_one`, `x_other`, …) must carry
 * exactly the plural forms the language has, as i18next picks them with Intl.PluralRules.
 */
// `it` is Italian; vitest's `it` keeps its name.
const locales: Record<string, unknown> = {
  en,
  es,
  fr,
  de,
  zh,
  ja,
  ko,
  ar,
  pt,
  ru,
  hi,
  it: italian,
};

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** `{{name}}` / `{{name, format}}` for i18next, and `{name}` for Radix's own placeholders. */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g))
    found.add(`{{${match[1]}}}`);
  for (const match of text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\{(\w+)\}/g)) {
    found.add(`{${match[1]}}`);
  }
  return [...found].sort();
}

const enFlat = flatten(en);
const pluralBases = new Set(
  [...enFlat.keys()]
    .filter((key) => PLURAL_SUFFIX.test(key))
    .map((key) => key.replace(PLURAL_SUFFIX, ''))
    .filter((base) => enFlat.has(`${base}_other`)),
);

function baseOf(key: string): string | undefined {
  const base = key.replace(PLURAL_SUFFIX, '');
  return base !== key && pluralBases.has(base) ? base : undefined;
}

/** The keys a locale must have: en's plain keys, plus each plural base in the language's forms. */
function expectedKeys(language: string): Set<string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of enFlat.keys()) if (!baseOf(key)) keys.add(key);
  for (const base of pluralBases)
    for (const category of categories) keys.add(`${base}_${category}`);
  return keys;
}

/** The en text a translated key must match in placeholders. */
function sourceText(key: string): unknown {
  const base = baseOf(key);
  return base ? enFlat.get(`${base}_other`) : enFlat.get(key);
}

describe('locales', () => {
  it('cover exactly the twelve interface languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(Object.keys(locales))('%s', (language) => {
    const flat = flatten(locales[language]);
    const expected = expectedKeys(language);

    it('has every key of en.json', () => {
      expect([...expected].filter((key) => !flat.has(key))).toEqual([]);
    });

    it('has no key that en.json lacks', () => {
      expect([...flat.keys()].filter((key) => !expected.has(key))).toEqual([]);
    });

    it('has no empty or non-string values', () => {
      const bad = [...flat].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it('uses the same {{variables}} as en.json', () => {
      const mismatched = [...flat]
        .filter(([key]) => expected.has(key))
        .filter(([key, value]) => {
          const source = sourceText(key);
          if (typeof value !== 'string' || typeof source !== 'string') return false;
          return placeholders(value).join() !== placeholders(source).join();
        })
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });
  });
});

describe('placeholders', () => {
  it('finds i18next variables and Radix placeholders', () => {
    expect(placeholders('Hi {{name}}, {{count, number}} ({hotkey})')).toEqual([
      '{hotkey}',
      '{{count}}',
      '{{name}}',
    ]);
  });
});
