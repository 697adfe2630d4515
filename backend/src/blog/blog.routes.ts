import type { Middleware } from 'koa';
import {
  blogPostIdSchema,
  type BlogPostList,
  type GeneratedArticle,
} from '../../../shared/api/blog.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import { answerJson } from '../http/json-answer.ts';
import { Router } from '../http/router.ts';
import { articleNotFound, type BlogService } from './blog.service.ts';

/**
 * Published articles for everyone; deleting and AI-writing them for the administrator only
 * (`requireAdmin` answers 401 without a session, 503 when no administrator is configured).
 */
export function blogRoutes(service: BlogService, requireAdmin: Middleware): Router {
  const router = new Router();
  // An unknown id is simply not there, whatever its shape.
  const postId = (raw: string | undefined) => {
    const parsed = blogPostIdSchema.safeParse(raw);
    if (!parsed.success) throw articleNotFound();
    return parsed.data;
  };

  const list: Middleware = async (ctx) => {
    answerJson(ctx, { posts: await service.list() } satisfies BlogPostList);
  };
  // The seed's two list paths; /posts is registered before /:id so it is never taken for an id.
  router.get(apiRoutes.blog, list);
  router.get(apiRoutes.blogPosts, list);

  router.get(apiRoutes.blogPost, async (ctx) => {
    answerJson(ctx, await service.find(postId(ctx.params.id)));
  });

  router.delete(apiRoutes.blogPost, requireAdmin, async (ctx) => {
    await service.delete(postId(ctx.params.id));
    ctx.status = 204;
  });

  router.post(apiRoutes.adminGenerateArticle, requireAdmin, async (ctx) => {
    const post = await service.generate();
    ctx.status = 201;
    answerJson(ctx, { post } satisfies GeneratedArticle);
  });

  return router;
}
