import { Suspense } from 'react';
import { lazyWithControls } from '../ui/ControlsOnceStarted.tsx';

/** Where the newsletter sign-up appears (spec §2: home card, FAQ block, blog list and article). */
export type NewsletterPlacement = 'home' | 'faq' | 'blog' | 'article';

/** The card (with its form, API schemas and error catalogue) loads after the page around it. */
const NewsletterCard = lazyWithControls(
  'NewsletterCard',
  async () => (await import('../features/newsletter/NewsletterCard.tsx')).NewsletterCard,
);

/** The newsletter sign-up, where a page puts it. */
export function NewsletterSlot({ placement }: { placement: NewsletterPlacement }) {
  return (
    <Suspense fallback={null}>
      <NewsletterCard placement={placement} />
    </Suspense>
  );
}
