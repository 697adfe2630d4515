import { z } from 'zod';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from '../languages.ts';
import { NEWSLETTER_CODE_LENGTH } from '../limits.ts';

const email = z.string().trim().max(254).pipe(z.email('Please enter a valid email address.'));

/** `POST /api/newsletter/subscribe`: mails a code to the address (double opt-in). */
export const newsletterSubscribeRequestSchema = z.object({
  email,
  /** The language the mails are written in: the subscriber's interface language. */
  language: z.enum(LANGUAGE_CODES).default(FALLBACK_LANGUAGE),
});
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeRequestSchema>;

/** The same answer whether the address was new, pending or already subscribed. */
export const newsletterSubscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  requiresVerification: z.literal(true),
});
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponseSchema>;

export const newsletterCodeSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{${NEWSLETTER_CODE_LENGTH}}$`),
    `The code has ${NEWSLETTER_CODE_LENGTH} digits.`,
  );

/** `POST /api/newsletter/verify`: the code from the mail activates the subscription. */
export const newsletterVerifyRequestSchema = z.object({ email, code: newsletterCodeSchema });
export type NewsletterVerifyRequest = z.input<typeof newsletterVerifyRequestSchema>;

export const newsletterVerifyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type NewsletterVerifyResponse = z.infer<typeof newsletterVerifyResponseSchema>;

/**
 * `GET` and `POST /api/newsletter/unsubscribe?token=`: the link in every newsletter mail, whose
 * token is 32 random bytes in base64url.
 */
export const newsletterUnsubscribeQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
