import type {
  AnswerRequestRequest,
  AnswerRequestResponse,
  CreateRequestRequest,
  CreateRequestResponse,
  RequestInfoResponse,
} from '../../../shared/api/requests.ts';
import { NOTE_EXPIRATION_SECONDS, NOTE_MAX_LIFETIME_DAYS } from '../../../shared/limits.ts';
import { AppError } from '../http/app-error.ts';
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

const notFound = () => new AppError('NOT_FOUND', 'This request does not exist or has expired.');

/** Requests: made by the requester, answered once by the responder. Reading is the notes'. */
export function requestsService(deps: {
  repo: RequestsRepository;
  limiter: RateLimiter;
  rules: RequestRateRules;
}) {
  const { repo, limiter, rules } = deps;
  return {
    async create(input: CreateRequestRequest, client: string): Promise<CreateRequestResponse> {
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

    /** The first answer wins; any later one is refused and changes nothing. */
    async answer(
      id: string,
      input: AnswerRequestRequest,
      client: string,
    ): Promise<AnswerRequestResponse> {
      await limiter.hit('request-answer', client, rules.answer);
      const expiresAt = await repo.answer({ id, ...input });
      if (expiresAt !== null) return { expiresAt };
      if ((await repo.state(id)) === null) throw notFound();
      throw new AppError('CONFLICT', 'This request has already been answered.');
    },
  };
}

export type RequestsService = ReturnType<typeof requestsService>;
