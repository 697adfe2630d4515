/** Where the newsletter sign-up appears (spec §2: home card, FAQ block, blog). */
export type NewsletterPlacement = 'home' | 'faq' | 'blog' | 'article';

/**
 * The place reserved for the newsletter sign-up on the home page and the FAQ. Renders nothing
 * until the newsletter issue builds the sign-up (double opt-in against the real API) and
 * replaces this body; the pages already put it where it belongs, so that issue touches only
 * this folder.
 */
export function NewsletterSlot(_props: { placement: NewsletterPlacement }) {
  return null;
}
