import { assertExternalUrl, socketUrlFor } from './Platform.ts';
import type { Platform, ServerEndpoints, ShareData } from './Platform.ts';

/**
 * `navigator.clipboard` exists only in secure contexts; a self-hosted server reached over plain
 * http on a LAN is not one, so fall back to the older selection-based copy there.
 */
async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  // Set through the CSSOM, which the CSP allows (a style="" attribute it would not).
  textarea.style.position = 'fixed';
  textarea.style.insetBlockStart = '-1000px';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  try {
    textarea.select();
    // The only clipboard API outside secure contexts; deprecated but still supported.
    if (!document.execCommand('copy')) throw new Error('Copy was refused');
  } finally {
    textarea.remove();
  }
}

async function openExternal(url: string): Promise<void> {
  const parsed = assertExternalUrl(url);
  // noopener: the opened page gets no handle on this window (and so none on a note's key).
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
}

async function share(data: ShareData): Promise<void> {
  await navigator.share(data);
}

/** The page's own server: relative API paths, links and socket on the page's origin. */
const server: ServerEndpoints = {
  apiBase: '',
  get publicOrigin() {
    return window.location.origin;
  },
  get socketUrl() {
    return socketUrlFor(window.location.origin);
  },
  linkReach: 'anyone',
};

export const webPlatform: Platform = {
  kind: 'web',
  server,
  copyText,
  openExternal,
  ...(typeof navigator !== 'undefined' && typeof navigator.share === 'function' ? { share } : {}),
};
