/**
 * The newsletter: sign-up with a mailed code, one-click unsubscribe, and the sweep of sign-ups
 * never verified (run by the housekeeping job); for the administrator, issues composed in
 * Markdown and sent to every subscriber by a background job.
 *
 * - newsletter.routes.ts: HTTP (request parsing, the unsubscribe page's language and status).
 * - newsletter.service.ts: the rules (double opt-in, sealing, rate limits, resend throttle).
 * - newsletter.repository.ts: the SQL (newsletter_subscriber).
 * - newsletter-issues.routes.ts, newsletter-issues.service.ts, newsletter-issues.repository.ts:
 *   the same three jobs for issues (drafts, preview, test mail, send to all, progress).
 * - newsletter.entities.ts: the tables (subscribers, issues, deliveries).
 * - Helpers beside them: newsletter-mail.ts (the mails), newsletter-sender.ts (the job that
 *   sends issues, each subscriber once), issue-render.ts (Markdown to sanitized HTML and text),
 *   sealed-subscriber.ts (what MAIL_KEY seals), unsubscribe-page.ts (the page),
 *   recent-durations.ts (answers without a send take as long as one with).
 */
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { loadServerSecret } from '../db/server-secret.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import type { Logger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';
import type { Middleware } from 'koa';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { newsletterIssuesRepository } from './newsletter-issues.repository.ts';
import { newsletterIssuesRoutes } from './newsletter-issues.routes.ts';
import { newsletterIssuesService } from './newsletter-issues.service.ts';
import { newsletterSender } from './newsletter-sender.ts';
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
  /** How often the sender looks for issues being sent (default a minute). */
  senderPollMs?: number;
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
  requireAdmin: Middleware;
  options: NewsletterOptions;
}) {
  const { config, database, limiter, logger, requireAdmin, options } = deps;
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  // Mail's links point at PUBLIC_URL, which the configuration requires whenever mail is on.
  const mail =
    mailer !== null && config.mailKey !== null && config.publicUrl !== null
      ? { mailer, key: Buffer.from(config.mailKey, 'base64'), origin: config.publicUrl }
      : null;
  const service = newsletterService({
    repo: newsletterRepository(database),
    mail,
    secret: await loadServerSecret(database.em(), 'newsletter'),
    limiter,
    logger,
    rules: { ...NEWSLETTER_RATE_RULES, ...options.rateRules },
  });
  const issuesRepo = newsletterIssuesRepository(database);
  const bulkMailer = createMailer(config.smtpUrl, config.mailFrom, { pooled: true });
  const sender =
    mail === null || bulkMailer === null
      ? null
      : newsletterSender({
          repo: issuesRepo,
          mail: { ...mail, mailer: bulkMailer },
          limiter,
          ratePerMinute: config.newsletterRatePerMinute,
          logger,
        });
  // Now and every minute: an issue left in `sending` by a stop or a crash carries on from where
  // it was, and an instance that stopped for good leaves its issue to the others.
  const stopLooking =
    sender === null
      ? async () => {}
      : startPeriodic(
          'newsletter-sender',
          options.senderPollMs ?? 60_000,
          async () => sender.kick(),
          logger,
        );
  const issues = newsletterIssuesService({
    repo: issuesRepo,
    mail,
    sender,
    origin: config.publicUrl ?? '',
    logger,
  });
  return {
    routers: [newsletterRoutes(service), newsletterIssuesRoutes(issues, requireAdmin)],
    sweep: () => service.sweep(),
    /** Lets the mail in flight finish and be recorded, then closes the mail connection. */
    async stop() {
      await stopLooking();
      await sender?.stop();
      mailer?.close();
      bulkMailer?.close();
    },
  };
}
