import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_CODES, LANGUAGES, supportedLanguage } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { LANGUAGE_STORAGE_KEY, browserLanguage, storage } from './detectLanguage.ts';

/**
 * `translation` (locales/<lng>.json) is the app shell and the features, needed on every page;
 * `pages` (pages/<lng>.json) holds the long documents (features, security, privacy, terms,
 * FAQ), needed only by the screens that show them.
 */
export type Namespace = 'translation' | 'pages';
type Bundle = Record<string, unknown>;

/**
 * Every language file is its own chunk, fetched only when that language is shown: a visitor
 * downloads one language, not twelve.
 */
const bundleFiles: Record<Namespace, Record<string, () => Promise<Bundle>>> = {
  translation: import.meta.glob<Bundle>('./locales/*.json', { import: 'default' }),
  pages: import.meta.glob<Bundle>('./pages/*.json', { import: 'default' }),
};
const folderOf: Record<Namespace, string> = { translation: 'locales', pages: 'pages' };

/** Namespaces some screen has asked for: switching language loads all of them first. */
const wantedNamespaces = new Set<Namespace>(['translation']);
const loading = new Map<string, Promise<void>>();

function fetchBundle(language: LanguageCode, namespace: Namespace): Promise<Bundle> {
  const load = bundleFiles[namespace][`./${folderOf[namespace]}/${language}.json`];
  if (!load) throw new Error(`No ${namespace} file for ${language}`);
  return load();
}

function ensureBundle(language: LanguageCode, namespace: Namespace): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  const key = `${language}|${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = fetchBundle(language, namespace).then(
      (bundle) => {
        i18n.addResourceBundle(language, namespace, bundle, true, true);
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

/** The language on screen now. */
export function currentLanguage(): LanguageCode {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language).code;
}

/** `<html lang dir>` follow the interface language (Arabic turns the page right-to-left). */
function applyDocumentLanguage() {
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

/**
 * Detects the language (spec §2: remembered choice, browser, page), loads its file and starts
 * i18next. Resolves before the first render, so the first paint is already translated.
 */
export async function initI18n(): Promise<void> {
  const language = browserLanguage();
  i18n.on('languageChanged', applyDocumentLanguage);
  await startI18n(language);
  // The spec caches the detected language, so the next visit starts in the same one.
  remember(language);
}

/** Starts i18next in `language` with its app texts: in the browser, and when pre-rendering. */
export async function startI18n(language: LanguageCode): Promise<void> {
  const translation = await fetchBundle(language, 'translation');
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation } },
    supportedLngs: LANGUAGE_CODES,
    // Every locale has every key (locales.test.ts), so there is nothing to fall back to, and no
    // reason to download English beside the language shown.
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}

/**
 * Makes a namespace available in the current language (and in every language switched to
 * later). Screens that show the long documents wait for this before they render.
 */
export async function loadNamespace(namespace: Namespace): Promise<void> {
  wantedNamespaces.add(namespace);
  // Loop: the language may change while the file is on its way.
  while (!i18n.hasResourceBundle(currentLanguage(), namespace)) {
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
  await i18n.changeLanguage(code);
}

export { i18n };
