import type { Context } from 'koa';

/**
 * Answers with `value` as JSON text. Given an object, Koa serializes it itself, but its body
 * setter first asks whether the object is a web `Response`, and Node creates that global on
 * first use by loading undici, its fetch client, which the server never uses otherwise (only an
 * AI article's request does): 24–30 ms measured here, paid by the first answer after every
 * start. Text skips the question.
 */
export function answerJson(ctx: Pick<Context, 'type' | 'body'>, value: unknown): void {
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(value);
}
