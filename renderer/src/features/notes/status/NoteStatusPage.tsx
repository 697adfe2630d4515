import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { noteIdSchema, type NoteStatusResponse } from '../../../../../shared/api/notes.ts';
import { missingCase } from '../../../../../shared/errors.ts';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { Button } from '../../../ui/Button.tsx';
import { FieldError } from '../../../ui/Field.tsx';
import { InsecureConnectionWarning } from '../../../ui/InsecureConnectionWarning.tsx';
import { Stack } from '../../../ui/layout.ts';
import { Page } from '../../../ui/Page.tsx';
import { MutedText } from '../../../ui/text.ts';
import { space } from '../../../ui/tokens.ts';
import { formatExpiry } from '../create/useShareLink.ts';
import { BusyNotice, HomeActions, Notice, NoticeActions } from '../../../ui/Notice.tsx';
import { useNoteStatus } from './useNoteStatus.ts';

/**
 * `/s/:id#K_status`, the sender's private view of a note: its state, kept up to date while the
 * page is open, and "Destroy now". Unlike a note link, the key stays in the address: the page
 * is the sender's own, meant to be opened again (it can never read the note), and a reload must
 * keep working. Only the status proof is ever sent, in a request body.
 */
export function NoteStatusPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('status.page.title'),
    description: t('status.page.intro'),
    noIndex: true,
  });
  const { id = '' } = useParams();
  const statusKey = useLocation().hash.slice(1);

  let content;
  if (!noteIdSchema.safeParse(id).success) {
    content = <WrongKey />;
  } else if (statusKey === '') {
    content = (
      <Notice tone="danger" title={t('status.page.title')} data-testid="note-status">
        <p data-state="missing_key">{t('status.page.missingKey')}</p>
        <HomeActions />
      </Notice>
    );
  } else {
    content = <NoteStatus key={`${id}#${statusKey}`} noteId={id} statusKey={statusKey} />;
  }

  return (
    <Page title={t('status.page.title')} intro={t('status.page.intro')}>
      <Stack $gap={5}>
        <InsecureConnectionWarning />
        {content}
      </Stack>
    </Page>
  );
}

function WrongKey() {
  const { t } = useTranslation();
  return (
    <Notice tone="danger" title={t('status.page.title')} data-testid="note-status">
      <p data-state="wrong_key">{t('status.page.wrongKey')}</p>
      <HomeActions />
    </Notice>
  );
}

function NoteStatus({ noteId, statusKey }: { noteId: string; statusKey: string }) {
  const { t } = useTranslation();
  const { state, destroy, destroying, destroyError } = useNoteStatus(noteId, statusKey);

  switch (state.kind) {
    case 'checking':
      return <BusyNotice text={t('status.page.checking')} />;
    case 'wrongKey':
      return <WrongKey />;
    case 'unknown':
      return (
        <Notice tone="muted" title={t('status.page.unknown')} data-testid="note-status">
          <p data-state="unknown">{t('status.page.unknownDetail')}</p>
          <HomeActions create />
        </Notice>
      );
    case 'known':
    case 'failed': {
      const status = state.kind === 'known' ? state.status : state.last;
      return (
        <>
          {status === null ? (
            <BusyNotice text={t('status.page.checking')} />
          ) : (
            <StatusCard status={status}>
              {status.state === 'waiting' ? (
                <DestroyControls
                  onDestroy={destroy}
                  destroying={destroying}
                  error={destroyError === null ? null : t(destroyError)}
                />
              ) : null}
            </StatusCard>
          )}
          {state.kind === 'failed' ? (
            <FieldError role="alert">{t('status.page.failed')}</FieldError>
          ) : null}
        </>
      );
    }
    default:
      return missingCase(state);
  }
}

/** The state in words: a title, what it means, and when. */
function StatusCard({ status, children }: { status: NoteStatusResponse; children: ReactNode }) {
  const { t, language } = useTranslation();
  const date = (iso: string) => formatExpiry(language, iso);
  if (status.state === 'waiting') {
    return (
      <Notice tone="warning" title={t('status.page.waiting')} data-testid="note-status">
        <p data-state="waiting">
          {t('status.page.waitingDetail', {
            created: date(status.createdAt),
            expires: date(status.expiresAt),
          })}
        </p>
        <MutedText>{t('status.page.live')}</MutedText>
        {children}
      </Notice>
    );
  }
  const at = date(status.endedAt);
  let title: string;
  let detail: string;
  switch (status.reason) {
    case 'read':
      [title, detail] = [t('status.page.read'), t('status.page.readDetail', { date: at })];
      break;
    case 'expired':
      [title, detail] = [t('status.page.expired'), t('status.page.expiredDetail', { date: at })];
      break;
    case 'too_many_attempts':
      [title, detail] = [
        t('status.page.tooManyAttempts'),
        t('status.page.tooManyAttemptsDetail', { date: at }),
      ];
      break;
    case 'destroyed_by_sender':
      [title, detail] = [
        t('status.page.destroyedBySender'),
        t('status.page.destroyedBySenderDetail', { date: at }),
      ];
      break;
    default:
      return missingCase(status.reason);
  }
  return (
    <Notice tone="muted" title={title} data-testid="note-status">
      <p data-state={status.reason}>{detail}</p>
      <HomeActions create />
    </Notice>
  );
}

/** "Destroy now", asked twice: the first press only shows what it does and the real button. */
function DestroyControls({
  onDestroy,
  destroying,
  error,
}: {
  onDestroy: () => Promise<void>;
  destroying: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Controls>
      {confirming ? (
        <>
          <p>{t('status.page.destroyHint')}</p>
          <NoticeActions>
            <Button
              $variant="destructive"
              disabled={destroying}
              onClick={() => void onDestroy()}
              data-testid="status-destroy-confirm"
            >
              {t('status.page.confirm')}
            </Button>
            <Button $variant="ghost" disabled={destroying} onClick={() => setConfirming(false)}>
              {t('status.page.cancel')}
            </Button>
          </NoticeActions>
        </>
      ) : (
        <NoticeActions>
          <Button
            $variant="destructive"
            onClick={() => setConfirming(true)}
            data-testid="status-destroy"
          >
            {t('status.page.destroy')}
          </Button>
        </NoticeActions>
      )}
      {error === null ? null : <FieldError role="alert">{error}</FieldError>}
    </Controls>
  );
}

const Controls = styled.div`
  display: grid;
  gap: ${space[2]};
`;
