import { LANGUAGES, type LanguageCode } from '../../../shared/languages.ts';
import { unsubscribedWording } from './newsletter-mail.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * What the one-click unsubscribe link answers: a plain page with no script and no style, so it
 * works under the strict CSP and in any browser a mail client opens.
 */
export function unsubscribePage(language: LanguageCode, unsubscribed: boolean): string {
  const wording = unsubscribedWording(language);
  const dir = LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';
  const title = unsubscribed ? wording.unsubscribedTitle : wording.linkInvalid;
  const body = unsubscribed ? `<p>${escapeHtml(wording.unsubscribed)}</p>` : '';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">${escapeHtml(wording.backHome)}</a></p>
</main>
</body>
</html>
`;
}
