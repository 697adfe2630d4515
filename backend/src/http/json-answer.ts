import type { Context } from 'koa';
import { CONTENT_TYPES } from '../../../shared/content-types.ts';

/**
 * What `ctx.type = 'application/json'` would set, taken from our own table: Koa looks the type up
 * in its MIME table on every assignment, and every API answer carries it.
 */
export const JSON_CONTENT_TYPE = CONTENT_TYPES['.json']!;

/**
 * Answers with `value` as JSON text. Given an object, Koa serializes it itself, but its body
 * setter first asks whether the object is a web `Response`, and Node creates that global on
 * first use by loading undici, its fetch client, which the server never uses otherwise (only an
 * AI article's request does): 24–30 ms measured here, paid by the first answer after every
 * start. Text skips the question.
 */
export function answerJson(ctx: Pick<Context, 'set' | 'body'>, value: unknown): void {
  ctx.set('Content-Type', JSON_CONTENT_TYPE);
  ctx.body = JSON.stringify(value);
}
