import { useEffect, useState } from 'react';
import type { BlogPost } from '../../../../shared/api/blog.ts';
import { ApiError } from '../../api/client.ts';
import { fetchPost } from './blogApi.ts';

export type BlogPostState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; post: BlogPost };

/** One published post; an unknown or deleted id is `notFound`, not an error. */
export function useBlogPost(id: string): BlogPostState {
  const [state, setState] = useState<BlogPostState & { id?: string }>({ status: 'loading' });

  useEffect(() => {
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
  }, [id]);

  // Moving to another article shows loading, not the previous one, until it arrives.
  return state.id === id ? state : { status: 'loading' };
}
