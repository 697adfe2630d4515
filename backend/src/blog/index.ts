/**
 * The blog: published articles for everyone; deleting and AI-writing them for the administrator.
 *
 * - blog.routes.ts: HTTP (ids, status codes, the administrator's guard).
 * - blog-pages.ts: what the server renders the blog's pages from.
 * - blog.service.ts: the rules (what readers see, ids and labels of AI-written articles).
 * - blog.repository.ts: the SQL (blog_post).
 * - blog.entities.ts: the table.
 * - Helpers beside them: ai-article.ts (asks the configured model), blog-html.ts (sanitizing and
 *   reading time), seed-articles.ts (the first articles, written by a migration).
 */
import type { Middleware } from 'koa';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PageDataSource } from '../http/rendered-pages.ts';
import type { Router } from '../http/router.ts';
import type { Logger } from '../logger.ts';
import { blogPageData } from './blog-pages.ts';
import { blogRepository } from './blog.repository.ts';
import { blogRoutes } from './blog.routes.ts';
import { blogService } from './blog.service.ts';

export interface BlogOptions {
  /** How long the AI endpoint may take to write an article (default 90 s). */
  aiTimeoutMs?: number;
}

export function blogFeature(deps: {
  config: AppConfig;
  database: Database;
  logger: Logger;
  requireAdmin: Middleware;
  options?: BlogOptions;
}): { router: Router; pageData: PageDataSource } {
  const { config, database, logger, requireAdmin, options = {} } = deps;
  const service = blogService({
    repo: blogRepository(database),
    ai: config.ai,
    logger,
    aiTimeoutMs: options.aiTimeoutMs ?? 90_000,
  });
  return { router: blogRoutes(service, requireAdmin), pageData: blogPageData(service) };
}
