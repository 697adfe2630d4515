import sanitizeHtml from 'sanitize-html';

/**
 * The only markup an article may carry: structure and emphasis, links to http(s) pages. No
 * scripts, event handlers, styles, images, frames or forms survive, so the page can render the
 * body as HTML under its strict CSP. Headings start at h2: the page's title is the h1.
 */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'code',
    'pre',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    // Every link opens apart from the app and cannot reach back into it through window.opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML).trim();
}

/** The article's words, without markup (for the reading time and length checks). */
export function articleText(html: string): string {
  // Block ends become spaces first, or "</p><p>" would glue the last and first words together.
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes, at least one. */
export function readMinutes(html: string): number {
  const text = articleText(html);
  const words = text === '' ? 0 : text.split(' ').length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
