import { z } from 'zod';

/**
 * The OpenAPI document (shared/api/openapi.ts) as the reference page shows it: sections by tag,
 * each operation with its parameters, request and responses, and the document's protocol notes
 * as blocks of text. Pure data, so the page only lays it out; read defensively, since the
 * document is plain JSON.
 */

type Json = Record<string, unknown>;

/** What GET /api/openapi.json must at least be for the page to show it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({}),
  paths: z.record(z.string(), z.unknown()),
});

export interface ReferenceParameter {
  name: string;
  location: string;
  required: boolean;
  description: string | null;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  /** Pretty JSON Schema; null when the answer has no body or names a shared schema. */
  schema: string | null;
  /** The shared component schema the answer uses (e.g. `Error`), if any. */
  component: string | null;
}

export interface ReferenceOperation {
  /** Stable anchor, from the operationId. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  parameters: ReferenceParameter[];
  requestBody: { contentType: string; schema: string } | null;
  responses: ReferenceResponse[];
}

export interface ReferenceSection {
  tag: string;
  description: string;
  operations: ReferenceOperation[];
}

/** The protocol notes' small markdown: `## ` headings, paragraphs and `- ` lists. */
export type ProseBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export interface ApiReference {
  title: string;
  version: string;
  summary: string;
  notes: ProseBlock[];
  sections: ReferenceSection[];
  schemas: { name: string; schema: string }[];
  websocket: { path: string; clientFrames: string; serverFrames: string } | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Blocks split by blank lines; a list item's indented continuation lines join the item. */
export function parseProse(markdown: string): ProseBlock[] {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block): ProseBlock => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).trim() };
      if (!block.startsWith('- ')) {
        return {
          kind: 'paragraph',
          text: block
            .split('\n')
            .map((line) => line.trim())
            .join(' '),
        };
      }
      const items: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('- ')) items.push(line.slice(2).trim());
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      return { kind: 'list', items };
    });
}

/** The segments of one line: plain text, `code` and **strong**, in order. */
export type InlinePart = { kind: 'text' | 'code' | 'strong'; text: string };

export function parseInline(line: string): InlinePart[] {
  const parts: InlinePart[] = [];
  for (const match of line.matchAll(/`([^`]+)`|\*\*([^*]+)\*\*|([^`*]+|[`*])/g)) {
    if (match[1] !== undefined) parts.push({ kind: 'code', text: match[1] });
    else if (match[2] !== undefined) parts.push({ kind: 'strong', text: match[2] });
    else parts.push({ kind: 'text', text: match[3]! });
  }
  return parts;
}

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

function firstContent(content: unknown): { contentType: string; schema: unknown } | null {
  if (!isObject(content)) return null;
  const [contentType, media] = Object.entries(content)[0] ?? [];
  if (contentType === undefined || !isObject(media)) return null;
  return { contentType, schema: media.schema };
}

function response(status: string, value: unknown): ReferenceResponse {
  const answer = isObject(value) ? value : {};
  const content = firstContent(answer.content);
  const ref = isObject(content?.schema) ? COMPONENT_REF.exec(text(content.schema.$ref)) : null;
  const plainText = isObject(content?.schema) && content.schema.type === 'string';
  return {
    status,
    description: text(answer.description),
    component: ref?.[1] ?? null,
    schema: content === null || ref !== null || plainText ? null : pretty(content.schema),
  };
}

function operation(path: string, method: string, value: Json): ReferenceOperation {
  const parameters = Array.isArray(value.parameters) ? value.parameters.filter(isObject) : [];
  const body = isObject(value.requestBody) ? firstContent(value.requestBody.content) : null;
  return {
    id: text(value.operationId) || `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: text(value.summary),
    description: text(value.description) || null,
    parameters: parameters.map((parameter) => ({
      name: text(parameter.name),
      location: text(parameter.in),
      required: parameter.required === true,
      description: text(parameter.description) || null,
    })),
    requestBody: body && { contentType: body.contentType, schema: pretty(body.schema) },
    responses: Object.entries(isObject(value.responses) ? value.responses : {}).map(
      ([status, answer]) => response(status, answer),
    ),
  };
}

export function apiReference(document: Json): ApiReference {
  const info = isObject(document.info) ? document.info : {};
  const tags = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const sections: ReferenceSection[] = tags.map((tag) => ({
    tag: text(tag.name),
    description: text(tag.description),
    operations: [],
  }));
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const value = item[method];
      if (!isObject(value)) continue;
      const tag = Array.isArray(value.tags) ? text(value.tags[0]) : '';
      let section = sections.find((candidate) => candidate.tag === tag);
      if (!section) {
        section = { tag, description: '', operations: [] };
        sections.push(section);
      }
      section.operations.push(operation(path, method, value));
    }
  }
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const socket = isObject(document['x-websocket']) ? document['x-websocket'] : null;
  return {
    title: text(info.title),
    version: text(info.version),
    summary: text(info.summary),
    notes: parseProse(text(info.description)),
    sections: sections.filter((section) => section.operations.length > 0),
    schemas: Object.entries(schemas).map(([name, schema]) => ({ name, schema: pretty(schema) })),
    websocket: socket && {
      path: text(socket.path),
      clientFrames: pretty(socket.clientFrames),
      serverFrames: pretty(socket.serverFrames),
    },
  };
}
