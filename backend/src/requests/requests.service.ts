import type {
  AnswerRequestRequest,
  AnswerRequestResponse,
  CreateRequestRequest,
  CreateRequestResponse,
  RequestInfoResponse,
} from '../../../shared/api/requests.ts';
import {
  NOTE_EXPIRATION_SECONDS,
  NOTE_MAX_LIFETIME_DAYS,
  type NoteExpiration,
} from '../../../shared/limits.ts';
import { AppError } from '../http/app-error.ts';
import type { FileByteBudget } from '../notes/files/byte-budget.ts';
import { newToken, refuseOversizedFiles } from '../notes/files/upload-rules.ts';
import { refuseUnofferedExpiration } from '../notes/offered-expirations.ts';
import { randomId } from '../random-id.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { RequestsRepository } from './requests.repository.ts';

export interface RequestRateRules {
  create: RateRule;
  answer: RateRule;
}

export const DEFAULT_REQUEST_RATE_RULES: RequestRateRules = {
  // As notes: generous for people, useless for filling the database.
  create: { limit: 30, windowSeconds: 600 },
  answer: { limit: 30, windowSeconds: 600 },
};

/** An answer as its schema parsed it (files defaulted). */
type ParsedAnswer = Required<AnswerRequestRequest>;

const notFound = () => new AppError('NOT_FOUND', 'This request does not exist or has expired.');

/** Requests: made by the requester, answered once by the responder. Reading is the notes'. */
export function requestsService(deps: {
  repo: RequestsRepository;
  limiter: RateLimiter;
  rules: RequestRateRules;
  /** The lives this server offers notes (NOTE_EXPIRATIONS): the answer is one. */
  offeredExpirations: readonly NoteExpiration[];
  /** The most an answer's files may take together (NOTE_MAX_FILE_BYTES), as a note's. */
  maxFileBytes: number;
  /** What files one client may send in an hour (NOTE_FILE_BYTES_PER_HOUR), notes' included. */
  fileBudget: FileByteBudget;
}) {
  const { repo, limiter, rules, offeredExpirations } = deps;
  return {
    async create(input: CreateRequestRequest, client: string): Promise<CreateRequestResponse> {
      refuseUnofferedExpiration(offeredExpirations, input.expiration);
      await limiter.hit('request-create', client, rules.create);
      const requestId = randomId();
      const expiresAt = await repo.insert({
        id: requestId,
        label: input.label,
        claimVerifier: Buffer.from(input.claimVerifier, 'base64url'),
        expiresInSeconds: Math.min(
          NOTE_EXPIRATION_SECONDS[input.expiration],
          NOTE_MAX_LIFETIME_DAYS * 86_400,
        ),
      });
      return { requestId, expiresAt };
    },

    async info(id: string): Promise<RequestInfoResponse> {
      const state = await repo.state(id);
      if (state === null) throw notFound();
      return state;
    },

    /**
     * The first answer wins; any later one is refused and changes nothing. An answer with files
     * is claimable once they are uploaded (the notes' upload calls, with the token answered).
     */
    async answer(id: string, input: ParsedAnswer, client: string): Promise<AnswerRequestResponse> {
      refuseOversizedFiles(input.files, deps.maxFileBytes);
      await limiter.hit('request-answer', client, rules.answer);
      await deps.fileBudget.charge(input.files, client);
      const upload = input.files.length > 0 ? newToken() : null;
      const expiresAt = await repo.answer({
        id,
        ...input,
        uploadVerifier: upload?.verifier ?? null,
      });
      if (expiresAt !== null) {
        return upload === null ? { expiresAt } : { expiresAt, uploadToken: upload.token };
      }
      if ((await repo.state(id)) === null) throw notFound();
      throw new AppError('CONFLICT', 'This request has already been answered.');
    },
  };
}

export type RequestsService = ReturnType<typeof requestsService>;
