import type { Token, Tokens } from 'marked';
import type sanitizeHtmlModule from 'sanitize-html';

/** One language's issue as the mail carries it, before the subscriber's unsubscribe link. */
export interface RenderedIssue {
  /** Sanitized HTML of the Markdown body. */
  html: string;
  /** The same body as plain text: what a text-only mail client shows. */
  text: string;
}

export type RenderIssue = (markdown: string) => RenderedIssue;

let loading: Promise<RenderIssue> | undefined;

/**
 * marked and sanitize-html (with the parsers it brings, some sixty modules) are loaded on first
 * use, as blog-html.ts does: only composing or sending an issue needs them, and importing them
 * would add tens of milliseconds to every start.
 */
export function issueRenderer(): Promise<RenderIssue> {
  loading ??= Promise.all([import('marked'), import('sanitize-html')]).then(
    ([{ marked }, { default: sanitizeHtml }]) =>
      (markdown) => ({
        html: sanitizeHtml(marked.parse(markdown, { async: false }), mailHtml).trim(),
        text: plainText(marked.lexer(markdown), (html) =>
          sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }),
        ),
      }),
  );
  return loading;
}

/**
 * What an issue's HTML may carry: structure, emphasis, links to web pages and mailboxes. No
 * images (a remote image tells its server who opened the mail, and when), no styles, scripts,
 * frames or forms: whatever the Markdown held, the mail is text and links.
 */
const mailHtml: sanitizeHtmlModule.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'blockquote', 'pre', 'code'],
    ...['ul', 'ol', 'li', 'strong', 'em', 'del', 'a'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Markdown tokens as plain text: paragraphs apart, lists with their markers, links with URLs. */
function plainText(tokens: Token[], stripTags: (html: string) => string): string {
  const inline = (list: Token[] | undefined): string =>
    (list ?? []).map((token) => inlineText(token)).join('');
  const inlineText = (token: Token): string => {
    switch (token.type) {
      case 'link': {
        const { href, tokens: inner } = token as Tokens.Link;
        const label = inline(inner);
        return label === href ? href : `${label} (${href})`;
      }
      case 'image':
        return (token as Tokens.Image).text;
      case 'br':
        return '\n';
      case 'html':
        return stripTags((token as Tokens.HTML).text);
      case 'codespan':
      case 'escape':
        return (token as Tokens.Codespan).text;
      default: {
        const { tokens: inner, text } = token as Tokens.Generic;
        return inner ? inline(inner) : String(text ?? '');
      }
    }
  };
  const block = (token: Token): string | null => {
    switch (token.type) {
      case 'space':
        return null;
      case 'hr':
        return '----';
      case 'code':
        return (token as Tokens.Code).text.replace(/^/gm, '    ');
      case 'html':
        return stripTags((token as Tokens.HTML).text).trim() || null;
      case 'blockquote':
        return blocks((token as Tokens.Blockquote).tokens).replace(/^/gm, '> ');
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        return list.items
          .map((item, index) => {
            const marker = list.ordered ? `${start + index}.` : '-';
            const body = blocks(item.tokens, item.loose ? '\n\n' : '\n').replace(
              /\n/g,
              `\n${' '.repeat(marker.length + 1)}`,
            );
            return `${marker} ${body}`;
          })
          .join('\n');
      }
      case 'table': {
        const table = token as Tokens.Table;
        return [table.header, ...table.rows]
          .map((row) => row.map((cell) => inline(cell.tokens)).join(' | '))
          .join('\n');
      }
      default:
        return inlineText(token);
    }
  };
  // Blocks are a blank line apart, except in a tight list item (its text and a nested list).
  const blocks = (list: Token[], separator = '\n\n'): string =>
    list
      .map(block)
      .filter((text): text is string => text !== null && text !== '')
      .join(separator);
  return blocks(tokens).trim();
}
