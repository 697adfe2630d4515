import { Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { missingCase } from '../../../../shared/errors.ts';
import { routePaths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Stack } from '../../ui/layout.ts';
import { BusyNotice, HomeActions, Notice, NoticeActions } from '../../ui/Notice.tsx';
import { useCopyFeedback } from '../../ui/useCopyFeedback.ts';
import { useFragmentKey } from '../../ui/useFragmentKey.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';
import { LazyNoteFiles } from '../../files/lazyNoteFiles.ts';
import type { OpenedFiles } from '../../files/fileCalls.ts';
import { LinkProblemNotice, RequestLabel, RequestPage } from './RequestNotices.tsx';
import { useRequestClaim } from './useRequestClaim.ts';
import type { ClaimState } from './useRequestClaim.ts';

/**
 * `/r/:id/open#privateKey`, the claim link: the label, the answer's state, and, only when the
 * requester confirms, the read that destroys the answer. A wrong key burns nothing.
 */
export function RequestClaimPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const privateKey = useFragmentKey(id);
  return (
    <RequestPage title={t('request.claim.title')}>
      {/* Keyed by link so following another claim link starts over. */}
      <ClaimScreens key={`${id}#${privateKey}`} requestId={id} privateKey={privateKey} />
    </RequestPage>
  );
}

function ClaimScreens({ requestId, privateKey }: { requestId: string; privateKey: string }) {
  const { t } = useTranslation();
  const { state, read, checkAgain } = useRequestClaim(requestId, privateKey);
  switch (state.kind) {
    case 'loading':
      return <BusyNotice text={t('request.claim.loading')} />;
    case 'opening':
      return <BusyNotice text={t('request.claim.opening')} />;
    case 'problem':
      return <LinkProblemNotice problem={state.problem} />;
    case 'error':
      return (
        <Notice tone="danger" title={t('request.claim.failed')}>
          <p>{t(state.message)}</p>
          <NoticeActions>
            <Button onClick={checkAgain}>{t('request.claim.checkAgain')}</Button>
          </NoticeActions>
        </Notice>
      );
    case 'waiting':
    case 'uploading':
      return <NothingToReadYet state={state} onCheckAgain={checkAgain} />;
    case 'warning':
      return (
        <Notice tone="warning" title={t('request.claim.warningTitle')} data-testid="claim-warning">
          <RequestLabel label={state.label} />
          <p>{t('request.claim.warningBody')}</p>
          <NoticeActions>
            <ButtonLink to={routePaths.home} $variant="secondary" $size="large">
              {t('note.viewer.cancel')}
            </ButtonLink>
            <Button $variant="destructive" $size="large" onClick={() => void read()}>
              {t('request.claim.read')}
            </Button>
          </NoticeActions>
        </Notice>
      );
    case 'destroyed':
      return <DestroyedAnswer state={state} />;
    case 'revealed':
      return <RevealedAnswer label={state.label} text={state.text} files={state.files} />;
    default:
      return missingCase(state);
  }
}

/** Not answered yet, or answered with files still uploading: a later look may find the answer. */
function NothingToReadYet({
  state,
  onCheckAgain,
}: {
  state: Extract<ClaimState, { kind: 'waiting' | 'uploading' }>;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation();
  const waiting = state.kind === 'waiting';
  return (
    <Notice
      tone="muted"
      title={waiting ? t('request.claim.waitingTitle') : t('request.claim.uploadingTitle')}
      data-testid={`claim-${state.kind}`}
    >
      <RequestLabel label={state.label} />
      <p>{waiting ? t('request.claim.waiting') : t('request.claim.uploading')}</p>
      <NoticeActions>
        <Button onClick={onCheckAgain}>{t('request.claim.checkAgain')}</Button>
      </NoticeActions>
    </Notice>
  );
}

function DestroyedAnswer({ state }: { state: Extract<ClaimState, { kind: 'destroyed' }> }) {
  const { t } = useTranslation();
  return (
    <Notice tone="muted" title={t('request.claim.destroyedTitle')} data-testid="claim-destroyed">
      {state.label === null ? null : <RequestLabel label={state.label} />}
      <p data-reason={state.reason}>
        {state.reason === 'read'
          ? t('request.claim.destroyedRead')
          : t('request.claim.destroyedExpired')}
      </p>
      <HomeActions create />
    </Notice>
  );
}

function RevealedAnswer({
  label,
  text,
  files,
}: {
  label: string;
  text: string;
  files: OpenedFiles | null;
}) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyFeedback();
  return (
    <Notice tone="warning" title={t('request.claim.revealedTitle')} data-testid="claim-revealed">
      <Stack $gap={3}>
        <RequestLabel label={label} />
        <p>{t('request.claim.revealedBody')}</p>
        <AnswerText data-testid="claim-answer" tabIndex={0}>
          {text}
        </AnswerText>
        <NoticeActions>
          <Button
            onClick={() =>
              void copy(text, {
                done: { title: t('request.claim.copied') },
                failed: { title: t('request.claim.copyFailed') },
              })
            }
          >
            {copied ? t('request.claim.copied') : t('request.claim.copy')}
          </Button>
        </NoticeActions>
        {files === null ? null : (
          <Suspense fallback={null}>
            <LazyNoteFiles access={files.access} metas={files.metas} />
          </Suspense>
        )}
      </Stack>
    </Notice>
  );
}

const AnswerText = styled.pre`
  padding: ${space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${fontSize.base};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
