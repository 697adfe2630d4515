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
import pagesAr from './pages/ar.json';
import pagesDe from './pages/de.json';
import pagesEn from './pages/en.json';
import pagesEs from './pages/es.json';
import pagesFr from './pages/fr.json';
import pagesHi from './pages/hi.json';
import pagesIt from './pages/it.json';
import pagesJa from './pages/ja.json';
import pagesKo from './pages/ko.json';
import pagesPt from './pages/pt.json';
import pagesRu from './pages/ru.json';
import pagesZh from './pages/zh.json';

/**
 * en is the source (STYLE.md habit 11), for both namespaces: `locales/` (app shell and
 * features) and `pages/` (the long documents). Every other language must have exactly en's
 * keys, no empty strings, the same {{variables}}, exactly the plural forms the language has (as
 * translate.ts picks them with Intl.PluralRules), and no English left untranslated.
 */
// `it` is Italian; vitest's `it` keeps its name.
const namespaces: Record<string, Record<string, unknown>> = {
  locales: { en, es, fr, de, zh, ja, ko, ar, pt, ru, hi, it: italian },
  pages: {
    en: pagesEn,
    es: pagesEs,
    fr: pagesFr,
    de: pagesDe,
    zh: pagesZh,
    ja: pagesJa,
    ko: pagesKo,
    ar: pagesAr,
    pt: pagesPt,
    ru: pagesRu,
    hi: pagesHi,
    it: pagesIt,
  },
};

/**
 * Texts that may read the same as in English. Anything that is only placeholders, digits,
 * punctuation or names from NAMES passes by itself; this list is for words that really are
 * the same in that language (a loanword, a cognate). Keys per language, or '*' for all.
 */
const SAME_AS_ENGLISH: Record<string, Record<string, readonly string[]>> = {
  locales: {
    '*': ['home.form.emailPlaceholder'],
    es: ['nav.chat', 'nav.blog'],
    fr: [
      'nav.chat',
      'nav.faq',
      'nav.blog',
      'nav.menuTitle',
      'toast.label',
      'toast.viewportLabel',
      'note.time.minutes_one',
      'note.time.minutes_other',
      'chat.create.durations.5',
      'chat.create.durations.15',
      'chat.create.durations.30',
      'home.form.expiration.5m',
      'home.form.expiration.15m',
      'chat.room.messagesLabel',
      'chat.room.sender.peer',
      'chat.room.composer.label',
      'faq.questionCount_one',
      'faq.questionCount_other',
      'desktop.menu.faq',
    ],
    de: [
      'nav.chat',
      'nav.faq',
      'nav.blog',
      'desktop.settings.serverHeading',
      'generate.kinds.passphrase',
    ],
    pt: ['nav.chat', 'nav.menuTitle'],
    it: [
      'nav.home',
      'nav.privacy',
      'nav.chat',
      'nav.faq',
      'nav.blog',
      'nav.menuTitle',
      'note.viewer.passwordLabel',
      'desktop.menu.file',
      'desktop.settings.serverHeading',
      'desktop.settings.privacyHeading',
      'generate.kinds.passphrase',
    ],
  },
  pages: {
    es: ['blog.list.title', 'blog.toast.error', 'mobile.tabs.chat'],
    fr: [
      'blog.list.title',
      'blog.article.title',
      'mobile.title',
      'mobile.tabs.chat',
      'mobile.create.write.messageLabel',
      'mobile.settings.about.version',
    ],
    de: [
      'blog.list.title',
      'mobile.tabs.chat',
      'mobile.settings.about.version',
      'mobile.settings.server.title',
      'developers.schema',
    ],
    it: [
      'blog.list.title',
      'mobile.title',
      'mobile.tabs.chat',
      'mobile.create.security.passwordLabel',
      'mobile.settings.server.title',
      'developers.schema',
    ],
    pt: ['mobile.tabs.chat'],
    ru: ['mobile.title'],
  },
};

/** Product and technical names that read the same in every language. */
const NAMES = [
  'Ashnote',
  'AES-256-GCM',
  'AES-256',
  'PBKDF2',
  'HKDF',
  'SHA-256',
  'HMAC',
  'HTTPS',
  'HSTS',
  'PNG',
  'JPEG',
  'WebP',
  'EXIF',
  'PostgreSQL',
  'Node.js',
];

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

/** `{{name}}` / `{{name, format}}` for translate.ts, and `{name}` for Radix's own placeholders. */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g))
    found.add(`{{${match[1]}}}`);
  for (const match of text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\{(\w+)\}/g)) {
    found.add(`{${match[1]}}`);
  }
  return [...found].sort();
}

/** What is left of a text once placeholders and names are removed: words to translate. */
function words(text: string): string {
  let rest = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\{\w+\}/g, ' ');
  for (const name of NAMES) rest = rest.split(name).join(' ');
  return rest.replace(/[^\p{L}]+/gu, ' ').trim();
}

function checkNamespace(namespace: string) {
  const locales = namespaces[namespace]!;
  const enFlat = flatten(locales.en);
  const pluralBases = new Set(
    [...enFlat.keys()]
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, ''))
      .filter((base) => enFlat.has(`${base}_other`)),
  );
  const baseOf = (key: string): string | undefined => {
    const base = key.replace(PLURAL_SUFFIX, '');
    return base !== key && pluralBases.has(base) ? base : undefined;
  };

  /** en's plain keys, plus each plural base in the language's own forms. */
  const expectedKeys = (language: string): Set<string> => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const keys = new Set<string>();
    for (const key of enFlat.keys()) if (!baseOf(key)) keys.add(key);
    for (const base of pluralBases)
      for (const category of categories) keys.add(`${base}_${category}`);
    return keys;
  };

  /** The en text a translated key must match in placeholders, and be different from. */
  const sourceText = (key: string): unknown => {
    const base = baseOf(key);
    return base ? enFlat.get(`${base}_other`) : enFlat.get(key);
  };

  const sameAsEnglishAllowed = (language: string, key: string): boolean => {
    const allowed = SAME_AS_ENGLISH[namespace] ?? {};
    return [...(allowed['*'] ?? []), ...(allowed[language] ?? [])].includes(key);
  };

  it('covers exactly the twelve interface languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(Object.keys(locales))('%s', (language) => {
    const flat = flatten(locales[language]);
    const expected = expectedKeys(language);

    it(`has every key of ${namespace}/en.json`, () => {
      expect([...expected].filter((key) => !flat.has(key))).toEqual([]);
    });

    it(`has no key that ${namespace}/en.json lacks`, () => {
      expect([...flat.keys()].filter((key) => !expected.has(key))).toEqual([]);
    });

    it('has no empty or non-string values', () => {
      const bad = [...flat].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it('uses the same {{variables}} as en', () => {
      const mismatched = [...flat]
        .filter(([key]) => expected.has(key))
        .filter(([key, value]) => {
          const source = sourceText(key);
          if (typeof value !== 'string' || typeof source !== 'string') return false;
          let wanted = placeholders(source);
          // A plural form may leave the number out ("سؤالان", two questions), nothing else.
          if (baseOf(key) && !value.includes('{{count')) {
            wanted = wanted.filter((name) => name !== '{{count}}');
          }
          return placeholders(value).join() !== wanted.join();
        })
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });

    it.skipIf(language === 'en')('has no English text left untranslated', () => {
      const untranslated = [...flat]
        .filter(([key, value]) => {
          const source = sourceText(key);
          return (
            typeof value === 'string' &&
            value === source &&
            words(value) !== '' &&
            !sameAsEnglishAllowed(language, key)
          );
        })
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });
}

describe('locales (app shell and features)', () => {
  checkNamespace('locales');
});

describe('pages (long documents)', () => {
  checkNamespace('pages');
});

describe('placeholders', () => {
  it('finds the texts’ variables and Radix placeholders', () => {
    expect(placeholders('Hi {{name}}, {{count, number}} ({hotkey})')).toEqual([
      '{hotkey}',
      '{{count}}',
      '{{name}}',
    ]);
  });
});

describe('words', () => {
  it('ignores placeholders, names, digits and punctuation', () => {
    expect(words('{{title}} | Ashnote')).toBe('');
    expect(words('{{n}}/{{max}}')).toBe('');
    expect(words('AES-256-GCM, 600 000')).toBe('');
    expect(words('Messages ({{count}})')).toBe('Messages');
  });
});
