import { z } from 'zod';
import { LABEL, NOTE_PBKDF2_ITERATIONS } from '../crypto/protocol.ts';
import { errorDetailsSchemas } from '../error-details.ts';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { clientFrameSchema, serverFrameSchema } from './chat.ts';
import { FILE_CHUNK_BYTES } from '../limits.ts';
import { FILE_CONTENT_TYPE } from './note-files.ts';
import { API_ENDPOINTS, documentedRoutes, type Endpoint, type EndpointTag } from './endpoints.ts';
import { WS_PATH } from './paths.ts';

/**
 * The OpenAPI 3.1 document of the public API, generated from the endpoint catalogue and the
 * shared zod schemas (never written by hand): `GET /api/openapi.json` serves it and the API
 * reference page renders it.
 */

type JsonObject = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12, the dialect OpenAPI 3.1 uses, without its `$schema`. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `/api/notes/:id` → `/api/notes/{id}`, and the names of its placeholders. */
function openApiPath(pattern: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

const PROTOCOL = `
## Protocol notes

The server never sees a key, a password or plaintext: clients encrypt and derive everything
below themselves (protocol v1; every label is UTF-8; binary values travel as base64url without
padding; HKDF is HKDF-SHA256 with an empty salt and a 32-byte output).

- **Note link**: \`/note/{noteId}#{K_link}\`, where K_link is 32 random bytes (43 characters).
  The fragment is never sent to a server.
- **Password** (optional): K_pw = PBKDF2-HMAC-SHA256(password in NFC, salt of 16 random bytes,
  ${NOTE_PBKDF2_ITERATIONS.toLocaleString('en')} iterations, 32 bytes); empty without a password.
  The salt and the iteration count are stored with the note (\`kdf\`), and \`GET /api/notes/{id}\`
  hands them back.
- **Keys**: K_content = HKDF(K_link ‖ K_pw, \`${LABEL.noteContent}\`) encrypts;
  proof = HKDF(K_link ‖ K_pw, \`${LABEL.noteAccess}\`) reads; linkProof = HKDF(K_link,
  \`${LABEL.noteLink}\`) proves the link alone.
- **Create** sends \`verifier\` = SHA-256(proof) and \`linkVerifier\` = SHA-256(linkProof).
  **Read** (\`POST /api/notes/{id}/verify\`) sends \`proof\` and \`linkProof\`; the server compares
  SHA-256 of the first with the verifier and hands over the ciphertext while destroying the note
  in the same statement.
- **Status link** (the sender's): \`/s/{noteId}#{K_status}\`, K_status another 32 random bytes,
  independent of K_link, so it can never read the note. statusProof = HKDF(K_status,
  \`${LABEL.noteStatus}\`); create sends \`statusVerifier\` = SHA-256(statusProof), and
  \`POST /api/notes/{id}/status\` and \`/destroy\` send \`statusProof\`.
- **Envelopes** are \`v1.<IV, 16 characters>.<AES-256-GCM ciphertext and tag>\`, each item with
  its own random IV and an AAD naming it: the text \`${LABEL.noteText}\` ‖ 0x00 ‖ imageCount, the
  image \`${LABEL.noteImage}\` ‖ 0x00 ‖ index ‖ imageCount (u32 big-endian).
- **Files**: each file has its own random key; its plaintext is cut into chunks of
  ${FILE_CHUNK_BYTES.toLocaleString('en')} bytes (the last shorter, an empty file one empty chunk),
  each AES-256-GCM with the chunk's index and a last-chunk flag in its IV and AAD (the STREAM
  construction), sent as raw ciphertext ‖ tag. Its name, type, size and key travel as an
  envelope under K_content (\`files[].meta\`).
- **Chat**: the room link is \`/chat/{sessionId}#{K_room}\`; the two participants exchange
  ephemeral keys through \`${WS_PATH}\`, authenticated with HMAC under K_room, and encrypt every
  message with a session key from HKDF(K_room ‖ ECDH secret, \`ashnote/v1/chat/{sessionId}\`).

The reference implementation is \`shared/crypto/\` in the source; \`protocol.ts\` there holds every
label and size. \`docs/protocol.md\` in the source describes the whole protocol byte for byte, with
worked examples, for anyone writing another client.

## Errors and limits

Every error answers \`{ "error": { "code", "message", "fields"?, "details"? } }\` with the status
of its code; clients switch on \`code\`. Limits are per client address (an IPv6 client: its /64)
and answer 429 with \`Retry-After\` (seconds) and \`details.retryAfterSeconds\`; a busy server
answers 503 with \`Retry-After\`. Changes the administrator makes are accepted only with the
site's own \`Origin\`.

## WebSocket

\`${WS_PATH}\` carries the chat: JSON frames, client to server and back, described under
\`x-websocket\` below (frames of at most 6 KB).
`;

const TAGS: Record<EndpointTag, string> = {
  notes: 'Self-destructing notes',
  requests: 'Requests for a secret, answered once, read once (the answer is read as a note)',
  chat: 'Two-person chat rooms (the messages themselves go over the WebSocket)',
  newsletter: 'The newsletter’s double opt-in and unsubscribe',
  blog: 'Published articles',
  admin: 'The administrator',
  analytics: 'First-party, aggregate analytics',
  system: 'Configuration and health',
  operations: 'Probes for orchestrators and load balancers, outside /api',
};

const errorSchema: JsonObject = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string', description: 'For people; clients switch on `code`.' },
        fields: {
          type: 'array',
          description: 'VALIDATION_FAILED: which fields are wrong.',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
        details: {
          description: 'Machine-readable facts, by code (see the ErrorDetails… schemas).',
          oneOf: Object.keys(errorDetailsSchemas).map((code) => ({
            $ref: `#/components/schemas/ErrorDetails${code}`,
          })),
        },
      },
    },
  },
};

/** Raw bytes (OpenAPI 3.1: no schema beyond the media type, or a string without encoding). */
const BINARY = { schema: { type: 'string', contentMediaType: FILE_CONTENT_TYPE } };

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    schema: { type: 'integer' },
  },
};

function operation(endpoint: Endpoint, params: string[]): JsonObject {
  const parameters: JsonObject[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (endpoint.query instanceof z.ZodObject) {
    const query = jsonSchema(endpoint.query, 'input') as {
      properties: Record<string, JsonObject>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties)) {
      parameters.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        schema,
      });
    }
  }
  for (const [name, description] of Object.entries(endpoint.headers ?? {})) {
    parameters.push({
      name,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    });
  }
  if (endpoint.sameOrigin) {
    parameters.push({
      name: 'Origin',
      in: 'header',
      required: true,
      description: 'The site’s own origin: browsers send it; requests from any other are refused.',
      schema: { type: 'string' },
    });
  }

  const responses: JsonObject = {};
  const { success } = endpoint;
  responses[String(success.status)] = {
    description: success.description,
    ...(success.json && {
      content: { 'application/json': { schema: jsonSchema(success.json, 'output') } },
    }),
    ...(success.html && { content: { 'text/html': { schema: { type: 'string' } } } }),
    ...(success.binary && { content: { [FILE_CONTENT_TYPE]: BINARY } }),
  };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpoint.errors) {
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    if (status === success.status) continue;
    responses[String(status)] = {
      description: codes.join(', '),
      ...((status === 429 || status === 503) && { headers: retryAfter }),
      content: {
        [success.html ? 'text/html' : 'application/json']: {
          schema: success.html ? { type: 'string' } : { $ref: '#/components/schemas/Error' },
        },
      },
    };
  }

  const body = endpoint.body;
  return {
    operationId: `${endpoint.method}${endpoint.route[0]!.toUpperCase()}${endpoint.route.slice(1)}`,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description && { description: endpoint.description }),
    ...(parameters.length > 0 && { parameters }),
    ...(body !== undefined && {
      requestBody: {
        required: true,
        content:
          body === 'form'
            ? { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } }
            : body === 'binary'
              ? { [FILE_CONTENT_TYPE]: BINARY }
              : { 'application/json': { schema: jsonSchema(body, 'input') } },
      },
    }),
    ...(endpoint.admin && { security: [{ adminSession: [] }] }),
    ...(endpoint.token && { security: [{ [endpoint.token]: [] }] }),
    responses,
    'x-examples': endpoint.examples,
  };
}

/**
 * The contract's own version (OpenAPI's info.version): a new field or route is a minor step,
 * anything an existing client would trip over a major one.
 */
export const API_VERSION = '1.0.0';

export function openApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of API_ENDPOINTS) {
    const { path, params } = openApiPath(documentedRoutes[endpoint.route]);
    paths[path] = { ...paths[path], [endpoint.method]: operation(endpoint, params) };
  }
  const detailSchemas = Object.fromEntries(
    Object.entries(errorDetailsSchemas).map(([code, schema]) => [
      `ErrorDetails${code}`,
      jsonSchema(schema, 'output'),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ashnote API',
      version: API_VERSION,
      summary: 'End-to-end-encrypted notes that destroy themselves, and two-person chat rooms.',
      description: PROTOCOL.trim(),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: errorSchema, ...detailSchemas },
      securitySchemes: {
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'ashnote_admin',
          description: 'Set by `POST /api/admin/login` (HttpOnly, SameSite=Strict).',
        },
        uploadToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `uploadToken` that `POST /api/notes` answered for a note with files (the server keeps only its SHA-256).',
        },
        downloadToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `downloadToken` that reading a note with files answered (the server keeps only its SHA-256).',
        },
      },
    },
    'x-websocket': {
      path: WS_PATH,
      clientFrames: jsonSchema(clientFrameSchema, 'input'),
      serverFrames: jsonSchema(serverFrameSchema, 'output'),
    },
  };
}
