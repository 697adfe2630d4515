import crypto from 'node:crypto';
import type {
  NewsletterSubscribeResponse,
  NewsletterVerifyResponse,
} from '../../../shared/api/newsletter.ts';
import { FALLBACK_LANGUAGE, type LanguageCode } from '../../../shared/languages.ts';
import {
  NEWSLETTER_CODE_LENGTH,
  NEWSLETTER_CODE_MAX_ATTEMPTS,
  NEWSLETTER_CODE_VALID_MINUTES,
  NEWSLETTER_RESEND_SECONDS,
} from '../../../shared/limits.ts';
import { AppError } from '../http/app-error.ts';
import { errorMessage, withoutAddresses, type Logger } from '../logger.ts';
import { mailboxKey } from '../mail/mailbox.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import { codeMail, unsubscribeUrl, welcomeMail } from './newsletter-mail.ts';
import type { NewsletterRepository } from './newsletter.repository.ts';
import { recentDurations } from './recent-durations.ts';
import { sealSubscriber, unsealSubscriber, type SealedSubscriber } from './sealed-subscriber.ts';

export interface NewsletterRateRules {
  /** Sign-ups one client address may start. */
  subscribe: RateRule;
  /** Codes one client address may try, over all mailboxes. */
  verify: RateRule;
  /** Code mails one mailbox may be sent a day, whoever asks: nobody can flood an inbox. */
  mailsPerMailbox: RateRule;
}

export const NEWSLETTER_RATE_RULES: NewsletterRateRules = {
  subscribe: { limit: 20, windowSeconds: 3600 },
  verify: { limit: 30, windowSeconds: 600 },
  mailsPerMailbox: { limit: 10, windowSeconds: 86_400 },
};

export interface NewsletterService {
  /** Mails a fresh code; answers the same whether the address is new, pending or subscribed. */
  subscribe(
    input: { email: string; language: LanguageCode },
    client: string,
  ): Promise<NewsletterSubscribeResponse>;
  /** The right code activates the subscription (and a welcome mail goes out). */
  verify(input: { email: string; code: string }, client: string): Promise<NewsletterVerifyResponse>;
  /** The mail language of the subscriber the token belongs to; null for no match. */
  subscriberLanguage(token: string): Promise<LanguageCode | null>;
  /** Erases the subscriber the token belongs to; its mail language, or null for no match. */
  unsubscribe(token: string): Promise<LanguageCode | null>;
  /** Erases sign-ups never verified whose code expired; forgets expired codes of the others. */
  sweep(): Promise<void>;
}

const codeSent: NewsletterSubscribeResponse = {
  success: true,
  message: 'Check your email for a 5-digit verification code.',
  requiresVerification: true,
};

const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest();

const mailUnavailable = () =>
  new AppError('VALIDATION_FAILED', 'The newsletter is not available: this server sends no mail.', {
    details: { emailAvailable: false },
  });

const wrongCode = () =>
  new AppError(
    'VALIDATION_FAILED',
    'This code is wrong or has expired. Check the latest mail, or ask for a new code.',
    { fields: [{ path: 'code', message: 'wrong or expired' }] },
  );

/**
 * Double opt-in with a 5-digit code. A mailbox is known only by a keyed hash (server secret),
 * its address sealed with MAIL_KEY; codes and unsubscribe tokens are kept as hashes. Codes live
 * 15 minutes and die after 5 wrong tries; a mailbox gets at most one code mail a minute.
 */
export function newsletterService(deps: {
  repo: NewsletterRepository;
  /** Null when the server has no mail configured: every call but unsubscribe and sweep refuses. */
  mail: { mailer: Mailer; key: Buffer; origin: string } | null;
  secret: Buffer;
  limiter: RateLimiter;
  logger: Logger;
  rules?: NewsletterRateRules;
}): NewsletterService {
  const { repo, mail, secret, limiter, logger, rules = NEWSLETTER_RATE_RULES } = deps;
  const keyed = (purpose: string, ...parts: (string | Uint8Array)[]) => {
    const hmac = crypto.createHmac('sha256', secret).update(purpose);
    for (const part of parts) hmac.update('\0').update(part);
    return hmac.digest();
  };
  // Mailboxes are case-insensitive in practice: one subscription per mailbox, however typed.
  const addressHashOf = (email: string) => keyed('address', email.trim().toLowerCase());
  const codeHashOf = (addressHash: Buffer, code: string) => keyed('code', addressHash, code);

  const sendTimes = recentDurations();

  return {
    async subscribe(input, client) {
      if (mail === null) throw mailUnavailable();
      await limiter.hit('newsletter-subscribe', client, rules.subscribe);
      const addressHash = addressHashOf(input.email);
      // The cap counts the inbox, however the address is spelt (the subscription itself is the
      // address as typed, case folded).
      await limiter.hit('newsletter-mailbox', mailboxKey(input.email), rules.mailsPerMailbox, {
        scope: 'newsletter-resend',
        keyIsAddress: false,
      });
      const existing = await repo.sealedOf(addressHash);
      const unsubscribeToken = existing
        ? unsealSubscriber(mail.key, existing).unsubscribeToken
        : crypto.randomBytes(32).toString('base64url');
      const code = crypto
        .randomInt(0, 10 ** NEWSLETTER_CODE_LENGTH)
        .toString()
        .padStart(NEWSLETTER_CODE_LENGTH, '0');
      const subscriber: SealedSubscriber = {
        address: input.email,
        language: input.language,
        unsubscribeToken,
      };
      // New and known mailboxes take the same statement; the resend throttle is its condition,
      // so two sign-ups at once cannot both send.
      const stored = await repo.storeCode({
        addressHash,
        sealed: sealSubscriber(mail.key, subscriber),
        unsubscribeHash: sha256(unsubscribeToken),
        codeHash: codeHashOf(addressHash, code),
        validMinutes: NEWSLETTER_CODE_VALID_MINUTES,
        resendSeconds: NEWSLETTER_RESEND_SECONDS,
      });
      // A code went out less than a minute ago. Saying so would tell anyone who asks that this
      // address signed up just now: the answer is a fresh request's, as long as a send takes.
      if (!stored) {
        await sendTimes.waitTypical();
        return codeSent;
      }
      try {
        await sendTimes.timed(() =>
          mail.mailer.send({
            to: input.email,
            ...codeMail(
              input.language,
              code,
              NEWSLETTER_CODE_VALID_MINUTES,
              unsubscribeUrl(mail.origin, unsubscribeToken),
            ),
          }),
        );
      } catch (error) {
        // No code went out: asking again must not wait for the throttle.
        await repo.forgetCodeSent(addressHash);
        logger.warn('newsletter code mail failed', {
          error: withoutAddresses(errorMessage(error)),
        });
        throw new AppError('UNAVAILABLE', 'The code could not be sent. Please try again later.');
      }
      logger.info('newsletter code sent');
      return codeSent;
    },

    async verify(input, client) {
      if (mail === null) throw mailUnavailable();
      await limiter.hit('newsletter-verify', client, rules.verify);
      const addressHash = addressHashOf(input.email);
      // The try is counted before the code is compared, in one statement: however many
      // requests race, a code is compared at most NEWSLETTER_CODE_MAX_ATTEMPTS times.
      const attempt = await repo.countAttempt(addressHash, NEWSLETTER_CODE_MAX_ATTEMPTS);
      const expected = codeHashOf(addressHash, input.code);
      if (attempt === null || !crypto.timingSafeEqual(attempt, expected)) {
        throw wrongCode();
      }
      const activated = await repo.activate(addressHash, expected);
      // A newer code replaced this one in the meantime: only the newest counts.
      if (!activated) throw wrongCode();
      logger.info('newsletter subscription activated');
      const subscriber = unsealSubscriber(mail.key, activated);
      try {
        await mail.mailer.send({
          to: subscriber.address,
          ...welcomeMail(
            subscriber.language,
            unsubscribeUrl(mail.origin, subscriber.unsubscribeToken),
          ),
        });
      } catch (error) {
        // The subscription stands; only the greeting is lost.
        logger.warn('newsletter welcome mail failed', {
          error: withoutAddresses(errorMessage(error)),
        });
      }
      return { success: true, message: 'You are subscribed to the Ashnote newsletter.' };
    },

    async subscriberLanguage(token) {
      const found = await repo.sealedByUnsubscribeHash(sha256(token));
      if (!found) return null;
      if (mail === null) return FALLBACK_LANGUAGE;
      return unsealSubscriber(mail.key, found).language;
    },

    async unsubscribe(token) {
      const removed = await repo.deleteByUnsubscribeHash(sha256(token));
      if (!removed) return null;
      logger.info('newsletter subscription removed');
      if (mail === null) return FALLBACK_LANGUAGE;
      return unsealSubscriber(mail.key, removed).language;
    },

    async sweep() {
      const erased = await repo.deleteUnverifiedExpired();
      if (erased > 0) logger.info('unverified newsletter sign-ups erased', { count: erased });
      await repo.forgetExpiredCodes();
    },
  };
}
