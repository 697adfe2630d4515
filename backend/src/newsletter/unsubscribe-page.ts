import { LANGUAGES, type LanguageCode } from '../../../shared/languages.ts';
import { unsubscribeWording } from './newsletter-mail.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** What a page of the unsubscribe link shows. */
export type UnsubscribeStep =
  /** The link opened: a question and one button, which posts back to the same link. */
  | { kind: 'confirm'; action: string }
  | { kind: 'unsubscribed' }
  /** A link that matches no subscriber (never one, or already unsubscribed). */
  | { kind: 'invalid' };

/**
 * The pages of the unsubscribe link: plain HTML with no script and no style, so they work
 * under the strict CSP and in any browser a mail client opens. The form posts to the server's
 * own origin, which the CSP's form-action allows.
 */
export function unsubscribePage(language: LanguageCode, step: UnsubscribeStep): string {
  const wording = unsubscribeWording(language);
  const dir = LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';
  const [title, body] = (() => {
    switch (step.kind) {
      case 'confirm':
        return [
          wording.confirmTitle,
          `<p>${escapeHtml(wording.confirmText)}</p>
<form method="post" action="${escapeHtml(step.action)}">
<button type="submit">${escapeHtml(wording.confirmButton)}</button>
</form>`,
        ];
      case 'unsubscribed':
        return [wording.unsubscribedTitle, `<p>${escapeHtml(wording.unsubscribed)}</p>`];
      case 'invalid':
        return [wording.linkInvalid, ''];
    }
  })();
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
