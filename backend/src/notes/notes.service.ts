import crypto from 'node:crypto';
import {
  MAX_IMAGE_ENVELOPE,
  MAX_TEXT_ENVELOPE,
  type CreateNoteResponse,
  type NoteInfoResponse,
  type VerifyNoteResponse,
  createNoteRequestSchema,
} from '../../../shared/api/notes.ts';
import {
  NOTE_EXPIRATION_SECONDS,
  NOTE_MAX_LIFETIME_DAYS,
  NOTE_MAX_PROOF_ATTEMPTS,
} from '../../../shared/limits.ts';
import { AppError } from '../http/app-error.ts';
import { parseInput } from '../http/validate.ts';
import { errorMessage, type Logger } from '../logger.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { NotesRepository } from './notes.repository.ts';
import { sealRecipient, type ReadReceipts } from './read-receipts.ts';

export interface NoteRateRules {
  create: RateRule;
  proof: RateRule;
}

export const DEFAULT_NOTE_RATE_RULES: NoteRateRules = {
  create: { limit: 30, windowSeconds: 600 },
  proof: { limit: 60, windowSeconds: 600 },
};

function goneMessage(reason: 'read' | 'expired' | 'too_many_attempts'): string {
  switch (reason) {
    case 'read':
      return 'Note not found or has already been read.';
    case 'expired':
      return 'This note has expired and is no longer available.';
    case 'too_many_attempts':
      return 'This note has been destroyed after too many incorrect attempts.';
  }
}

export function notesService(deps: {
  repo: NotesRepository;
  limiter: RateLimiter;
  /** Null when the server has no mail configured. */
  receipts: { delivery: ReadReceipts; key: Buffer } | null;
  rules: NoteRateRules;
  logger: Logger;
}) {
  const { repo, limiter, receipts, rules, logger } = deps;

  return {
    async create(body: unknown, client: string): Promise<CreateNoteResponse> {
      rejectOversized(body);
      const input = parseInput(createNoteRequestSchema, body);
      if (input.emailNotification !== null && receipts === null) {
        throw new AppError(
          'VALIDATION_FAILED',
          'E-mail notifications are not available on this server.',
          {
            fields: [{ path: 'emailNotification', message: 'not available' }],
            details: { emailAvailable: false },
          },
        );
      }
      limiter.hit('note-create', client, rules.create);
      const noteId = crypto.randomBytes(16).toString('base64url');
      const expiresAt = await repo.insert({
        id: noteId,
        content: input.content,
        images: input.attachedImages,
        verifier: Buffer.from(input.verifier, 'base64url'),
        kdf: input.kdf,
        expiresInSeconds: Math.min(
          NOTE_EXPIRATION_SECONDS[input.expiration],
          NOTE_MAX_LIFETIME_DAYS * 86_400,
        ),
        sealedReceiptAddress:
          input.emailNotification === null || receipts === null
            ? null
            : sealRecipient(receipts.key, {
                address: input.emailNotification,
                language: input.notificationLanguage,
              }),
      });
      return { noteId, expiresAt };
    },

    async info(id: string): Promise<NoteInfoResponse> {
      const state = await repo.state(id);
      switch (state.kind) {
        case 'live':
          return {
            success: true,
            isDestroyed: false,
            hasPassword: state.hasPassword,
            kdf: state.kdf === null ? null : { salt: state.kdf.salt, iterations: 600_000 },
            expiresAt: state.expiresAt,
            attachmentCount: state.attachmentCount,
          };
        case 'destroyed':
          return {
            success: true,
            isDestroyed: true,
            reason: state.reason,
            timeAgo: splitSeconds(state.secondsAgo),
          };
        case 'unknown':
          throw new AppError('NOT_FOUND', 'Note not found or has already been read.');
      }
    },

    async verify(id: string, proof: string, client: string): Promise<VerifyNoteResponse> {
      limiter.hit('note-proof', client, rules.proof);
      const verifier = crypto.createHash('sha256').update(Buffer.from(proof, 'base64url')).digest();
      const taken = await repo.takeWithVerifier(id, verifier);
      if (taken) {
        if (taken.receipts > 0 && receipts !== null) {
          receipts.delivery
            .deliverDue()
            .catch((error: unknown) =>
              logger.error('read receipt delivery failed', { error: errorMessage(error) }),
            );
        }
        return { content: taken.content, attachedImages: taken.images };
      }

      const attempts = await repo.countFailedAttempt(id);
      if (attempts === null) {
        const state = await repo.state(id);
        if (state.kind === 'destroyed') {
          throw new AppError('GONE', goneMessage(state.reason), {
            details: { reason: state.reason },
          });
        }
        throw new AppError('NOT_FOUND', 'Note not found or has already been read.');
      }
      if (attempts >= NOTE_MAX_PROOF_ATTEMPTS) {
        await repo.destroy(id, 'too_many_attempts');
        throw new AppError('GONE', goneMessage('too_many_attempts'), {
          details: { reason: 'too_many_attempts' },
        });
      }
      throw new AppError('WRONG_PROOF', 'Incorrect password. Please try again.', {
        details: { attemptsLeft: NOTE_MAX_PROOF_ATTEMPTS - attempts },
      });
    },
  };
}

/** 413 for bodies whose ciphertext could not come from a note within the limits. */
function rejectOversized(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { content, attachedImages } = body as { content?: unknown; attachedImages?: unknown };
  const tooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;
  if (tooLong(content, MAX_TEXT_ENVELOPE)) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'Content is too long. Maximum 50,000 characters allowed.',
    );
  }
  if (
    Array.isArray(attachedImages) &&
    attachedImages.some((image) => tooLong(image, MAX_IMAGE_ENVELOPE))
  ) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'An attached image is larger than 10 MB.');
  }
}

export function splitSeconds(total: number): { hours: number; minutes: number; seconds: number } {
  const safe = Math.max(0, Math.floor(total));
  return {
    hours: Math.floor(safe / 3600),
    minutes: Math.floor((safe % 3600) / 60),
    seconds: safe % 60,
  };
}

export type NotesService = ReturnType<typeof notesService>;
