import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Actions, Page } from '../../ui/Page.tsx';
import { MutedText } from '../../ui/text.ts';
import { AdminLoginDialog } from '../../app/admin/AdminLoginDialog.tsx';
import { useAdminSession } from '../../app/admin/useAdminSession.ts';
import { AnalyticsDashboard } from './AnalyticsDashboard.tsx';

/** Administrator-only dashboard (DESIGN §5): real data behind an administrator login. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  usePageMeta({ title: t('analytics.title'), description: t('analytics.intro'), noIndex: true });
  const { state, refresh, signOut } = useAdminSession();
  const [signingIn, setSigningIn] = useState(false);
  const sessionEnded = useCallback(() => void refresh(), [refresh]);

  return (
    <Page title={t('analytics.title')} intro={t('analytics.intro')}>
      {state === 'signedIn' ? (
        <>
          <Actions>
            <Button type="button" $variant="ghost" onClick={() => void signOut()}>
              {tPage('analytics.signOut')}
            </Button>
          </Actions>
          <AnalyticsDashboard onSignedOut={sessionEnded} />
        </>
      ) : state === 'loading' ? (
        <MutedText role="status">{tPage('analytics.loading')}</MutedText>
      ) : (
        <Card>
          <MutedText role="status">
            {state === 'unavailable'
              ? t('admin.login.unavailable')
              : state === 'unknown'
                ? tPage('analytics.loadFailed')
                : tPage('analytics.signInPrompt')}
          </MutedText>
          {state === 'signedOut' ? (
            <Actions>
              <Button type="button" onClick={() => setSigningIn(true)}>
                {t('admin.login.submit')}
              </Button>
            </Actions>
          ) : null}
        </Card>
      )}
      <AdminLoginDialog
        open={signingIn}
        onClose={() => setSigningIn(false)}
        onSignedIn={() => setSigningIn(false)}
      />
    </Page>
  );
}
