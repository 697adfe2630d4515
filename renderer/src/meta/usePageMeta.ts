import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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

function upsertMeta(attribute: 'name' | 'property', key: string, content: string | null) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function upsertCanonical(href: string | null) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/**
 * Sets the document title and the description, keywords, Open Graph and Twitter tags of the
 * current page. Addresses never carry the URL fragment (a note's key lives there).
 */
export function usePageMeta({ title, description, keywords, canonical, noIndex }: PageMeta) {
  const { t, i18n } = useTranslation();
  const fullTitle = t('meta.titleTemplate', { title });
  const siteName = t('common.appName');
  const imageAlt = t('meta.imageAlt');
  const language = i18n.resolvedLanguage;

  useEffect(() => {
    const origin = window.location.origin;
    const image = new URL(SOCIAL_PREVIEW_PATH, origin).href;
    const canonicalUrl = canonical ? new URL(canonical, origin) : null;
    if (canonicalUrl) canonicalUrl.hash = '';

    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    upsertMeta('name', 'keywords', keywords ?? null);
    upsertMeta('name', 'robots', noIndex ? 'noindex, nofollow' : null);
    upsertMeta('property', 'og:site_name', siteName);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:image', image);
    upsertMeta('property', 'og:image:width', String(SOCIAL_PREVIEW_SIZE));
    upsertMeta('property', 'og:image:height', String(SOCIAL_PREVIEW_SIZE));
    upsertMeta('property', 'og:image:alt', imageAlt);
    upsertMeta('property', 'og:url', canonicalUrl ? canonicalUrl.href : null);
    upsertMeta('name', 'twitter:card', 'summary');
    upsertMeta('name', 'twitter:title', fullTitle);
    upsertMeta('name', 'twitter:description', description);
    upsertMeta('name', 'twitter:image', image);
    upsertCanonical(canonicalUrl ? canonicalUrl.href : null);
  }, [fullTitle, description, keywords, canonical, noIndex, siteName, imageAlt, language]);
}
