import { Component } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import styled, { keyframes } from 'styled-components';
import { usePageMeta } from '../meta/usePageMeta.ts';
import { Button } from '../ui/Button.tsx';
import { Actions, Page } from '../ui/Page.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { layer } from '../ui/tokens.ts';

/** Shown while a page's code (or its texts) loads: a progress bar at the top, announced. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <Loading role="status">
      <ProgressBar aria-hidden="true" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Loading>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
}

/**
 * A render or loading failure inside a page (for instance a page chunk that vanished after a
 * deploy) shows a generic message and keeps the navigation around it; the details stay in the
 * console for whoever debugs it. The layout keys it by path, so navigating away recovers.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorView /> : this.props.children;
  }
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

const progress = keyframes`
  from { transform: scaleX(0.05); }
  to { transform: scaleX(0.85); }
`;

const ProgressBar = styled.div`
  position: fixed;
  inset-block-start: 0;
  inset-inline: 0;
  z-index: ${layer.loading};
  block-size: 2px;
  background: ${({ theme }) => theme.color.primary};
  transform-origin: left;
  pointer-events: none;
  animation: ${progress} 2s ease-out forwards;

  &:dir(rtl) {
    transform-origin: right;
  }
`;
