import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../../../../shared/api/endpoints.ts';
import { openApiDocument } from '../../../../shared/api/openapi.ts';
import { apiReference, parseInline, parseProse } from './apiReference.ts';

describe('the API reference page’s model', () => {
  const reference = apiReference(openApiDocument());

  it('shows every documented operation once, under its tag', () => {
    const shown = reference.sections.flatMap((section) =>
      section.operations.map((operation) => `${section.tag} ${operation.method} ${operation.path}`),
    );
    expect(shown).toHaveLength(API_ENDPOINTS.length);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toContain('notes POST /api/notes/{id}/verify');
    expect(new Set(reference.sections.map((section) => section.operations.length > 0))).toEqual(
      new Set([true]),
    );
  });

  it('keeps each operation’s parameters, request body and responses', () => {
    const verify = reference.sections
      .flatMap((section) => section.operations)
      .find((operation) => operation.path === '/api/notes/{id}/verify')!;
    expect(verify.parameters).toEqual([
      { name: 'id', location: 'path', required: true, description: null },
    ]);
    expect(verify.requestBody?.contentType).toBe('application/json');
    expect(JSON.parse(verify.requestBody!.schema).required).toEqual(['proof', 'linkProof']);
    const statuses = verify.responses.map((response) => response.status);
    expect(statuses).toEqual(expect.arrayContaining(['200', '401', '410', '429']));
    const wrongProof = verify.responses.find((response) => response.status === '401')!;
    expect(wrongProof).toMatchObject({ component: 'Error', schema: null });
    expect(reference.schemas.map((schema) => schema.name)).toContain('Error');
  });

  it('turns the protocol notes into headings, paragraphs and lists', () => {
    expect(reference.notes[0]).toEqual({ kind: 'heading', text: 'Protocol notes' });
    const list = reference.notes.find((block) => block.kind === 'list');
    expect(list?.kind === 'list' && list.items[0]).toMatch(
      /^\*\*Note link\*\*: `\/note\/\{noteId\}#\{K_link\}`.*fragment is never sent to a server\.$/,
    );
    expect(parseProse('- one\n  more\n- two\n\nplain\ntext')).toEqual([
      { kind: 'list', items: ['one more', 'two'] },
      { kind: 'paragraph', text: 'plain text' },
    ]);
    expect(parseInline('a `b` **c** d*')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'code', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'c' },
      { kind: 'text', text: ' d' },
      { kind: 'text', text: '*' },
    ]);
  });
});
