import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import type { Logger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { NOTE_MAX_LIFETIME_DAYS } from '../../../shared/limits.ts';
import { notesRepository } from './notes.repository.ts';
import { notesRoutes } from './notes.routes.ts';
import { DEFAULT_NOTE_RATE_RULES, notesService, type NoteRateRules } from './notes.service.ts';
import { readReceipts } from './read-receipts.ts';

export interface NotesOptions {
  rateRules?: NoteRateRules;
  /** How often expired notes are swept and due receipts retried. */
  sweepIntervalMs?: number;
}

/** The notes feature: routes, plus the sweeper and read-receipt delivery running beside them. */
export function notesFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  logger: Logger;
  options: NotesOptions;
}) {
  const { config, database, limiter, logger, options } = deps;
  const repo = notesRepository(database);
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const receipts =
    mailer !== null && config.mailKey !== null
      ? (() => {
          const key = Buffer.from(config.mailKey, 'base64');
          return { key, delivery: readReceipts(database.sql, mailer, key, logger) };
        })()
      : null;
  const service = notesService({
    repo,
    limiter,
    receipts,
    rules: options.rateRules ?? DEFAULT_NOTE_RATE_RULES,
    logger,
  });

  const stopSweeper = startPeriodic(
    'notes-sweeper',
    options.sweepIntervalMs ?? 60_000,
    async () => {
      const { expired } = await repo.sweep(NOTE_MAX_LIFETIME_DAYS);
      if (expired > 0) logger.info('expired notes destroyed', { count: expired });
      await limiter.sweep();
      await receipts?.delivery.deliverDue();
    },
    logger,
  );

  return {
    router: notesRoutes(service),
    async stop() {
      await stopSweeper();
      mailer?.close();
    },
  };
}
