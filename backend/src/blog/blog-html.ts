import type sanitizeHtmlModule from 'sanitize-html';

type SanitizeHtml = typeof sanitizeHtmlModule;

/** The blog's HTML rules, ready once sanitize-html is loaded (see blogHtml). */
export interface BlogHtml {
  sanitizeArticleHtml(html: string): string;
  /** The article's words, without markup (for the reading time and length checks). */
  articleText(html: string): string;
  /** Reading time in whole minutes, at least one. */
  readMinutes(html: string): number;
}

let loading: Promise<BlogHtml> | undefined;

/**
 * sanitize-html, with the HTML and CSS parsers it brings (some sixty modules), is loaded on
 * first use: only writing an article needs it, and importing it took ~40 ms of every start.
 */
export function blogHtml(): Promise<BlogHtml> {
  loading ??= import('sanitize-html').then(({ default: sanitizeHtml }) =>
    blogHtmlWith(sanitizeHtml),
  );
  return loading;
}

const WORDS_PER_MINUTE = 200;

function blogHtmlWith(sanitizeHtml: SanitizeHtml): BlogHtml {
  /**
   * The only markup an article may carry: structure and emphasis, links to http(s) pages. No
   * scripts, event handlers, styles, images, frames or forms survive, so the page can render the
   * body as HTML under its strict CSP. Headings start at h2: the page's title is the h1.
   */
  const articleHtml: sanitizeHtmlModule.IOptions = {
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

  const articleText = (html: string): string => {
    // Block ends become spaces first, or "</p><p>" would glue the last and first words together.
    const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
    return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
      .replace(/\s+/g, ' ')
      .trim();
  };

  return {
    sanitizeArticleHtml: (html) => sanitizeHtml(html, articleHtml).trim(),
    articleText,
    readMinutes(html) {
      const text = articleText(html);
      const words = text === '' ? 0 : text.split(' ').length;
      return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
    },
  };
}
