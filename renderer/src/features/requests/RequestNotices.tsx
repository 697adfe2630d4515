import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { isCryptoError } from '../../../../shared/crypto/errors.ts';
import { ApiError } from '../../api/client.ts';
import { apiErrorKey } from '../../api/errorKey.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { InsecureConnectionWarning } from '../../ui/InsecureConnectionWarning.tsx';
import { Stack } from '../../ui/layout.ts';
import { HomeActions, Notice } from '../../ui/Notice.tsx';
import { Page } from '../../ui/Page.tsx';
import { fontSize, radius, space } from '../../ui/tokens.ts';

/** The screens both link pages share, for what went wrong before the flow could start. */
export type LinkProblem = 'invalid' | 'wrongKey' | 'notFound';

/** What a failure means to the person holding the link, or the catalogue's message key. */
export function linkProblemOf(error: unknown): LinkProblem | ReturnType<typeof apiErrorKey> {
  if (isCryptoError(error, 'MALFORMED')) return 'invalid';
  if (isCryptoError(error, 'DECRYPT_FAILED') || isCryptoError(error, 'INVALID_PUBLIC_KEY')) {
    return 'wrongKey';
  }
  if (error instanceof ApiError && error.code === 'FORBIDDEN') return 'wrongKey';
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return 'notFound';
  return apiErrorKey(error);
}

export function LinkProblemNotice({ problem }: { problem: LinkProblem }) {
  const { t } = useTranslation();
  return (
    <Notice
      tone="danger"
      title={t(`request.problem.${problem}Title`)}
      data-testid={`request-${problem}`}
    >
      <p>{t(`request.problem.${problem}`)}</p>
      <HomeActions />
    </Notice>
  );
}

/** A link page: no indexing, the connection warning, one screen. */
export function RequestPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageMeta({ title, description: t('request.create.intro'), noIndex: true });
  return (
    <Page title={title}>
      <Stack $gap={5}>
        <InsecureConnectionWarning />
        {children}
      </Stack>
    </Page>
  );
}

/** The requester's label, as they typed it: shown as text, never as markup. */
export function RequestLabel({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <LabelBox data-testid="request-label">
      <LabelCaption>{t('request.label.asked')}</LabelCaption>
      <LabelText>{label === '' ? t('request.label.none') : label}</LabelText>
    </LabelBox>
  );
}

const LabelBox = styled.div`
  padding: ${space[3]} ${space[4]};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
`;

const LabelCaption = styled.p`
  font-size: ${fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const LabelText = styled.p`
  font-size: ${fontSize.lg};
  font-weight: 650;
  overflow-wrap: anywhere;
`;
