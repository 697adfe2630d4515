import { describe, expect, it } from 'vitest';
import { parseDocumentText } from './documentText.ts';

describe('parseDocumentText', () => {
  it('splits paragraphs on blank lines and reads "- " blocks as lists', () => {
    expect(
      parseDocumentText('For each note:\n\n- an id\n- the ciphertext\n\nThen it is gone.'),
    ).toEqual([
      { kind: 'paragraph', text: 'For each note:' },
      { kind: 'list', items: ['an id', 'the ciphertext'] },
      { kind: 'paragraph', text: 'Then it is gone.' },
    ]);
  });

  it('keeps a block with a stray dash a paragraph, joining its lines', () => {
    expect(parseDocumentText('Line one\n- not a list')).toEqual([
      { kind: 'paragraph', text: 'Line one - not a list' },
    ]);
  });

  it('ignores surrounding and repeated blank lines', () => {
    expect(parseDocumentText('\n\nOnly this.\n\n\n\n')).toEqual([
      { kind: 'paragraph', text: 'Only this.' },
    ]);
  });
});
