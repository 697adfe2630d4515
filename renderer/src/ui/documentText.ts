export type DocumentBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const LIST_ITEM = /^- /;

/**
 * The small markup the document texts use, so that translators edit one plain string per
 * section: blocks are separated by a blank line, and a block whose every line starts with
 * "- " is a bulleted list. Nothing else is interpreted (no HTML, no links).
 */
export function parseDocumentText(text: string): DocumentBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block): DocumentBlock => {
      const lines = block.split('\n').map((line) => line.trim());
      return lines.every((line) => LIST_ITEM.test(line))
        ? { kind: 'list', items: lines.map((line) => line.replace(LIST_ITEM, '')) }
        : { kind: 'paragraph', text: lines.join(' ') };
    });
}
