import crypto from 'node:crypto';
import type {
  NewsletterIssue,
  NewsletterPreview,
  NewsletterProgress,
} from '../../../shared/api/newsletter-issues.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { AppError } from '../http/app-error.ts';
import { errorMessage, withoutAddresses, type Logger } from '../logger.ts';
import { issueRenderer } from './issue-render.ts';
import { issueMail, unsubscribeUrl } from './newsletter-mail.ts';
import type {
  IssueTexts,
  NewsletterIssueRow,
  NewsletterIssuesRepository,
} from './newsletter-issues.repository.ts';
import {
  issueVersion,
  type NewsletterMailing,
  type NewsletterSender,
} from './newsletter-sender.ts';

export const issueNotFound = () => new AppError('NOT_FOUND', 'There is no such newsletter issue.');

const notADraft = () =>
  new AppError(
    'VALIDATION_FAILED',
    'This issue is being sent or was sent: it can no longer change or be sent again.',
  );

const noMail = () =>
  new AppError('UNAVAILABLE', 'This server sends no mail: configure SMTP_URL to send issues.');

/** A link that unsubscribes nobody, for mails that go to no subscriber (previews and tests). */
const linkOfNobody = (origin: string) =>
  unsubscribeUrl(origin, crypto.randomBytes(32).toString('base64url'));

const EMPTY: NewsletterProgress = { sent: 0, failed: 0, remaining: 0 };

function issueOf(row: NewsletterIssueRow, progress: NewsletterProgress = EMPTY): NewsletterIssue {
  return {
    id: row.id,
    status: row.status,
    texts: row.texts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    queuedAt: row.queuedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    progress,
  };
}

/**
 * The administrator's side of the newsletter: drafts in several languages, a preview, a test
 * mail to one address, and "send to all", which queues the issue for the sender (a background
 * job, see newsletter-sender.ts) and returns at once.
 */
export function newsletterIssuesService(deps: {
  repo: NewsletterIssuesRepository;
  /** Null when the server sends no mail: drafts and previews work, sending refuses. */
  mail: NewsletterMailing | null;
  sender: NewsletterSender | null;
  /** Where previews' unsubscribe links point when the server sends no mail. */
  origin: string;
  logger: Logger;
}) {
  const { repo, mail, sender, origin, logger } = deps;

  async function withProgress(row: NewsletterIssueRow): Promise<NewsletterIssue> {
    return issueOf(row, (await repo.progress()).get(row.id));
  }

  async function issueRow(id: string): Promise<NewsletterIssueRow> {
    const row = await repo.find(id);
    if (row === null) throw issueNotFound();
    return row;
  }

  return {
    async list(): Promise<NewsletterIssue[]> {
      // The rows first, then the progress: read side by side (on PostgreSQL, two connections
      // and two snapshots), an issue could read as sent with the progress from before its last
      // mails were recorded. Read after, the progress is never older than the status.
      const rows = await repo.list();
      const progress = await repo.progress();
      return rows.map((row) => issueOf(row, progress.get(row.id)));
    },

    async create(texts: IssueTexts): Promise<NewsletterIssue> {
      const row = await repo.insert(crypto.randomBytes(12).toString('base64url'), texts);
      logger.info('newsletter issue drafted', { issue: row.id });
      return withProgress(row);
    },

    async update(id: string, texts: IssueTexts): Promise<NewsletterIssue> {
      if (!(await repo.updateDraft(id, texts))) {
        await issueRow(id);
        throw notADraft();
      }
      return withProgress(await issueRow(id));
    },

    /** One language's text as the mail shows it (the unsubscribe link leads nowhere). */
    async preview(
      text: { subject: string; markdown: string },
      language: LanguageCode,
    ): Promise<NewsletterPreview> {
      const render = await issueRenderer();
      const built = issueMail(
        language,
        { language, subject: text.subject, rendered: render(text.markdown) },
        linkOfNobody(mail?.origin ?? origin),
      );
      return { subject: built.subject, html: built.html, text: built.text };
    },

    /** Mails the issue in `language` (or English) to one address, now; nobody else is mailed. */
    async sendTest(id: string, email: string, language: LanguageCode): Promise<void> {
      if (mail === null) throw noMail();
      const row = await issueRow(id);
      const version = await issueVersion(row.texts, language);
      try {
        await mail.mailer.send({
          to: email,
          ...issueMail(language, version, linkOfNobody(mail.origin)),
        });
      } catch (error) {
        logger.warn('newsletter test mail failed', {
          issue: id,
          error: withoutAddresses(errorMessage(error)),
        });
        throw new AppError(
          'UNAVAILABLE',
          'The test mail could not be sent. Please try again later.',
        );
      }
      logger.info('newsletter test mail sent', { issue: id });
    },

    /** Queues the draft for every verified subscriber; the sender mails them in the background. */
    async send(id: string): Promise<NewsletterIssue> {
      if (mail === null || sender === null) throw noMail();
      if (!(await repo.queue(id))) {
        await issueRow(id);
        throw notADraft();
      }
      logger.info('newsletter issue queued', { issue: id });
      sender.kick();
      return withProgress(await issueRow(id));
    },
  };
}

export type NewsletterIssuesService = ReturnType<typeof newsletterIssuesService>;
