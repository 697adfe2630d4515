import { LANGUAGES, supportedLanguage } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { LANGUAGE_STORAGE_KEY, browserLanguage, storage } from './detectLanguage.ts';
import { addTexts, hasTexts, translate } from './translate.ts';
import type { Namespace, TFunction, Texts } from './translate.ts';

export type { Namespace, TFunction, TranslationKey } from './translate.ts';

/**
 * Every language file is its own chunk, fetched only when that language is shown: a visitor
 * downloads one language, not twelve.
 */
const bundleFiles: Record<Namespace, Record<string, () => Promise<Texts>>> = {
  translation: import.meta.glob<Texts>('./locales/*.json', { import: 'default' }),
  pages: import.meta.glob<Texts>('./pages/*.json', { import: 'default' }),
};
const folderOf: Record<Namespace, string> = { translation: 'locales', pages: 'pages' };

/** Namespaces some screen has asked for: switching language loads all of them first. */
const wantedNamespaces = new Set<Namespace>(['translation']);
const loading = new Map<string, Promise<void>>();

function fetchBundle(language: LanguageCode, namespace: Namespace): Promise<Texts> {
  const load = bundleFiles[namespace][`./${folderOf[namespace]}/${language}.json`];
  if (!load) throw new Error(`No ${namespace} file for ${language}`);
  return load();
}

function ensureBundle(language: LanguageCode, namespace: Namespace): Promise<void> {
  if (hasTexts(language, namespace)) return Promise.resolve();
  const key = `${language}|${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = fetchBundle(language, namespace).then(
      (bundle) => {
        addTexts(language, namespace, bundle);
        loading.delete(key);
      },
      (error: unknown) => {
        // A failed chunk (offline) may be asked for again later.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

function remember(language: LanguageCode) {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled or full: the choice holds for this visit only.
  }
}

export function resolveLanguage(code: string | undefined): (typeof LANGUAGES)[number] {
  const supported = supportedLanguage(code);
  return LANGUAGES.find((language) => language.code === supported) ?? LANGUAGES[0];
}

let shown: LanguageCode = LANGUAGES[0].code;
const listeners = new Set<() => void>();

/** The language on screen now. */
export function currentLanguage(): LanguageCode {
  return shown;
}

/** Calls `listener` after each change of language; returns what stops that. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Texts of `namespace` in `language` (by default the one on screen when it is called). */
export function translator<N extends Namespace>(
  namespace: N,
  language: LanguageCode = shown,
): TFunction<N> {
  return (key, options) => translate(language, namespace, key, options);
}

function show(language: LanguageCode): void {
  shown = language;
  for (const listener of listeners) listener();
}

/** `<html lang dir>` follow the interface language (Arabic turns the page right-to-left). */
function applyDocumentLanguage() {
  const language = resolveLanguage(shown);
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

/**
 * Detects the language (spec §2: remembered choice, browser, page) and loads its texts.
 * Resolves before the first render, so the first paint is already translated.
 */
export async function initI18n(): Promise<void> {
  const language = browserLanguage();
  onLanguageChange(applyDocumentLanguage);
  await startI18n(language);
  // The spec caches the detected language, so the next visit starts in the same one.
  remember(language);
}

/** Shows `language` with its app texts: in the browser, and when pre-rendering. */
export async function startI18n(language: LanguageCode): Promise<void> {
  // Every locale has every key (locales.test.ts), so there is nothing to fall back to, and no
  // reason to download English beside the language shown.
  await ensureBundle(language, 'translation');
  show(language);
}

/**
 * Makes a namespace available in the current language (and in every language switched to
 * later). Screens that show the long documents wait for this before they render.
 */
export async function loadNamespace(namespace: Namespace): Promise<void> {
  wantedNamespaces.add(namespace);
  // Loop: the language may change while the file is on its way.
  while (!hasTexts(currentLanguage(), namespace)) {
    await ensureBundle(currentLanguage(), namespace);
  }
}

/** Resolves a screen's module once the long documents' texts are loaded too. */
export async function withPagesNamespace<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadNamespace('pages')]);
  return loaded;
}

/** Loads what the new language needs first, so the switch happens in one paint. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await Promise.all([...wantedNamespaces].map((namespace) => ensureBundle(code, namespace)));
  remember(code);
  show(code);
}
