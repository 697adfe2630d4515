import { z } from 'zod';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from '../languages.ts';

/** Longest subject an issue may have in one language (mail clients cut far earlier). */
export const NEWSLETTER_SUBJECT_MAX = 200;
/** Longest Markdown body an issue may have in one language. */
export const NEWSLETTER_BODY_MAX = 50_000;

/** An issue's id: random, base64url. */
export const newsletterIssueIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/);

const language = z.enum(LANGUAGE_CODES);

/** One language's version of an issue: a subject and a Markdown body. */
export const newsletterIssueTextSchema = z.object({
  subject: z.string().trim().min(1, 'Please enter a subject.').max(NEWSLETTER_SUBJECT_MAX),
  markdown: z.string().trim().min(1, 'Please write the issue.').max(NEWSLETTER_BODY_MAX),
});
export type NewsletterIssueText = z.infer<typeof newsletterIssueTextSchema>;

/**
 * `POST /api/admin/newsletter/issues` (a new draft) and `POST …/issues/:id` (the draft changed):
 * the issue in one or more languages, English among them (the fallback for every other language).
 */
export const newsletterDraftRequestSchema = z.object({
  texts: z
    .partialRecord(language, newsletterIssueTextSchema)
    .refine((texts) => texts[FALLBACK_LANGUAGE] !== undefined, {
      message: 'Write the issue in English first: subscribers of other languages fall back to it.',
      path: [FALLBACK_LANGUAGE],
    }),
});
export type NewsletterDraftRequest = z.input<typeof newsletterDraftRequestSchema>;

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** How far sending has come: mails accepted, mails refused, subscribers still to mail. */
export const newsletterProgressSchema = z.object({
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  remaining: z.number().int().min(0),
});
export type NewsletterProgress = z.infer<typeof newsletterProgressSchema>;

export const newsletterIssueSchema = z.object({
  id: newsletterIssueIdSchema,
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  texts: z.partialRecord(language, newsletterIssueTextSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** When "send to all" was pressed; null for a draft. */
  queuedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the last subscriber was mailed; null until then. */
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  progress: newsletterProgressSchema,
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

/** `GET /api/admin/newsletter/issues`: every issue, newest first, with its progress. */
export const newsletterIssueListSchema = z.object({ issues: z.array(newsletterIssueSchema) });
export type NewsletterIssueList = z.infer<typeof newsletterIssueListSchema>;

/** `POST /api/admin/newsletter/preview`: one language's text as the mail will show it. */
export const newsletterPreviewRequestSchema = newsletterIssueTextSchema.extend({
  language: language.default(FALLBACK_LANGUAGE),
});
export type NewsletterPreviewRequest = z.input<typeof newsletterPreviewRequestSchema>;

/** The mail's two parts: sanitized HTML and plain text, each with the unsubscribe link. */
export const newsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

/** `POST /api/admin/newsletter/issues/:id/test`: the issue, in one language, to one address. */
export const newsletterTestSendRequestSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
  language: language.default(FALLBACK_LANGUAGE),
});
export type NewsletterTestSendRequest = z.input<typeof newsletterTestSendRequestSchema>;

export const newsletterTestSendResponseSchema = z.object({ success: z.literal(true) });
