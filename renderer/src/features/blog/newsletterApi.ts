import {
  newsletterIssueListSchema,
  newsletterIssueSchema,
  newsletterPreviewSchema,
  newsletterTestSendResponseSchema,
} from '../../../../shared/api/newsletter-issues.ts';
import type {
  NewsletterDraftRequest,
  NewsletterIssue,
  NewsletterPreview,
  NewsletterPreviewRequest,
  NewsletterTestSendRequest,
} from '../../../../shared/api/newsletter-issues.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { apiGet, apiPost } from '../../api/client.ts';

/** The administrator's newsletter calls (every one needs the session). */
export async function fetchIssues(signal?: AbortSignal): Promise<NewsletterIssue[]> {
  return (await apiGet(apiPaths.newsletterIssues, newsletterIssueListSchema, { signal })).issues;
}

/** A new draft, or the draft `id` changed. */
export function saveDraft(
  id: string | null,
  draft: NewsletterDraftRequest,
): Promise<NewsletterIssue> {
  return apiPost(
    id === null ? apiPaths.newsletterIssues : apiPaths.newsletterIssue(id),
    draft,
    newsletterIssueSchema,
  );
}

export function previewIssue(request: NewsletterPreviewRequest): Promise<NewsletterPreview> {
  return apiPost(apiPaths.newsletterPreview, request, newsletterPreviewSchema);
}

export async function sendTest(id: string, request: NewsletterTestSendRequest): Promise<void> {
  await apiPost(apiPaths.newsletterIssueTest(id), request, newsletterTestSendResponseSchema);
}

export function sendToAll(id: string): Promise<NewsletterIssue> {
  return apiPost(apiPaths.newsletterIssueSend(id), undefined, newsletterIssueSchema);
}
