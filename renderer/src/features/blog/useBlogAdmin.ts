import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { errorDetails } from '../../../../shared/error-details.ts';
import { ApiError } from '../../api/client.ts';
import { useToast } from '../../ui/toast/index.ts';
import type { AdminGate } from '../../app/admin/useAdminGate.tsx';
import { deletePost, generateArticle } from './blogApi.ts';

/** The session ended between the check and the call: sign in again rather than fail. */
const sessionExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Why the server published no AI article, when it said (see AI_ARTICLE_FAILURES). */
const aiFailure = (error: unknown) =>
  error instanceof ApiError ? errorDetails(error.body, 'UNAVAILABLE') : undefined;

/**
 * Delete and Generate AI Article, each behind the administrator session, each saying how it
 * went in the spec's toasts.
 */
export function useBlogAdmin(
  gate: AdminGate,
  posts: { added: (post: BlogPostSummary) => void; removed: (id: string) => void },
) {
  const { t } = useTranslation('pages');
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);

  async function remove(id: string) {
    setDeleting(id);
    try {
      await deletePost(id);
      posts.removed(id);
      toast({ title: t('blog.toast.success'), description: t('blog.toast.deleted') });
    } catch (error) {
      if (sessionExpired(error)) gate.signInThen(() => void remove(id));
      else
        toast({
          title: t('blog.toast.error'),
          description: t('blog.toast.deleteFailed'),
          variant: 'destructive',
        });
    } finally {
      setDeleting(null);
    }
  }

  async function generate() {
    setGenerating(true);
    try {
      posts.added(await generateArticle());
      toast({ title: t('blog.toast.success'), description: t('blog.toast.published') });
    } catch (error) {
      if (sessionExpired(error)) gate.signInThen(() => void generate());
      else {
        const failure = aiFailure(error);
        toast({
          title: t('blog.toast.error'),
          description:
            failure?.aiArticle === undefined
              ? t('blog.toast.publishFailed')
              : t(`blog.toast.aiFailed.${failure.aiArticle}`, { minChars: failure.minChars }),
          variant: 'destructive',
        });
      }
    } finally {
      setGenerating(false);
    }
  }

  return {
    deleting,
    generating,
    remove: (id: string) => gate.run(() => void remove(id)),
    generate: () => gate.run(() => void generate()),
  };
}
