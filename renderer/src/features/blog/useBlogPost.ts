import { useEffect, useState } from 'react';
import type { BlogPost } from '../../../../shared/api/blog.ts';
import { ApiError } from '../../api/client.ts';
import { usePageData } from '../../prerender/pageData.tsx';
import { fetchPost } from './blogApi.ts';

export type BlogPostState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; post: BlogPost };

/**
 * One published post; an unknown or deleted id is `notFound`, not an error. A page the server
 * rendered came with it.
 */
export function useBlogPost(id: string): BlogPostState {
  const fromPage = usePageData()?.blogPost;
  const [state, setState] = useState<BlogPostState & { id?: string }>(
    fromPage?.id === id ? { status: 'ready', post: fromPage, id } : { status: 'loading' },
  );

  useEffect(() => {
    if (fromPage?.id === id) return;
    const controller = new AbortController();
    fetchPost(id, controller.signal).then(
      (post) => setState({ status: 'ready', post, id }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(
          error instanceof ApiError && error.status === 404
            ? { status: 'notFound', id }
            : { status: 'failed', error, id },
        );
      },
    );
    return () => controller.abort();
  }, [id, fromPage]);

  // Moving to another article shows loading, not the previous one, until it arrives.
  return state.id === id ? state : { status: 'loading' };
}
