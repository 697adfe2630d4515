import { describe, expect, it } from 'vitest';
import { fakeEnvelope } from '../testing/notes-client.ts';
import { noteResponse } from './note-response.ts';

/** A note without images never touches its parts. */
const noParts = {
  takePart: () => Promise.reject(new Error('a note without images has no parts')),
  discardParts: () => Promise.reject(new Error('a note without images has no parts')),
};

const answerFor = (content: string) =>
  noteResponse('id', { content, partsPerImage: [], receipts: 0 }, noParts);

describe('the answer to a read without images', () => {
  it('is the JSON of the note, with the envelope written as it is', () => {
    const content = fakeEnvelope(1024);
    expect(answerFor(content)).toBe(JSON.stringify({ content, attachedImages: [] }));
  });

  it('escapes any text outside the envelope alphabet exactly as JSON.stringify does', () => {
    for (const content of ['', 'a"b', 'back\\slash', 'line\nbreak\t', '\u2028', 'é', '\ud800']) {
      const answer = answerFor(content);
      expect(answer).toBe(JSON.stringify({ content, attachedImages: [] }));
      expect(JSON.parse(answer as string)).toEqual({ content, attachedImages: [] });
    }
  });
});
