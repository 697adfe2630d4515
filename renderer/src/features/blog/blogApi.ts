import {
  blogPostListSchema,
  blogPostSchema,
  generatedArticleSchema,
} from '../../../../shared/api/blog.ts';
import type { BlogPost, BlogPostSummary } from '../../../../shared/api/blog.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { apiDelete, apiGet, apiPost } from '../../api/client.ts';

export async function fetchPosts(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  return (await apiGet(apiPaths.blogPosts, blogPostListSchema, { signal })).posts;
}

export function fetchPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiGet(apiPaths.blogPost(id), blogPostSchema, { signal });
}

/** Administrator only. */
export function deletePost(id: string): Promise<void> {
  return apiDelete(apiPaths.blogPost(id));
}

/** Administrator only: the endpoint writes, the server checks and publishes. */
export async function generateArticle(): Promise<BlogPost> {
  return (await apiPost(apiPaths.adminGenerateArticle, undefined, generatedArticleSchema)).post;
}
