import { FALLBACK_LANGUAGE, type LanguageCode } from '../../../shared/languages.ts';
import { AppError } from '../http/app-error.ts';
import { errorMessage, withoutAddresses, type Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { issueRenderer, type RenderedIssue } from './issue-render.ts';
import { issueMail, unsubscribeUrl } from './newsletter-mail.ts';
import type { IssueTexts, NewsletterIssuesRepository } from './newsletter-issues.repository.ts';
import { unsealSubscriber } from './sealed-subscriber.ts';

export interface NewsletterMailing {
  mailer: Mailer;
  key: Buffer;
  origin: string;
}

/** One language's version of an issue, rendered once for all its subscribers. */
export interface IssueVersion {
  language: LanguageCode;
  subject: string;
  rendered: RenderedIssue;
}

/** The version of an issue a subscriber of `language` reads: theirs, or else English. */
export async function issueVersion(
  texts: IssueTexts,
  language: LanguageCode,
): Promise<IssueVersion> {
  const chosen = texts[language] === undefined ? FALLBACK_LANGUAGE : language;
  const text = texts[chosen]!;
  const render = await issueRenderer();
  return { language: chosen, subject: text.subject, rendered: render(text.markdown) };
}

const RETRY_AFTER_ERROR_MS = 30_000;
/**
 * How long a claim may stay open before it counts as left behind: longer than a mail can take
 * (nodemailer gives up on a silent connection after 10 minutes).
 */
const CLAIM_GRACE_SECONDS = 15 * 60;

/** The SMTP reply code of a refused delivery, when the server gave one (nodemailer's). */
const responseCodeOf = (error: unknown): number | null => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : null;
};

/**
 * The background job that sends issues to their subscribers, each once.
 *
 * Never twice: a subscriber is claimed for the issue (a row keyed by issue and subscriber,
 * inserted only if absent) before the mail goes out, and the outcome recorded after. A process
 * that dies between the claim and the send skips that one subscriber; none is mailed twice,
 * however many instances send and however often they restart.
 *
 * The rate: every instance runs this job, and each mail first takes a slot from the shared rate
 * limiter (fixed one-minute windows counted in the database by all instances, see
 * rate-limiter.ts), so NEWSLETTER_RATE_PER_MINUTE holds for the cluster as a whole (within the
 * limiter's under-an-eighth overshoot) without electing a sender: an advisory lock would need a
 * connection held for the whole send, which the embedded database's single connection cannot
 * spare, and an instance that dies simply stops taking slots.
 *
 * Started when the server starts (resuming issues left in `sending`) and whenever an issue is
 * queued; stop() lets the mail in flight finish and be recorded.
 */
export function newsletterSender(deps: {
  repo: NewsletterIssuesRepository;
  mail: NewsletterMailing;
  limiter: RateLimiter;
  ratePerMinute: number;
  logger: Logger;
}) {
  const { repo, mail, limiter, ratePerMinute, logger } = deps;
  let running: Promise<void> | null = null;
  let kickedWhileRunning = false;
  let stopped = false;
  let wake: (() => void) | null = null;

  /** Waits for a send slot; false when the sender stopped meanwhile. */
  async function pace(): Promise<boolean> {
    while (!stopped) {
      try {
        await limiter.hit(
          'newsletter-send',
          'all-instances',
          { limit: ratePerMinute, windowSeconds: 60 },
          { keyIsAddress: false },
        );
        return !stopped;
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
        const seconds = (error.details as { retryAfterSeconds?: number } | undefined)
          ?.retryAfterSeconds;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, (seconds ?? 1) * 1000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
    return false;
  }

  async function deliver(
    issueId: string,
    version: (language: LanguageCode) => Promise<IssueVersion>,
    claimed: { addressHash: Buffer; sealed: Uint8Array },
  ): Promise<void> {
    const subscriber = unsealSubscriber(mail.key, claimed.sealed);
    const chosen = await version(subscriber.language);
    try {
      await mail.mailer.send({
        to: subscriber.address,
        ...issueMail(
          subscriber.language,
          chosen,
          unsubscribeUrl(mail.origin, subscriber.unsubscribeToken),
        ),
      });
      await repo.record(issueId, claimed.addressHash, 'sent');
    } catch (error) {
      // 5xx: the mailbox refuses for good (unknown, disabled); 4xx and lost connections count
      // as failed for this issue only. Either way no retry: the server may have taken the mail.
      const bounced = (responseCodeOf(error) ?? 0) >= 500;
      if (bounced) await repo.markBounced(claimed.addressHash);
      await repo.record(issueId, claimed.addressHash, 'failed');
      logger.warn('newsletter issue mail failed', {
        issue: issueId,
        bounced,
        error: withoutAddresses(errorMessage(error)),
      });
    }
  }

  /**
   * Mails the issue to everyone not yet claimed. True when it is done; false when this sender
   * stopped, or other instances' last mails are still in flight (a later look finishes it).
   */
  async function sendIssue(issue: { id: string; texts: IssueTexts }): Promise<boolean> {
    const versions = new Map<LanguageCode, Promise<IssueVersion>>();
    const version = (language: LanguageCode) => {
      const known = versions.get(language) ?? issueVersion(issue.texts, language);
      versions.set(language, known);
      return known;
    };
    logger.info('newsletter issue sending', { issue: issue.id });
    while (await pace()) {
      const claimed = await repo.claimNext(issue.id);
      if (claimed !== null) {
        await deliver(issue.id, version, claimed);
        continue;
      }
      // Nothing claimed: everyone is, or another instance took the same subscriber first.
      if (await repo.anyUnclaimed(issue.id)) continue;
      if (!(await repo.finish(issue.id, CLAIM_GRACE_SECONDS))) return false;
      logger.info('newsletter issue sent', { issue: issue.id });
      return true;
    }
    return false;
  }

  async function run(): Promise<void> {
    for (;;) {
      const issue = stopped ? null : await repo.nextSending();
      if (issue === null || !(await sendIssue(issue))) return;
    }
  }

  /** Sends whatever is queued, unless already at it. */
  function kick(): void {
    if (stopped) return;
    if (running !== null) {
      kickedWhileRunning = true;
      return;
    }
    running = run()
      .catch((error: unknown) => {
        logger.error('newsletter sending paused', {
          error: withoutAddresses(errorMessage(error)),
        });
        // The database or the mail server hiccuped: try again in a while.
        setTimeout(kick, RETRY_AFTER_ERROR_MS).unref();
      })
      .finally(() => {
        running = null;
        if (kickedWhileRunning) {
          kickedWhileRunning = false;
          kick();
        }
      });
  }

  return {
    kick,
    /** Stops after the mail in flight (recorded); a later start resumes where this one stopped. */
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await running;
    },
  };
}

export type NewsletterSender = ReturnType<typeof newsletterSender>;
