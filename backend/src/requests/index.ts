/**
 * Requests for a secret: the requester asks, one responder answers, the requester reads once.
 *
 * - requests.routes.ts: HTTP (ids, bodies, status codes).
 * - requests.service.ts: the rules (rate limits, answered once, what a refusal says).
 * - requests.repository.ts: the SQL (secret_request; the answer as a note row).
 * - requests.entities.ts: the table.
 * Reading the answer is the notes feature's: it is a note under the request's id, read with the
 * claim proof through `POST /api/notes/:id/verify`, destroyed, tombstoned and expired as a note.
 */
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { fileByteBudget } from '../notes/files/byte-budget.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { requestsRepository } from './requests.repository.ts';
import { requestsRoutes } from './requests.routes.ts';
import {
  DEFAULT_REQUEST_RATE_RULES,
  requestsService,
  type RequestRateRules,
} from './requests.service.ts';

export interface RequestsOptions {
  /** Overrides of DEFAULT_REQUEST_RATE_RULES. */
  rateRules?: Partial<RequestRateRules>;
}

export function requestsFeature(deps: {
  config: Pick<AppConfig, 'noteExpirations' | 'noteMaxFileBytes' | 'noteFileBytesPerHour'>;
  database: Database;
  limiter: RateLimiter;
  logger: Logger;
  options: RequestsOptions;
}) {
  const { config, database, limiter, logger, options } = deps;
  const repo = requestsRepository(database);
  const service = requestsService({
    repo,
    limiter,
    rules: { ...DEFAULT_REQUEST_RATE_RULES, ...options.rateRules },
    offeredExpirations: config.noteExpirations,
    maxFileBytes: config.noteMaxFileBytes,
    fileBudget: fileByteBudget(limiter, config.noteFileBytesPerHour),
  });
  /** Requests whose answer's upload was abandoned can be answered again. */
  const reopenAbandoned = async () => {
    const reopened = await repo.reopenAbandoned();
    if (reopened > 0)
      logger.info('requests with an abandoned answer reopened', { count: reopened });
  };
  return {
    router: requestsRoutes(service),
    reopenAbandoned,
    /**
     * Run by the housekeeping job: expired requests go, and any request left answered by an
     * abandoned answer (the notes' sweep reopens them as it abandons, but not across a crash
     * between the two) is opened again.
     */
    async sweep() {
      const expired = await repo.sweep();
      if (expired > 0) logger.info('expired requests removed', { count: expired });
      await reopenAbandoned();
    },
  };
}
