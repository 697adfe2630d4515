import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useParams } from 'react-router-dom';
import { requestIdSchema } from '../../../../shared/api/requests.ts';
import { NOTE_MAX_CHARS } from '../../../../shared/limits.ts';
import { deriveRequestLabelKey } from '../../../../shared/crypto/request.ts';
import { ApiError } from '../../api/client.ts';
import type { ApiErrorKey } from '../../api/errorKey.ts';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { PageSection } from '../../ui/layout.ts';
import { BusyNotice, HomeActions, Notice } from '../../ui/Notice.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFragmentKey } from '../../ui/useFragmentKey.ts';
import { FileAttachments } from '../../files/FileAttachments.tsx';
import type { AttachmentIssue } from '../../files/attachmentRules.ts';
import { useFileAttachments } from '../../files/useFileAttachments.ts';
import { fetchRequest, openLabel, sendAnswer } from './requestsApi.ts';
import { LinkProblemNotice, linkProblemOf, RequestLabel, RequestPage } from './RequestNotices.tsx';
import type { LinkProblem } from './RequestNotices.tsx';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';

type AnswerState =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: LinkProblem }
  | { kind: 'error'; message: ApiErrorKey }
  | { kind: 'answered' }
  | { kind: 'form'; label: string }
  | { kind: 'sent' };

/**
 * `/r/:id#publicKey`, the request link: the label, then one answer sealed to the public key in
 * the fragment (never to a key the server hands out). Once answered, the link says so.
 */
export function RequestAnswerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const publicKey = useFragmentKey(id);
  const [state, setState] = useState<AnswerState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    const show = (next: AnswerState) => current && setState(next);
    (async () => {
      if (!requestIdSchema.safeParse(id).success || publicKey === '') {
        return show({ kind: 'problem', problem: 'invalid' });
      }
      const labelKey = await deriveRequestLabelKey(publicKey);
      const info = await fetchRequest(id);
      if (info.answered) return show({ kind: 'answered' });
      show({ kind: 'form', label: await openLabel(labelKey, info) });
    })().catch((error: unknown) => {
      const problem = linkProblemOf(error);
      show(
        problem === 'invalid' || problem === 'wrongKey' || problem === 'notFound'
          ? { kind: 'problem', problem }
          : { kind: 'error', message: problem },
      );
    });
    return () => {
      current = false;
    };
  }, [id, publicKey]);

  let content;
  switch (state.kind) {
    case 'loading':
      content = <BusyNotice text={t('request.answer.loading')} />;
      break;
    case 'problem':
      content = <LinkProblemNotice problem={state.problem} />;
      break;
    case 'error':
      content = (
        <Notice tone="danger" title={t('request.answer.failed')}>
          <p>{t(state.message)}</p>
          <HomeActions />
        </Notice>
      );
      break;
    case 'answered':
      content = (
        <Notice
          tone="muted"
          title={t('request.answer.answeredTitle')}
          data-testid="request-answered"
        >
          <p>{t('request.answer.answered')}</p>
          <HomeActions create />
        </Notice>
      );
      break;
    case 'form':
      content = (
        <AnswerForm
          requestId={id}
          publicKey={publicKey}
          label={state.label}
          onDone={(next) => setState(next)}
        />
      );
      break;
    case 'sent':
      content = (
        <Notice tone="muted" title={t('request.answer.sentTitle')} data-testid="request-sent">
          <p>{t('request.answer.sent')}</p>
          <HomeActions create />
        </Notice>
      );
      break;
  }
  return <RequestPage title={t('request.answer.title')}>{content}</RequestPage>;
}

function AnswerForm({
  requestId,
  publicKey,
  label,
  onDone,
}: {
  requestId: string;
  publicKey: string;
  label: string;
  onDone: (state: AnswerState) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const files = useFileAttachments();
  const [issues, setIssues] = useState<AttachmentIssue[]>([]);
  const [progress, setProgress] = useState(0);
  const attached = files.attachments.map((attachment) => attachment.file);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || files.adding) return;
    if (text.trim() === '' && attached.length === 0) return setError(t('request.answer.empty'));
    setSending(true);
    setError(null);
    try {
      await sendAnswer(requestId, publicKey, text, attached, setProgress);
      onDone({ kind: 'sent' });
    } catch (failure) {
      // Someone else answered first (or a second tab did): nothing of this answer was stored.
      if (failure instanceof ApiError && failure.code === 'CONFLICT') {
        return onDone({ kind: 'answered' });
      }
      const problem = linkProblemOf(failure);
      if (problem === 'notFound') return onDone({ kind: 'problem', problem });
      setSending(false);
      setError(
        problem === 'invalid' || problem === 'wrongKey' ? t('request.answer.failed') : t(problem),
      );
    }
  }

  return (
    <PageSection
      as="form"
      {...NEVER_SUBMITTED_BY_BROWSER}
      onSubmit={(event) => void submit(event)}
      aria-busy={sending}
      $gap={4}
      $raised
      data-testid="answer-form"
    >
      <RequestLabel label={label} />
      <Field
        label={t('request.answer.textLabel')}
        hint={t('request.answer.textHint')}
        error={error}
      >
        {(control) => (
          <Textarea
            {...control}
            name="answer"
            rows={6}
            value={text}
            maxLength={NOTE_MAX_CHARS}
            onChange={(event) => setText(event.target.value)}
            disabled={sending}
          />
        )}
      </Field>
      <FileAttachments handle={files} disabled={sending} issues={issues} onIssues={setIssues} />
      {sending && attached.length > 0 ? (
        <ProgressBar value={progress} label={t('home.form.progressLabel')} />
      ) : null}
      <Button type="submit" $size="large" $fullWidth disabled={sending || files.adding}>
        {sending ? (
          <>
            <Spinner $size={18} />
            {t('request.answer.sending')}
          </>
        ) : (
          t('request.answer.submit')
        )}
      </Button>
    </PageSection>
  );
}
