import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';
import { RequestForm, RequestLinks } from './RequestForm.tsx';
import type { CreatedRequest } from './requestsApi.ts';

/** `/request`: a label and an expiry, then the two links, each saying what it is for. */
export function RequestCreatePage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('request.create.title'),
    description: t('request.create.intro'),
    keywords: t('request.create.keywords'),
    canonical: routePaths.requestCreate,
  });
  const [created, setCreated] = useState<CreatedRequest | null>(null);

  return (
    <Page title={t('request.create.title')} intro={t('request.create.intro')}>
      {created === null ? (
        <RequestForm onCreated={setCreated} raised />
      ) : (
        <RequestLinks created={created} onAnother={() => setCreated(null)} raised />
      )}
    </Page>
  );
}
