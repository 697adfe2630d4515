import crypto from 'node:crypto';
import type { ChatRoomStatus, CreateChatResponse } from '../../../shared/api/chat.ts';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { ChatRepository } from './chat.repository.ts';

export interface ChatRateRules {
  create: RateRule;
  /** Joins (and rejoins) one address may attempt over `/ws`. */
  join: RateRule;
}

export const DEFAULT_CHAT_RATE_RULES: ChatRateRules = {
  // Same budget as note creation: generous for people, useless for filling the database.
  create: { limit: 30, windowSeconds: 600 },
  // A reconnecting client rejoins with backoff; a hundred a minute is far beyond that.
  join: { limit: 100, windowSeconds: 60 },
};

/** The REST side of chat: open a room, look at one. */
export function chatService(deps: {
  repo: ChatRepository;
  limiter: RateLimiter;
  rules: ChatRateRules;
  /** Counted by the metrics: that a room was opened, never which. */
  onCreated: () => void;
}) {
  const { repo, limiter, rules, onCreated } = deps;
  return {
    /** Opens a room that lasts `minutes`. */
    async create(minutes: number, client: string): Promise<CreateChatResponse> {
      await limiter.hit('chat-create', client, rules.create);
      const sessionId = crypto.randomBytes(16).toString('base64url');
      await repo.createRoom(sessionId, minutes * 60);
      onCreated();
      return { success: true, sessionId };
    },

    async status(id: string): Promise<ChatRoomStatus> {
      const room = await repo.status(id);
      if (room === null) throw new AppError('NOT_FOUND', 'This chat does not exist or has ended.');
      return {
        exists: true,
        participantCount: room.participantCount,
        timeRemaining: Math.max(0, Math.ceil(room.remainingMs / 1000)),
      };
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
