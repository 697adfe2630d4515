import type {
  NewsletterSubscribeRequest,
  NewsletterVerifyRequest,
} from '../../../../shared/api/newsletter.ts';
import type { NewsletterErrorKey } from './newsletterErrors.ts';

export type NewsletterSendResult = { ok: true } | { ok: false; errorKey: NewsletterErrorKey };

/**
 * The card's two sends, each saying in the error catalogue's terms why it failed. The API
 * schemas (and zod with them) load on the first send, not with the pages that show the card;
 * the error catalogue only when a send fails.
 */
export function subscribe(request: NewsletterSubscribeRequest): Promise<NewsletterSendResult> {
  return send(async () => (await import('./newsletterApi.ts')).subscribeToNewsletter(request));
}

export function verifyCode(request: NewsletterVerifyRequest): Promise<NewsletterSendResult> {
  return send(async () => (await import('./newsletterApi.ts')).verifyNewsletterCode(request));
}

/** Starts loading what a send needs while the visitor types; the send asks again if it failed. */
export function prefetchSend(): void {
  void import('./newsletterApi.ts').catch(() => undefined);
}

async function send(call: () => Promise<unknown>): Promise<NewsletterSendResult> {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    const { newsletterErrorKey } = await import('./newsletterErrors.ts');
    return { ok: false, errorKey: newsletterErrorKey(error) };
  }
}
