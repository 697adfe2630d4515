import { z } from 'zod';
import { keyExchangeMessageSchema } from '../crypto/chat-kx.ts';
import { CHAT_DURATIONS, CHAT_MAX_PARTICIPANTS, CHAT_MESSAGE_MAX_CHARS } from '../limits.ts';

/**
 * The chat contract: REST calls and every WebSocket message, each type and schema written once.
 * The server relays ciphertext; nothing here carries a key (DESIGN §3 chat).
 */

/** 128 random bits, base64url. */
export const chatRoomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'invalid room id');
/** 128 random bits in hex, made by the browser and kept for the tab's session. */
export const participantIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'invalid participant id');

/**
 * Largest chat envelope: 1,000 characters of up to 4 UTF-8 bytes inside `{seq,text,sentAt}`
 * JSON, AES-GCM tag, base64url, `v1.<iv>.` prefix. Keeps relayed payloads well inside NOTIFY's
 * 8,000 bytes.
 */
export const MAX_CHAT_ENVELOPE = Math.ceil(((CHAT_MESSAGE_MAX_CHARS * 4 + 96 + 16) * 4) / 3) + 20;
const chatEnvelopeSchema = z
  .string()
  .max(MAX_CHAT_ENVELOPE)
  .regex(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/, 'invalid envelope');

// REST

export const createChatRequestSchema = z.object({ duration: z.enum(CHAT_DURATIONS) });
export type CreateChatRequest = z.infer<typeof createChatRequestSchema>;
export const createChatResponseSchema = z.object({
  success: z.literal(true),
  sessionId: chatRoomIdSchema,
});
export type CreateChatResponse = z.infer<typeof createChatResponseSchema>;

export const chatRoomStatusSchema = z.object({
  exists: z.boolean(),
  participantCount: z.number(),
  timeRemaining: z.number(),
});
export type ChatRoomStatus = z.infer<typeof chatRoomStatusSchema>;

// WebSocket: client → server

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('join_session'),
    sessionId: chatRoomIdSchema,
    participantId: participantIdSchema,
  }),
  z.object({
    type: z.literal('send_message'),
    sessionId: chatRoomIdSchema,
    participantId: participantIdSchema,
    /** Ciphertext from ChatSession.encrypt(). */
    content: chatEnvelopeSchema,
  }),
  z.object({
    type: z.literal('key_exchange'),
    sessionId: chatRoomIdSchema,
    participantId: participantIdSchema,
    payload: keyExchangeMessageSchema,
  }),
  z.object({
    type: z.literal('leave_session'),
    sessionId: chatRoomIdSchema,
    participantId: participantIdSchema,
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameType = ClientFrame['type'];

// WebSocket: server → client

/** Error frames; the socket stays open unless the server says otherwise by closing it. */
export const CHAT_ERROR_CODES = [
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'NOT_JOINED',
  'NOT_FOUND',
  'INTERNAL',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

const seconds = z.number().int().nonnegative();
const count = z.number().int().min(0).max(CHAT_MAX_PARTICIPANTS);

/**
 * Everything the server sends. The server is typed by it and the client validates every
 * incoming frame with it, so both directions of the socket are one contract.
 */
export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session_joined'),
    participantId: participantIdSchema,
    /** 1 or 2: which seat this participant holds. */
    slot: z.number().int().min(1).max(CHAT_MAX_PARTICIPANTS),
    participantCount: count,
    /** Seconds until the room ends. */
    timeRemaining: seconds,
    /** Participant ids of the others present, so a rejoining client can re-key at once. */
    others: z.array(participantIdSchema).max(CHAT_MAX_PARTICIPANTS),
  }),
  z.object({ type: z.literal('session_full') }),
  z.object({ type: z.literal('session_expired') }),
  z.object({
    type: z.literal('participant_joined'),
    participantId: participantIdSchema,
    participantCount: count,
  }),
  z.object({
    type: z.literal('participant_left'),
    participantId: participantIdSchema,
    participantCount: count,
  }),
  z.object({
    type: z.literal('new_message'),
    /** Made by the server for this relay; unique per message. */
    id: z.string().min(1).max(64),
    content: chatEnvelopeSchema,
    /** Server clock, ms since the epoch, when it relayed the message. */
    timestamp: z.number().nonnegative(),
    participantId: participantIdSchema,
  }),
  z.object({
    type: z.literal('key_exchange'),
    participantId: participantIdSchema,
    payload: keyExchangeMessageSchema,
  }),
  z.object({ type: z.literal('time_update'), timeRemaining: seconds }),
  z.object({ type: z.literal('error'), code: z.enum(CHAT_ERROR_CODES), message: z.string() }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type ServerFrameType = ServerFrame['type'];

/**
 * How the server closes a chat socket, besides errors of the socket itself. Anything else
 * (a dropped network, 1006) is a loss the client recovers from by reconnecting.
 */
export const CHAT_CLOSE = {
  /** The room is over: time is up (a session_expired frame comes first when it can). */
  ROOM_OVER: 1000,
  /** This server instance is shutting down; another may take the connection. */
  SHUTDOWN: 1001,
  /** The same participant joined from another connection, which now holds the seat. */
  REPLACED: 4001,
} as const;
