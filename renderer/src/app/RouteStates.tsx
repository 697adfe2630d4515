import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { usePageMeta } from '../meta/usePageMeta.ts';
import { Button } from '../ui/Button.tsx';
import { Actions, Page } from '../ui/Page.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';

/** Shown while the first route's code loads. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <Loading role="status">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Loading>
  );
}

/**
 * A render or loading failure (for instance a page chunk that vanished after a deploy). Shows a
 * generic message; the details stay in the console for whoever debugs it.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorView />;
}

function ErrorView() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('common.error.title'),
    description: t('common.error.body'),
    noIndex: true,
  });
  return (
    <Page title={t('common.error.title')} intro={t('common.error.body')}>
      <Actions>
        <Button onClick={() => window.location.reload()}>{t('common.error.reload')}</Button>
      </Actions>
    </Page>
  );
}

const Loading = styled.div`
  flex: 1;
  min-block-size: 40vh;
`;
