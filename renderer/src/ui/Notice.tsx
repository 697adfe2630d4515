import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { routePaths } from '../app/paths.ts';
import { ButtonLink } from './Button.tsx';
import { PageSection, Row } from './layout.ts';
import { Spinner } from './Spinner.tsx';
import { fontSize, space } from './tokens.ts';

type Tone = 'warning' | 'danger' | 'muted';

interface NoticeProps {
  tone: Tone;
  title: string;
  children: ReactNode;
  busy?: boolean;
  'data-testid'?: string;
}

/** One screen of the viewer: a titled card. Each new screen announces itself (focus). */
export function Notice({
  tone,
  title,
  children,
  busy = false,
  'data-testid': testId,
}: NoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <Box data-tone={tone} aria-busy={busy} data-testid={testId}>
      <Title ref={headingRef} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

/** A screen that only waits. */
export function BusyNotice({ text }: { text: string }) {
  return (
    <Notice tone="muted" title={text} busy>
      <Spinner $size={32} />
    </Notice>
  );
}

/** The way out of a finished screen: home, or straight to writing one's own note. */
export function HomeActions({ create = false }: { create?: boolean }) {
  const { t } = useTranslation();
  return (
    <NoticeActions>
      <ButtonLink to={routePaths.home} $variant={create ? 'primary' : 'secondary'}>
        {create ? t('note.viewer.createOwn') : t('note.viewer.home')}
      </ButtonLink>
    </NoticeActions>
  );
}

export const NoticeActions = styled(Row)`
  margin-block-start: ${space[1]};
`;

const Box = styled(PageSection)`
  color: ${({ theme }) => theme.color.textMuted};

  &[data-tone='warning'] {
    border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  }
  &[data-tone='danger'] {
    border-inline-start: 4px solid ${({ theme }) => theme.color.destructiveHover};
  }
`;

const Title = styled.h2`
  font-size: ${fontSize['2xl']};
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
  text-wrap: balance;

  &:focus {
    outline: none;
  }
`;
