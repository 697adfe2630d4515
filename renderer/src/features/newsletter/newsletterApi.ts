import {
  newsletterSubscribeResponseSchema,
  newsletterVerifyResponseSchema,
  type NewsletterSubscribeRequest,
  type NewsletterVerifyRequest,
} from '../../../../shared/api/newsletter.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { apiPost } from '../../api/client.ts';

/** Asks the server to mail a verification code to the address. */
export function subscribeToNewsletter(request: NewsletterSubscribeRequest) {
  return apiPost(apiPaths.newsletterSubscribe, request, newsletterSubscribeResponseSchema);
}

/** Sends the code from the mail; resolves once the subscription is active. */
export function verifyNewsletterCode(request: NewsletterVerifyRequest) {
  return apiPost(apiPaths.newsletterVerify, request, newsletterVerifyResponseSchema);
}
