import type en from './locales/en.json';
import type pagesEn from './pages/en.json';
import { perLanguage } from './perLanguage.ts';

/**
 * The interface's texts and how a key becomes one: the few things the app asks of a
 * translation library (nested keys, plural forms by Intl.PluralRules, `{{name}}` and
 * `{{name, number|datetime}}` placeholders), in a fraction of one's weight on every page
 * (issue 36). Keys are typed against the English files: a misspelt or missing key fails `tsc`.
 *
 * `translation` (locales/<lng>.json) is the app shell and the features, needed on every page;
 * `pages` (pages/<lng>.json) holds the long documents, needed only by the screens that show them.
 */
export type Namespace = 'translation' | 'pages';
export type Texts = Record<string, unknown>;

interface EnglishTexts {
  translation: typeof en;
  pages: typeof pagesEn;
}

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The dotted keys of a texts file; a text with plural forms under the key they share. */
type KeyOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${PluralForm}` ? Base : K}`
    : KeyOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey<N extends Namespace = 'translation'> = KeyOf<EnglishTexts[N]>;

export interface TranslateOptions {
  /** Picks the plural form, by the language's rules. */
  count?: number;
  /** Options of a `{{name, datetime}}` placeholder's format, by name. */
  formatParams?: Record<string, Intl.DateTimeFormatOptions>;
  /** The placeholders' values. */
  [name: string]: unknown;
}

export type TFunction<N extends Namespace = 'translation'> = (
  key: TranslationKey<N>,
  options?: TranslateOptions,
) => string;

const loaded = new Map<string, Texts>();
const fileKey = (language: string, namespace: Namespace) => `${language}|${namespace}`;

export function hasTexts(language: string, namespace: Namespace): boolean {
  return loaded.has(fileKey(language, namespace));
}

export function addTexts(language: string, namespace: Namespace, texts: Texts): void {
  loaded.set(fileKey(language, namespace), texts);
}

function lookUp(texts: Texts | undefined, key: string): string | undefined {
  let value: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Texts)[part];
  }
  return typeof value === 'string' ? value : undefined;
}

const pluralRules = perLanguage((language) => new Intl.PluralRules(language));

/** Numbers as the language writes them ("50,000", "50.000", "٥٠٬٠٠٠"). */
export const numberFormat = perLanguage((language) => new Intl.NumberFormat(language));

/** Makes the language's formatters ahead of the texts that use them. */
export function prepareFormatters(language: string): void {
  pluralRules(language);
  numberFormat(language);
}

function formatted(
  language: string,
  value: unknown,
  format: string | undefined,
  options: Intl.DateTimeFormatOptions | undefined,
): string {
  if (format === 'number' && typeof value === 'number') {
    return numberFormat(language).format(value);
  }
  if (format === 'datetime' && (value instanceof Date || typeof value === 'number')) {
    return new Intl.DateTimeFormat(language, options).format(value);
  }
  return String(value);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/**
 * The text of `key` in `language`, its placeholders filled in; the key itself where the text
 * is missing (every language has every key: locales.test.ts).
 */
export function translate(
  language: string,
  namespace: Namespace,
  key: string,
  options: TranslateOptions = {},
): string {
  const texts = loaded.get(fileKey(language, namespace));
  const { count, formatParams } = options;
  const text =
    (count === undefined
      ? undefined
      : (lookUp(texts, `${key}_${pluralRules(language).select(count)}`) ??
        lookUp(texts, `${key}_other`))) ?? lookUp(texts, key);
  if (text === undefined) return key;
  return text.replace(PLACEHOLDER, (placeholder, name: string, format: string | undefined) =>
    name in options
      ? formatted(language, options[name], format, formatParams?.[name])
      : placeholder,
  );
}
