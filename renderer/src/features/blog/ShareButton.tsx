import { useTranslation } from '../../i18n/useTranslation.ts';
import { platform, shareLink } from '../../platform/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckIcon, ShareIcon } from '../../ui/icons.tsx';
import { useCopyFeedback } from '../../ui/useCopyFeedback.ts';

/** Share: the device's share sheet where there is one, otherwise the link is copied. */
export function ShareButton({ title, route }: { title: string; route: string }) {
  const { t } = useTranslation('pages');
  const { t: tApp } = useTranslation();
  const { copied, copy } = useCopyFeedback();
  // Made when asked for: the page's origin is the browser's (the server renders this page too).
  const url = () => shareLink(route);

  const copyLink = () =>
    copy(url(), {
      done: { title: t('blog.article.linkCopied'), description: t('blog.article.linkCopiedBody') },
      failed: {
        title: tApp('home.toast.copyFailed'),
        description: tApp('home.toast.copyFailedDescription'),
      },
    });

  async function share() {
    if (!platform.share) return copyLink();
    try {
      await platform.share({ title, url: url() });
    } catch (error) {
      // The reader closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copyLink();
    }
  }

  return (
    <Button $variant="secondary" onClick={() => void share()}>
      {copied ? <CheckIcon /> : <ShareIcon />}
      {t('blog.article.share')}
    </Button>
  );
}
