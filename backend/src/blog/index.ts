import { Router } from '../http/router.ts';
import type { Middleware } from 'koa';
import { blogPostIdSchema } from '../../../shared/api/blog.ts';
import type { BlogPostList, GeneratedArticle } from '../../../shared/api/blog.ts';
import { apiRoutes } from '../../../shared/api/paths.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { Logger } from '../logger.ts';
import { generateArticle } from './ai-article.ts';
import { blogRepository } from './blog.repository.ts';
import { answerJson } from '../http/json-answer.ts';

export interface BlogOptions {
  /** How long the AI endpoint may take to write an article (default 90 s). */
  aiTimeoutMs?: number;
}

/** The label on articles the AI endpoint wrote: readers are told, not left to guess. */
export const AI_AUTHOR = 'Ashnote (AI-generated)';

const notFound = () =>
  new AppError('NOT_FOUND', "The article you're looking for doesn't exist or has been removed.");

/**
 * The blog: published articles for everyone; deleting and AI-writing them for the administrator
 * only (`requireAdmin` answers 401 without a session, 503 when no administrator is configured).
 */
export function blogFeature(deps: {
  config: AppConfig;
  database: Database;
  logger: Logger;
  requireAdmin: Middleware;
  options?: BlogOptions;
}): Router {
  const { config, database, logger, requireAdmin, options = {} } = deps;
  const repo = blogRepository(database);
  const router = new Router();
  // An unknown id is simply not there, whatever its shape.
  const postId = (raw: string | undefined) => {
    const parsed = blogPostIdSchema.safeParse(raw);
    if (!parsed.success) throw notFound();
    return parsed.data;
  };

  const list: Middleware = async (ctx) => {
    answerJson(ctx, { posts: await repo.listPublished() } satisfies BlogPostList);
  };
  // The seed's two list paths; /posts is registered before /:id so it is never taken for an id.
  router.get(apiRoutes.blog, list);
  router.get(apiRoutes.blogPosts, list);

  router.get(apiRoutes.blogPost, async (ctx) => {
    const post = await repo.findPublished(postId(ctx.params.id));
    if (post === null) throw notFound();
    answerJson(ctx, post);
  });

  router.delete(apiRoutes.blogPost, requireAdmin, async (ctx) => {
    if (!(await repo.delete(postId(ctx.params.id)))) throw notFound();
    ctx.status = 204;
  });

  router.post(apiRoutes.adminGenerateArticle, requireAdmin, async (ctx) => {
    if (config.ai === null) {
      throw new AppError('UNAVAILABLE', 'AI articles are not configured on this server.');
    }
    const article = await generateArticle(config.ai, logger, options.aiTimeoutMs ?? 90_000);
    const post = await repo.create({ ...article, author: AI_AUTHOR });
    logger.info('ai article published', { id: post.id });
    ctx.status = 201;
    answerJson(ctx, { post } satisfies GeneratedArticle);
  });

  return router;
}
