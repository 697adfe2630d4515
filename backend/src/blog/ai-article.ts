import { z } from 'zod';
import { AI_ARTICLE_MIN_CHARS, type AiArticleFailure } from '../../../shared/api/blog.ts';
import type { AiConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { errorMessage, type Logger } from '../logger.ts';
import { blogHtml } from './blog-html.ts';

/** What the model must answer with; anything else is refused, not repaired. */
const articleReplySchema = z.object({
  title: z.string().trim().min(5).max(160),
  excerpt: z.string().trim().min(20).max(400),
  category: z.string().trim().min(2).max(40),
  tags: z.array(z.string().trim().min(1).max(80)).min(1).max(8),
  html: z.string().min(200).max(60_000),
});

/** The part of an OpenAI-compatible `/chat/completions` answer that is read. */
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

export interface GeneratedArticle {
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  /** Sanitized. */
  html: string;
}

const SYSTEM_PROMPT = [
  'You write articles for the blog of Ashnote, a free service for end-to-end-encrypted,',
  'self-destructing notes and short-lived two-person encrypted chat rooms, with no accounts.',
  'Write one accurate, practical article (400 to 700 words) in English about sharing secrets',
  'safely online. Make no claims about Ashnote beyond the description above.',
  'Answer with a single JSON object and nothing else, with the keys:',
  '"title" (string), "excerpt" (one or two sentences), "category" (one or two words),',
  '"tags" (2 to 5 short strings), "html" (the body as HTML using only <h2>, <p>, <ul>, <ol>,',
  '<li>, <strong>, <em> and <a href="https://…">; no <h1>, no title, no scripts or styles).',
].join(' ');

/** Nothing published, and why, for the administrator's screen (the log has the particulars). */
function unavailable(aiArticle: AiArticleFailure): AppError {
  return new AppError('UNAVAILABLE', 'The AI service did not return a usable article.', {
    details:
      aiArticle === 'too_short' ? { aiArticle, minChars: AI_ARTICLE_MIN_CHARS } : { aiArticle },
  });
}

/** Models sometimes wrap JSON in a Markdown code fence despite being asked not to. */
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return fenced?.[1] ?? text;
}

/**
 * Asks the configured OpenAI-compatible endpoint for an article and returns it validated and
 * sanitized. The API key goes only into the Authorization header: it must never be logged.
 */
export async function generateArticle(
  ai: AiConfig,
  logger: Logger,
  timeoutMs: number,
): Promise<GeneratedArticle> {
  let response: Response;
  try {
    response = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(ai.apiKey === null ? {} : { Authorization: `Bearer ${ai.apiKey}` }),
      },
      body: JSON.stringify({
        model: ai.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: 'Write a new article on a topic of your choice.' },
        ],
        response_format: { type: 'json_object' },
        temperature: 0.7,
      }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    logger.warn('ai article request failed', { error: errorMessage(error) });
    throw unavailable('unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    logger.warn('ai article request refused', { status: response.status });
    throw unavailable('refused');
  }

  let reply: z.infer<typeof articleReplySchema>;
  try {
    const completion = completionSchema.parse(await response.json());
    const content = completion.choices[0]?.message.content ?? '';
    reply = articleReplySchema.parse(JSON.parse(withoutCodeFence(content)));
  } catch (error) {
    logger.warn('ai article reply unusable', { error: errorMessage(error).slice(0, 200) });
    throw unavailable('unusable_reply');
  }

  const { articleText, sanitizeArticleHtml } = await blogHtml();
  const html = sanitizeArticleHtml(reply.html);
  if (articleText(html).length < AI_ARTICLE_MIN_CHARS) {
    logger.warn('ai article too short after sanitizing', { chars: articleText(html).length });
    throw unavailable('too_short');
  }
  // The other fields are plain text: any markup in them is removed, not shown as text.
  const tags = [
    ...new Set(reply.tags.map(articleText).filter((tag) => tag !== '' && tag.length <= 30)),
  ];
  const title = articleText(reply.title);
  const category = articleText(reply.category);
  if (title === '' || category === '' || tags.length === 0) throw unavailable('unusable_reply');
  return { title, excerpt: articleText(reply.excerpt), category, tags, html };
}
