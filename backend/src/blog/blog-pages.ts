import { blogPostIdSchema } from '../../../shared/api/blog.ts';
import type { PageData } from '../../../shared/page-data.ts';
import { AppError } from '../http/app-error.ts';
import type { PageDataSource } from '../http/rendered-pages.ts';
import type { BlogService } from './blog.service.ts';

/**
 * The blog's pages (shared/web-app-routes.ts SERVER_RENDERED_ROUTES), rendered by the server
 * (http/rendered-pages.ts) from what the API would answer: `/blog` from the published list,
 * `/blog/:id` from its article. An id that names no
 * published article has no page to render; the app then says it is not there.
 */
export function blogPageData(service: BlogService): PageDataSource {
  return async (path) => {
    const [first, id, ...rest] = path.split('/').filter((segment) => segment !== '');
    if (first !== 'blog' || rest.length > 0) return null;
    if (id === undefined) return { path, blogPosts: await service.list() } satisfies PageData;
    if (!blogPostIdSchema.safeParse(id).success) return null;
    try {
      return { path, blogPost: await service.find(id) } satisfies PageData;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  };
}
