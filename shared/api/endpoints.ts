import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import type { ErrorCode } from '../errors.ts';
import { adminLoginRequestSchema, adminSessionSchema } from './admin.ts';
import { SESSION_ID_HEADER, VISITOR_ID_HEADER } from './analytics-tracking.ts';
import {
  analyticsSummarySchema,
  eventRequestSchema,
  pageViewRequestSchema,
  sessionEndRequestSchema,
  sessionStartRequestSchema,
  summaryQuerySchema,
} from './analytics.ts';
import { blogPostListSchema, blogPostSchema, generatedArticleSchema } from './blog.ts';
import { chatRoomStatusSchema, createChatRequestSchema, createChatResponseSchema } from './chat.ts';
import { healthSchema, livenessSchema, publicConfigSchema, readinessSchema } from './config.ts';
import {
  newsletterSubscribeRequestSchema,
  newsletterSubscribeResponseSchema,
  newsletterUnsubscribeQuerySchema,
  newsletterVerifyRequestSchema,
  newsletterVerifyResponseSchema,
} from './newsletter.ts';
import {
  newsletterDraftRequestSchema,
  newsletterIssueListSchema,
  newsletterIssueSchema,
  newsletterPreviewRequestSchema,
  newsletterPreviewSchema,
  newsletterTestSendRequestSchema,
  newsletterTestSendResponseSchema,
} from './newsletter-issues.ts';
import {
  createNoteRequestSchema,
  createNoteResponseSchema,
  noteInfoResponseSchema,
  noteStatusRequestSchema,
  noteStatusResponseSchema,
  verifyNoteRequestSchema,
  verifyNoteResponseSchema,
} from './notes.ts';
import {
  completeUploadResponseSchema,
  fileDownloadQuerySchema,
  uploadProgressResponseSchema,
} from './note-files.ts';
import { apiRoutes, probeRoutes } from './paths.ts';
import {
  answerRequestRequestSchema,
  answerRequestResponseSchema,
  createRequestRequestSchema,
  createRequestResponseSchema,
  requestInfoResponseSchema,
} from './requests.ts';

/**
 * Every public route of the server as data: what it takes, what it answers, which errors it can
 * give, and examples. The OpenAPI document (openapi.ts) is generated from it, a test checks that
 * the server registers exactly these routes, and sends every example to a running server.
 */

export type EndpointTag =
  | 'notes'
  | 'requests'
  | 'chat'
  | 'newsletter'
  | 'blog'
  | 'admin'
  | 'analytics'
  | 'system'
  | 'operations';

/** Every documented route pattern, by name: the API's and the probes outside it. */
export const documentedRoutes = { ...apiRoutes, ...probeRoutes } as const;

export interface EndpointExample {
  summary: string;
  /** Path parameters, by name. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** What the server answers this example with (on a server with mail and an administrator). */
  status: number;
}

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  route: keyof typeof documentedRoutes;
  tag: EndpointTag;
  summary: string;
  description?: string;
  query?: z.ZodType;
  /**
   * A JSON body, `form` for a form post whose fields are ignored, or `binary` for raw bytes
   * (application/octet-stream: a file's chunk).
   */
  body?: z.ZodType | 'form' | 'binary';
  /** Headers the call needs, by name, with what they carry. */
  headers?: Record<string, string>;
  /** Changes made only from the site's own pages: the browser's `Origin` must be the site's. */
  sameOrigin?: boolean;
  /** Needs the administrator's session cookie. */
  admin?: boolean;
  /** Needs `Authorization: Bearer` with a note's upload token or its reader's download token. */
  token?: 'uploadToken' | 'downloadToken';
  success: {
    status: number;
    description: string;
    /** A classic schema, or a zod/mini one (config.ts says why). */
    json?: z.ZodType | ZodMiniType;
    html?: true;
    /** Raw bytes (application/octet-stream). */
    binary?: true;
  };
  errors: readonly ErrorCode[];
  examples: readonly EndpointExample[];
}

/** Well-formed values that match nothing on a server: a note, room or token nobody made. */
const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const PROOF = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
/** A newsletter issue id nobody made. */
const UNKNOWN_ISSUE = 'AAAAAAAAAAAAAAAA';
const UNKNOWN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
/** A ciphertext-shaped envelope (`v1.<iv>.<ciphertext>`): the server cannot tell it from a real one. */
const ENVELOPE = 'v1.AAAAAAAAAAAAAAAA.c2VhbGVkIHdpdGggYSBrZXkgdGhlIHNlcnZlciBuZXZlciBzYXc';
const ANALYTICS_IDS = {
  [VISITOR_ID_HEADER]: 'ExampleVisitor01',
  [SESSION_ID_HEADER]: 'ExampleSess1',
};

const ID_HEADERS = {
  [VISITOR_ID_HEADER]: 'A random visitor id the browser keeps for the day (16 letters and digits).',
  [SESSION_ID_HEADER]: 'A random id for this visit (12 letters and digits).',
};

const BEARER_TOKEN = { Authorization: `Bearer ${UNKNOWN_TOKEN}` };

/** The status link's two calls: the same body, answer and errors. */
function statusEndpoint(
  route: 'noteStatus' | 'noteDestroy',
  summary: string,
  description: string,
): Endpoint {
  return {
    method: 'post',
    route,
    tag: 'notes',
    summary,
    description,
    body: noteStatusRequestSchema,
    success: { status: 200, description: 'The note’s state.', json: noteStatusResponseSchema },
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'A note nobody made',
        params: { id: UNKNOWN_ID },
        body: { statusProof: PROOF },
        status: 404,
      },
    ],
  };
}

export const API_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'get',
    route: 'config',
    tag: 'system',
    summary: 'What this server offers: mail, AI articles, an administrator, limits and choices',
    success: { status: 200, description: 'The public configuration.', json: publicConfigSchema },
    errors: [],
    examples: [{ summary: 'Read the configuration', status: 200 }],
  },
  {
    method: 'get',
    route: 'health',
    tag: 'system',
    summary: 'Liveness with the database’s reachability',
    success: { status: 200, description: 'Up, database reachable.', json: healthSchema },
    errors: ['UNAVAILABLE'],
    examples: [{ summary: 'Ask', status: 200 }],
  },
  {
    method: 'get',
    route: 'liveness',
    tag: 'operations',
    summary: 'The process answers (for restarts: no database call, never logged)',
    success: { status: 200, description: 'Alive.', json: livenessSchema },
    errors: [],
    examples: [{ summary: 'Ask', status: 200 }],
  },
  {
    method: 'get',
    route: 'readiness',
    tag: 'operations',
    summary:
      'Whether to send this instance traffic: database reachable and migrated, not shutting down',
    description:
      'Answers 503 with `status` `draining` from the first moment of a shutdown, or `not_ready` with what is missing. Never logged or counted.',
    success: { status: 200, description: 'Ready.', json: readinessSchema },
    errors: ['UNAVAILABLE'],
    examples: [{ summary: 'Ask', status: 200 }],
  },
  {
    method: 'get',
    route: 'openapi',
    tag: 'system',
    summary: 'This document',
    success: { status: 200, description: 'The OpenAPI 3.1 document of this API.' },
    errors: [],
    examples: [{ summary: 'Fetch the document', status: 200 }],
  },
  {
    method: 'post',
    route: 'notes',
    tag: 'notes',
    summary: 'Create a note from ciphertext and verifiers',
    description:
      'Everything in the body was encrypted or derived in the client: `content` and each image are envelopes sealed with K_content, `verifier` = SHA-256(proof), `linkVerifier` = SHA-256(linkProof), `statusVerifier` = SHA-256(statusProof) (see the protocol notes above). The server stores them and hands back an id; the share link is `/note/{noteId}#{K_link}`, the sender’s private status link `/s/{noteId}#{K_status}`. `notificationReference` (with a read receipt only) is the sender’s own name for the note, repeated in the receipt and sealed at rest with the address. With `files` (each a metadata envelope and the plaintext size; their sizes together at most `limits.noteMaxFileBytes` of `GET /api/config`, else 413 `FILES_TOO_LARGE` and nothing is stored; and within what the client may still send this hour, its notes’ and answers’ files together, else 429 `RATE_LIMITED` with `details.scope` `file-bytes`) the answer adds `uploadToken`: the note cannot be read, and is unknown to everyone else, until its chunks are uploaded and `POST /api/notes/{id}/complete` is called, within an hour.',
    body: createNoteRequestSchema,
    success: { status: 201, description: 'Stored.', json: createNoteResponseSchema },
    errors: [
      'VALIDATION_FAILED',
      'PAYLOAD_TOO_LARGE',
      'FILES_TOO_LARGE',
      'RATE_LIMITED',
      'UNAVAILABLE',
    ],
    examples: [
      {
        summary: 'A note without password, read receipt or images, for a day',
        body: { content: ENVELOPE, verifier: PROOF, linkVerifier: PROOF, expiration: '1d' },
        status: 201,
      },
      {
        summary: 'An expiry that is not offered',
        body: { content: ENVELOPE, verifier: PROOF, linkVerifier: PROOF, expiration: '2w' },
        status: 400,
      },
    ],
  },
  {
    method: 'get',
    route: 'note',
    tag: 'notes',
    summary: 'A note’s state, without reading it (never destroys it)',
    success: {
      status: 200,
      description: 'Live (with its password salt, if any) or destroyed (with why and when).',
      json: noteInfoResponseSchema,
    },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
    examples: [{ summary: 'A note nobody made', params: { id: UNKNOWN_ID }, status: 404 }],
  },
  {
    method: 'get',
    route: 'noteContent',
    tag: 'notes',
    summary: 'Closed: reading needs the proof of key (POST …/verify)',
    success: { status: 428, description: 'Never answered otherwise.' },
    errors: ['PROOF_REQUIRED', 'VALIDATION_FAILED'],
    examples: [{ summary: 'Try to read without a proof', params: { id: UNKNOWN_ID }, status: 428 }],
  },
  {
    method: 'post',
    route: 'noteVerify',
    tag: 'notes',
    summary: 'Read a note with the proof of its key, destroying it in the same step',
    description:
      'A wrong `proof` with the right `linkProof` counts against the note’s attempts and answers 401 with the attempts left; after the last one the note is destroyed (410). A wrong `linkProof` is refused (403) without touching the note. A note with files also answers `files` (metadata envelopes and sizes) and `downloadToken`: its files outlive the note for an hour, for this reader alone, or until `DELETE /api/notes/{id}/files`.',
    body: verifyNoteRequestSchema,
    success: {
      status: 200,
      description: 'The ciphertext; the note no longer exists.',
      json: verifyNoteResponseSchema,
    },
    errors: ['VALIDATION_FAILED', 'WRONG_PROOF', 'FORBIDDEN', 'NOT_FOUND', 'GONE', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'A note nobody made',
        params: { id: UNKNOWN_ID },
        body: { proof: PROOF, linkProof: PROOF },
        status: 404,
      },
    ],
  },
  statusEndpoint(
    'noteStatus',
    'The sender’s view of a note: waiting, or how and when it ended (never its content)',
    'Needs the status proof of the note’s status link (HKDF of K_status, see the protocol notes above), in the body so that it never lands in a URL log. A wrong proof is refused (403) and changes nothing; knowing the note id alone shows nothing. 404 once even the note’s tombstone is gone (30 days after it ended).',
  ),
  statusEndpoint(
    'noteDestroy',
    'Destroy a note now, with the status proof of its status link',
    'Atomic with reading: the note is either read or destroyed by its sender, never both, and never readable afterwards. Answers the state after the call: `destroyed_by_sender`, or how the note had already ended. A wrong proof is refused (403) and changes nothing.',
  ),
  {
    method: 'put',
    route: 'noteFileChunk',
    tag: 'notes',
    summary: 'Upload one chunk of one of a note’s files (raw ciphertext and tag)',
    description:
      'The body is exactly the chunk’s ciphertext and its 16-byte tag: 65,552 bytes for every chunk but a file’s last, which is its plaintext length + 16 (an empty file is one chunk of 16 bytes). Files and chunks are numbered from 0. Sending a chunk again replaces it, so an interrupted upload resumes where `GET /api/notes/{id}/upload` says. Refused once the note is complete (409).',
    token: 'uploadToken',
    body: 'binary',
    success: { status: 204, description: 'Stored.' },
    errors: [
      'VALIDATION_FAILED',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'PAYLOAD_TOO_LARGE',
    ],
    examples: [
      {
        summary: 'A note nobody made',
        params: { id: UNKNOWN_ID, file: '0', chunk: '0' },
        headers: BEARER_TOKEN,
        status: 404,
      },
    ],
  },
  {
    method: 'get',
    route: 'noteUpload',
    tag: 'notes',
    summary: 'Which chunks of a note’s files the server still lacks, to resume an upload',
    token: 'uploadToken',
    success: {
      status: 200,
      description: 'Per file, its chunks and those missing.',
      json: uploadProgressResponseSchema,
    },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
    examples: [
      {
        summary: 'A note nobody made',
        params: { id: UNKNOWN_ID },
        headers: BEARER_TOKEN,
        status: 404,
      },
    ],
  },
  {
    method: 'post',
    route: 'noteComplete',
    tag: 'notes',
    summary: 'Finish a note’s upload: it becomes readable once every chunk is there',
    description:
      'Refused with 409 `UPLOAD_INCOMPLETE` (the number of chunks missing in `details`) while any chunk is missing. Asking again after it succeeded answers the same. A note not completed within an hour (or by its expiry) is deleted with its chunks.',
    token: 'uploadToken',
    success: {
      status: 200,
      description: 'Readable from now on.',
      json: completeUploadResponseSchema,
    },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UPLOAD_INCOMPLETE'],
    examples: [
      {
        summary: 'A note nobody made',
        params: { id: UNKNOWN_ID },
        headers: BEARER_TOKEN,
        status: 404,
      },
    ],
  },
  {
    method: 'get',
    route: 'noteFile',
    tag: 'notes',
    summary: 'Download one file of a read note, as its chunks one after another',
    description:
      'Needs the `downloadToken` of the read. The answer is the file’s chunks from `from` (default 0) to its last, each ciphertext and tag, with their total as Content-Length; a download cut off resumes at the first chunk not received whole. Available for an hour after the read, until `DELETE /api/notes/{id}/files`.',
    token: 'downloadToken',
    query: fileDownloadQuerySchema,
    success: { status: 200, description: 'The chunks.', binary: true },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
    examples: [
      {
        summary: 'A note nobody read',
        params: { id: UNKNOWN_ID, file: '0' },
        headers: BEARER_TOKEN,
        status: 404,
      },
    ],
  },
  {
    method: 'delete',
    route: 'noteFiles',
    tag: 'notes',
    summary: 'Delete a read note’s files now that they are saved',
    token: 'downloadToken',
    success: { status: 204, description: 'Deleted.' },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
    examples: [
      {
        summary: 'A note nobody read',
        params: { id: UNKNOWN_ID },
        headers: BEARER_TOKEN,
        status: 404,
      },
    ],
  },
  {
    method: 'post',
    route: 'requests',
    tag: 'requests',
    summary: 'Ask someone for a secret: store a sealed label and the claim verifier',
    description:
      'The requester’s client makes an X25519 key pair: the request link `/r/{requestId}#{public key}` goes to the responder, the claim link `/r/{requestId}/open#{private key}` stays with the requester. `label` is sealed with K_label = HKDF(public key), `claimVerifier` = SHA-256(claim proof); the server sees neither key.',
    body: createRequestRequestSchema,
    success: { status: 201, description: 'Stored.', json: createRequestResponseSchema },
    errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'A request for a day',
        body: { label: ENVELOPE, claimVerifier: PROOF, expiration: '1d' },
        status: 201,
      },
      {
        summary: 'An expiry that is not offered',
        body: { label: ENVELOPE, claimVerifier: PROOF, expiration: '2w' },
        status: 400,
      },
    ],
  },
  {
    method: 'get',
    route: 'request',
    tag: 'requests',
    summary: 'A request’s sealed label and whether it has been answered (changes nothing)',
    success: { status: 200, description: 'The request.', json: requestInfoResponseSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
    examples: [{ summary: 'A request nobody made', params: { id: UNKNOWN_ID }, status: 404 }],
  },
  {
    method: 'post',
    route: 'requestAnswer',
    tag: 'requests',
    summary: 'Answer a request with a secret sealed to its public key; only the first answer wins',
    description:
      'The answer is stored as a note under the request’s id whose verifier is the claim verifier: the requester reads (and destroys) it with `POST /api/notes/{id}/verify`. A second answer is refused (409) and changes nothing. Files are limited as a note’s: 413 `FILES_TOO_LARGE` past `limits.noteMaxFileBytes`, 429 `RATE_LIMITED` with `details.scope` `file-bytes` past what the client may still send this hour.',
    body: answerRequestRequestSchema,
    success: { status: 201, description: 'Stored.', json: answerRequestResponseSchema },
    errors: [
      'VALIDATION_FAILED',
      'PAYLOAD_TOO_LARGE',
      'FILES_TOO_LARGE',
      'NOT_FOUND',
      'CONFLICT',
      'RATE_LIMITED',
    ],
    examples: [
      {
        summary: 'A request nobody made',
        params: { id: UNKNOWN_ID },
        body: { ephemeralKey: PROOF, content: ENVELOPE },
        status: 404,
      },
    ],
  },
  {
    method: 'post',
    route: 'chatCreate',
    tag: 'chat',
    summary: 'Open a two-person chat room for 5, 15, 30 or 60 minutes',
    description:
      'The room key is made by the client and travels only in the link fragment (`/chat/{sessionId}#{K_room}`); messages go over the `/ws` socket, encrypted.',
    body: createChatRequestSchema,
    success: { status: 201, description: 'Opened.', json: createChatResponseSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
    examples: [
      { summary: 'A quarter of an hour', body: { duration: '15' }, status: 201 },
      { summary: 'A length that is not offered', body: { duration: '7' }, status: 400 },
    ],
  },
  {
    method: 'get',
    route: 'chatRoom',
    tag: 'chat',
    summary: 'A room’s state: who is in it and how long it has left',
    success: { status: 200, description: 'The room.', json: chatRoomStatusSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
    examples: [{ summary: 'A room nobody opened', params: { id: UNKNOWN_ID }, status: 404 }],
  },
  {
    method: 'post',
    route: 'newsletterSubscribe',
    tag: 'newsletter',
    summary: 'Sign up: mails a 5-digit code (answered alike for new and known addresses)',
    body: newsletterSubscribeRequestSchema,
    success: {
      status: 200,
      description: 'A code is on its way.',
      json: newsletterSubscribeResponseSchema,
    },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Sign up',
        body: { email: 'reader@example.org', language: 'en' },
        status: 200,
      },
    ],
  },
  {
    method: 'post',
    route: 'newsletterVerify',
    tag: 'newsletter',
    summary: 'Confirm the sign-up with the mailed code',
    body: newsletterVerifyRequestSchema,
    success: { status: 200, description: 'Subscribed.', json: newsletterVerifyResponseSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'A code that was never sent',
        body: { email: 'nobody@example.org', code: '12345' },
        status: 400,
      },
    ],
  },
  {
    method: 'get',
    route: 'newsletterUnsubscribe',
    tag: 'newsletter',
    summary: 'The link in every newsletter mail: a page asking to confirm (changes nothing)',
    query: newsletterUnsubscribeQuerySchema,
    success: { status: 200, description: 'A page with one button.', html: true },
    errors: ['NOT_FOUND'],
    examples: [{ summary: 'A token nobody holds', query: { token: UNKNOWN_TOKEN }, status: 404 }],
  },
  {
    method: 'post',
    route: 'newsletterUnsubscribe',
    tag: 'newsletter',
    summary: 'Unsubscribe: the page’s button, or a mail client’s RFC 8058 one-click POST',
    query: newsletterUnsubscribeQuerySchema,
    body: 'form',
    success: { status: 200, description: 'A page saying it is done.', html: true },
    errors: ['NOT_FOUND'],
    examples: [{ summary: 'A token nobody holds', query: { token: UNKNOWN_TOKEN }, status: 404 }],
  },
  {
    method: 'get',
    route: 'newsletterIssues',
    tag: 'newsletter',
    summary: 'Every newsletter issue, newest first, with its progress (sent, failed, remaining)',
    admin: true,
    success: { status: 200, description: 'The issues.', json: newsletterIssueListSchema },
    errors: ['UNAUTHORIZED', 'UNAVAILABLE'],
    examples: [{ summary: 'Without the administrator’s session', status: 401 }],
  },
  {
    method: 'post',
    route: 'newsletterIssues',
    tag: 'newsletter',
    summary: 'A new draft issue: subject and Markdown body per language, English among them',
    admin: true,
    sameOrigin: true,
    body: newsletterDraftRequestSchema,
    success: { status: 201, description: 'The draft.', json: newsletterIssueSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Without the administrator’s session',
        body: { texts: { en: { subject: 'News', markdown: 'Hello' } } },
        status: 401,
      },
    ],
  },
  {
    method: 'post',
    route: 'newsletterIssue',
    tag: 'newsletter',
    summary: 'Change a draft issue (an issue being sent or sent no longer changes)',
    admin: true,
    sameOrigin: true,
    body: newsletterDraftRequestSchema,
    success: { status: 200, description: 'The draft.', json: newsletterIssueSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Without the administrator’s session',
        params: { id: UNKNOWN_ISSUE },
        body: { texts: { en: { subject: 'News', markdown: 'Hello' } } },
        status: 401,
      },
    ],
  },
  {
    method: 'post',
    route: 'newsletterPreview',
    tag: 'newsletter',
    summary: 'One language’s text rendered as the mail shows it: sanitized HTML and plain text',
    admin: true,
    sameOrigin: true,
    body: newsletterPreviewRequestSchema,
    success: { status: 200, description: 'The preview.', json: newsletterPreviewSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Without the administrator’s session',
        body: { subject: 'News', markdown: '# Hello', language: 'en' },
        status: 401,
      },
    ],
  },
  {
    method: 'post',
    route: 'newsletterIssueTest',
    tag: 'newsletter',
    summary: 'Mail the issue, in one language, to one address (a test; nobody else is mailed)',
    admin: true,
    sameOrigin: true,
    body: newsletterTestSendRequestSchema,
    success: { status: 200, description: 'Sent.', json: newsletterTestSendResponseSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Without the administrator’s session',
        params: { id: UNKNOWN_ISSUE },
        body: { email: 'editor@example.org', language: 'en' },
        status: 401,
      },
    ],
  },
  {
    method: 'post',
    route: 'newsletterIssueSend',
    tag: 'newsletter',
    summary: 'Send the issue to every verified subscriber, in the background, each once',
    admin: true,
    sameOrigin: true,
    success: { status: 200, description: 'Sending.', json: newsletterIssueSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Without the administrator’s session',
        params: { id: UNKNOWN_ISSUE },
        status: 401,
      },
    ],
  },
  {
    method: 'get',
    route: 'blog',
    tag: 'blog',
    summary: 'Published articles, newest first, without their bodies',
    success: { status: 200, description: 'The articles.', json: blogPostListSchema },
    errors: [],
    examples: [{ summary: 'List', status: 200 }],
  },
  {
    method: 'get',
    route: 'blogPosts',
    tag: 'blog',
    summary: 'The same list, under the seed’s second path',
    success: { status: 200, description: 'The articles.', json: blogPostListSchema },
    errors: [],
    examples: [{ summary: 'List', status: 200 }],
  },
  {
    method: 'get',
    route: 'blogPost',
    tag: 'blog',
    summary: 'One published article with its (server-sanitized) HTML',
    success: { status: 200, description: 'The article.', json: blogPostSchema },
    errors: ['NOT_FOUND'],
    examples: [
      { summary: 'An article that does not exist', params: { id: 'no-such-article' }, status: 404 },
    ],
  },
  {
    method: 'delete',
    route: 'blogPost',
    tag: 'blog',
    summary: 'Delete an article',
    admin: true,
    sameOrigin: true,
    success: { status: 204, description: 'Deleted.' },
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UNAVAILABLE'],
    examples: [
      {
        summary: 'Without the administrator’s session',
        params: { id: 'no-such-article' },
        status: 401,
      },
    ],
  },
  {
    method: 'post',
    route: 'adminGenerateArticle',
    tag: 'admin',
    summary: 'Have the configured AI endpoint write an article, sanitize it and publish it',
    admin: true,
    sameOrigin: true,
    success: { status: 201, description: 'Published.', json: generatedArticleSchema },
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'UNAVAILABLE'],
    examples: [{ summary: 'Without the administrator’s session', status: 401 }],
  },
  {
    method: 'post',
    route: 'adminLogin',
    tag: 'admin',
    summary: 'Sign in as the administrator (sets an HttpOnly, SameSite=Strict cookie)',
    body: adminLoginRequestSchema,
    sameOrigin: true,
    success: { status: 200, description: 'Signed in.', json: adminSessionSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'UNAVAILABLE'],
    examples: [
      { summary: 'A wrong password', body: { password: 'not the password' }, status: 401 },
    ],
  },
  {
    method: 'post',
    route: 'adminLogout',
    tag: 'admin',
    summary: 'Sign out',
    sameOrigin: true,
    success: { status: 200, description: 'Signed out.', json: adminSessionSchema },
    errors: ['FORBIDDEN'],
    examples: [{ summary: 'Sign out', status: 200 }],
  },
  {
    method: 'get',
    route: 'adminSession',
    tag: 'admin',
    summary: 'Whether this server has an administrator, and whether the caller is signed in',
    success: { status: 200, description: 'The session’s state.', json: adminSessionSchema },
    errors: [],
    examples: [{ summary: 'Ask', status: 200 }],
  },
  {
    method: 'post',
    route: 'analyticsPageView',
    tag: 'analytics',
    summary: 'Count a page view (its route’s shape, never an id)',
    description:
      'First-party, aggregate analytics. A request with `DNT: 1` or `Sec-GPC: 1` is answered alike and stores nothing. Ids are kept only as HMACs under a salt that changes every day.',
    headers: ID_HEADERS,
    body: pageViewRequestSchema,
    success: { status: 204, description: 'Counted.' },
    errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'The home page, reached from a search engine',
        headers: ANALYTICS_IDS,
        body: { path: '/', referrer: 'https://search.example' },
        status: 204,
      },
    ],
  },
  {
    method: 'post',
    route: 'analyticsSession',
    tag: 'analytics',
    summary: 'Count a visit’s start (device type and browser family)',
    headers: ID_HEADERS,
    body: sessionStartRequestSchema,
    success: { status: 204, description: 'Counted.' },
    errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'A first visit from a desktop Firefox',
        headers: ANALYTICS_IDS,
        body: { deviceType: 'desktop', browser: 'firefox', isReturning: false },
        status: 204,
      },
    ],
  },
  {
    method: 'post',
    route: 'analyticsEvent',
    tag: 'analytics',
    summary: 'Count a feature’s use, from an allow-list',
    headers: ID_HEADERS,
    body: eventRequestSchema,
    success: { status: 204, description: 'Counted.' },
    errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'A note link copied',
        headers: ANALYTICS_IDS,
        body: { event: 'note_link_copied' },
        status: 204,
      },
    ],
  },
  {
    method: 'post',
    route: 'analyticsSessionEnd',
    tag: 'analytics',
    summary: 'Count how long a visit lasted (only for one that started)',
    headers: ID_HEADERS,
    body: sessionEndRequestSchema,
    success: { status: 204, description: 'Counted.' },
    errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
    examples: [
      {
        summary: 'A visit of a minute',
        headers: ANALYTICS_IDS,
        body: { sessionId: 'ExampleSess1', duration: 60 },
        status: 204,
      },
    ],
  },
  {
    method: 'get',
    route: 'analyticsSummary',
    tag: 'analytics',
    summary: 'The dashboard’s figures for a timeframe, computed in SQL',
    admin: true,
    query: summaryQuerySchema,
    success: { status: 200, description: 'The figures.', json: analyticsSummarySchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'UNAVAILABLE'],
    examples: [
      { summary: 'Without the administrator’s session', query: { timeframe: '24h' }, status: 401 },
    ],
  },
];
