/**
 * The newsletter: sign-up with a mailed code, one-click unsubscribe, and the sweep of sign-ups
 * never verified (run by the housekeeping job).
 *
 * - newsletter.routes.ts: HTTP (request parsing, the unsubscribe page's language and status).
 * - newsletter.service.ts: the rules (double opt-in, sealing, rate limits, resend throttle).
 * - newsletter.repository.ts: the SQL (newsletter_subscriber).
 * - newsletter.entities.ts: the table.
 * - Helpers beside them: newsletter-mail.ts (the mails), unsubscribe-page.ts (the page),
 *   recent-durations.ts (answers without a send take as long as one with).
 */
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { loadServerSecret } from '../db/server-secret.ts';
import type { Logger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { newsletterRoutes } from './newsletter.routes.ts';
import {
  NEWSLETTER_RATE_RULES,
  newsletterService,
  type NewsletterRateRules,
} from './newsletter.service.ts';

export interface NewsletterOptions {
  /** Overrides of NEWSLETTER_RATE_RULES. */
  rateRules?: Partial<NewsletterRateRules>;
}

/**
 * Without mail configured the service refuses sign-ups and says why; /api/config already tells
 * the client so (emailAvailable).
 */
export async function newsletterFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  logger: Logger;
  options: NewsletterOptions;
}) {
  const { config, database, limiter, logger, options } = deps;
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const service = newsletterService({
    repo: newsletterRepository(database),
    // Mail's links point at PUBLIC_URL, which the configuration requires whenever mail is on.
    mail:
      mailer !== null && config.mailKey !== null && config.publicUrl !== null
        ? { mailer, key: Buffer.from(config.mailKey, 'base64'), origin: config.publicUrl }
        : null,
    secret: await loadServerSecret(database.em(), 'newsletter'),
    limiter,
    logger,
    rules: { ...NEWSLETTER_RATE_RULES, ...options.rateRules },
  });
  return {
    router: newsletterRoutes(service),
    sweep: () => service.sweep(),
    stop() {
      mailer?.close();
    },
  };
}
