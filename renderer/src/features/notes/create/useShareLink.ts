import { useTranslation } from '../../../i18n/useTranslation.ts';
import { platform } from '../../../platform/index.ts';
import type { ToastOptions } from '../../../ui/toast/index.ts';
import { useCopyFeedback } from '../../../ui/useCopyFeedback.ts';
import { trackEvent } from '../../../api/track.ts';

/**
 * Copy and Share for a note's one-time link. Share opens the device's share sheet where there
 * is one and copies otherwise; `copiedToast` is what each screen says after a copy.
 */
export function useShareLink(link: string, copiedToast: ToastOptions) {
  const { t } = useTranslation();
  const { copied, copy: copyText } = useCopyFeedback();

  function copy() {
    trackEvent('note_link_copied');
    return copyText(link, {
      done: copiedToast,
      failed: {
        title: t('home.toast.copyFailed'),
        description: t('home.toast.copyFailedDescription'),
      },
    });
  }

  async function share() {
    if (!platform.share) {
      await copy();
      return;
    }
    try {
      await platform.share({ title: t('home.share.shareTitle'), url: link });
    } catch (error) {
      // The person closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  }

  return { copied, copy, share };
}

/** When an unread note is destroyed, in the interface language. */
export function formatExpiry(language: string, expiresAt: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(expiresAt),
  );
}
