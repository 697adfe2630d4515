import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';

export interface PageMeta {
  /** Already translated; shown in the tab as "<title> | Ashnote". */
  title: string;
  description: string;
  keywords?: string;
  /** Path (or absolute URL) of the page's canonical address, for public pages only. */
  canonical?: string;
  /** Pages that hold secrets (a note, a chat room) or nothing worth indexing. */
  noIndex?: boolean;
}

export const SOCIAL_PREVIEW_PATH = '/social-preview.png';
export const SOCIAL_PREVIEW_SIZE = 512;

/** One element of the document's head that describes the page. */
export type HeadEntry =
  | { kind: 'title'; content: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string | null }
  | { kind: 'canonical'; href: string | null };

/**
 * The head of a page on `origin`: its title, the description, keywords, Open Graph and Twitter
 * tags, and the canonical address. A `null` content is a tag the page must not have. Addresses
 * never carry the URL fragment (a note's key lives there).
 */
function headEntries(
  meta: PageMeta & { fullTitle: string; siteName: string; imageAlt: string },
  origin: string,
): HeadEntry[] {
  const image = new URL(SOCIAL_PREVIEW_PATH, origin).href;
  const canonicalUrl = meta.canonical ? new URL(meta.canonical, origin) : null;
  if (canonicalUrl) canonicalUrl.hash = '';
  const named = (key: string, content: string | null): HeadEntry => ({
    kind: 'meta',
    attribute: 'name',
    key,
    content,
  });
  const property = (key: string, content: string | null): HeadEntry => ({
    kind: 'meta',
    attribute: 'property',
    key,
    content,
  });
  return [
    { kind: 'title', content: meta.fullTitle },
    named('description', meta.description),
    named('keywords', meta.keywords ?? null),
    named('robots', meta.noIndex ? 'noindex, nofollow' : null),
    property('og:site_name', meta.siteName),
    property('og:type', 'website'),
    property('og:title', meta.fullTitle),
    property('og:description', meta.description),
    property('og:image', image),
    property('og:image:width', String(SOCIAL_PREVIEW_SIZE)),
    property('og:image:height', String(SOCIAL_PREVIEW_SIZE)),
    property('og:image:alt', meta.imageAlt),
    property('og:url', canonicalUrl ? canonicalUrl.href : null),
    named('twitter:card', 'summary'),
    named('twitter:title', meta.fullTitle),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    { kind: 'canonical', href: canonicalUrl ? canonicalUrl.href : null },
  ];
}

/**
 * Where a page rendered outside a browser (the build's pre-rendering) leaves its head, on the
 * origin given: there are no effects to run there, and no document to change.
 */
export const HeadCollector = createContext<{
  origin: string;
  record: (entries: HeadEntry[]) => void;
} | null>(null);

function applyHeadEntry(entry: HeadEntry) {
  if (entry.kind === 'title') {
    document.title = entry.content;
    return;
  }
  if (entry.kind === 'canonical') {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (entry.href === null) link?.remove();
    else {
      if (!link) {
        link = document.createElement('link');
        link.rel = 'canonical';
        document.head.append(link);
      }
      link.href = entry.href;
    }
    return;
  }
  let element = document.head.querySelector<HTMLMetaElement>(
    `meta[${entry.attribute}="${entry.key}"]`,
  );
  if (entry.content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(entry.attribute, entry.key);
    document.head.append(element);
  }
  element.content = entry.content;
}

/**
 * Sets the document title and the description, keywords, Open Graph and Twitter tags of the
 * current page, and the canonical address.
 */
export function usePageMeta({ title, description, keywords, canonical, noIndex }: PageMeta) {
  const { t, language } = useTranslation();
  const fullTitle = t('meta.titleTemplate', { title });
  const siteName = t('common.appName');
  const imageAlt = t('meta.imageAlt');
  const meta = { title, description, keywords, canonical, noIndex, fullTitle, siteName, imageAlt };

  // Pre-rendering: the page's head is taken while rendering (the last page rendered wins, as
  // the last effect does in the browser).
  const collector = useContext(HeadCollector);
  collector?.record(headEntries(meta, collector.origin));

  useEffect(() => {
    for (const entry of headEntries(meta, window.location.origin)) applyHeadEntry(entry);
    // `meta` is rebuilt every render from the values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullTitle, description, keywords, canonical, noIndex, siteName, imageAlt, language]);
}
