import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type {
  NewsletterDraftRequest,
  NewsletterIssue,
  NewsletterIssueText,
  NewsletterPreview,
} from '../../../../shared/api/newsletter-issues.ts';
import type { LanguageCode } from '../../../../shared/languages.ts';
import { ApiError } from '../../api/client.ts';
import { apiErrorKey } from '../../api/errorKey.ts';
import type { AdminGate } from '../../app/admin/useAdminGate.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { fetchIssues, previewIssue, saveDraft, sendTest, sendToAll } from './newsletterApi.ts';

/** How often the list is fetched again while an issue is being sent. */
const PROGRESS_REFRESH_MS = 2000;

/** The session ended between the check and the call: sign in again rather than fail. */
const sessionExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The composer's calls, each behind the administrator session, each saying in a toast how it
 * went; the issue list, refreshed while one is being sent so its progress moves.
 */
export function useNewsletterIssues(gate: AdminGate) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [issues, setIssues] = useState<NewsletterIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const signedIn = gate.state === 'signedIn';

  const refresh = useCallback(async (signal?: AbortSignal) => {
    setIssues(await fetchIssues(signal));
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchIssues(controller.signal).then(setIssues, () => {});
    return () => controller.abort();
  }, [signedIn, refresh]);

  const sending = issues.some((issue) => issue.status === 'sending');
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void refresh().catch(() => {}), PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, refresh]);

  /** Runs `call` as the administrator; a refusal is told, and `undefined` returned. */
  async function attempt<T>(call: () => Promise<T>, retry: () => void): Promise<T | undefined> {
    setBusy(true);
    try {
      return await call();
    } catch (error) {
      if (sessionExpired(error)) gate.signInThen(retry);
      else
        toast({
          title: t('newsletterAdmin.toast.error'),
          description: t(apiErrorKey(error)),
          variant: 'destructive',
        });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function save(id: string | null, draft: NewsletterDraftRequest) {
    const saved = await attempt(
      () => saveDraft(id, draft),
      () => void save(id, draft),
    );
    if (saved) await refresh().catch(() => {});
    return saved;
  }

  async function showPreview(text: NewsletterIssueText, language: LanguageCode) {
    const shown = await attempt(
      () => previewIssue({ ...text, language }),
      () => void showPreview(text, language),
    );
    if (shown) setPreview(shown);
  }

  async function test(id: string, email: string, language: LanguageCode) {
    const sent = await attempt(
      () => sendTest(id, { email, language }).then(() => true),
      () => void test(id, email, language),
    );
    if (sent) toast({ title: t('newsletterAdmin.toast.testSent', { email }) });
  }

  async function sendAll(id: string) {
    const queued = await attempt(
      () => sendToAll(id),
      () => void sendAll(id),
    );
    if (queued) {
      toast({ title: t('newsletterAdmin.toast.queued') });
      await refresh().catch(() => {});
    }
  }

  return {
    issues,
    busy,
    preview,
    closePreview: () => setPreview(null),
    save,
    showPreview,
    test,
    sendAll,
  };
}
