import { z } from 'zod';
import { keyExchangeMessageSchema } from '../crypto/chat-kx.ts';
import { CHAT_DURATIONS, CHAT_MESSAGE_MAX_CHARS } from '../limits.ts';

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

export type ServerFrame =
  | {
      type: 'session_joined';
      participantId: string;
      /** 1 or 2: which seat this participant holds. */
      slot: number;
      participantCount: number;
      /** Seconds until the room ends. */
      timeRemaining: number;
      /** Participant ids of the others present, so a rejoining client can re-key at once. */
      others: string[];
    }
  | { type: 'session_full' }
  | { type: 'session_expired' }
  | { type: 'participant_joined'; participantId: string; participantCount: number }
  | { type: 'participant_left'; participantId: string; participantCount: number }
  | { type: 'new_message'; id: string; content: string; timestamp: number; participantId: string }
  | {
      type: 'key_exchange';
      participantId: string;
      payload: z.infer<typeof keyExchangeMessageSchema>;
    }
  | { type: 'time_update'; timeRemaining: number }
  | { type: 'error'; code: ChatErrorCode; message: string };

export type ServerFrameType = ServerFrame['type'];

/** Error frames; the socket stays open unless the server says otherwise by closing it. */
export type ChatErrorCode =
  | 'VALIDATION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'NOT_JOINED'
  | 'NOT_FOUND'
  | 'INTERNAL';
