import { useCallback, useEffect, useState } from 'react';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { usePageData } from '../../prerender/pageData.tsx';
import { fetchPosts } from './blogApi.ts';

export type BlogPostsState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; posts: BlogPostSummary[] };

/**
 * The published posts, with what admin actions change applied in place (no refetch). A page the
 * server rendered came with them: fetched again only on a retry.
 */
export function useBlogPosts() {
  const [fromPage] = useState(usePageData()?.blogPosts);
  const [state, setState] = useState<BlogPostsState>(
    fromPage === undefined ? { status: 'loading' } : { status: 'ready', posts: fromPage },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && fromPage !== undefined) return;
    const controller = new AbortController();
    fetchPosts(controller.signal).then(
      (posts) => setState({ status: 'ready', posts }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt, fromPage]);

  const update = useCallback(
    (change: (posts: BlogPostSummary[]) => BlogPostSummary[]) =>
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', posts: change(current.posts) } : current,
      ),
    [],
  );

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
    added: (post: BlogPostSummary) => update((posts) => [post, ...posts]),
    removed: (id: string) => update((posts) => posts.filter((post) => post.id !== id)),
  };
}
