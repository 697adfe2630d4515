import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { DEFAULT_NOTE_EXPIRATION, REQUEST_LABEL_MAX_CHARS } from '../../../../shared/limits.ts';
import type { NoteExpiration } from '../../../../shared/limits.ts';
import { offeredChoice, useOfferedExpirations } from '../../api/offeredExpirations.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Select } from '../../ui/Field.tsx';
import { ExpiryOptions } from '../../ui/ExpiryOptions.tsx';
import { InsecureConnectionWarning } from '../../ui/InsecureConnectionWarning.tsx';
import { LinkReachNotice } from '../../ui/LinkReachNotice.tsx';
import { PageSection } from '../../ui/layout.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { FinePrint } from '../../ui/text.ts';
import { useToast } from '../../ui/toast/index.ts';
import { LinkCard } from './LinkCard.tsx';
import { createRequest } from './requestsApi.ts';
import type { CreatedRequest } from './requestsApi.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';

/** A label and an expiry; the keys are made and the request stored on submit. */
export function RequestForm({
  onCreated,
  raised = false,
}: {
  onCreated: (created: CreatedRequest) => void;
  /** The page's one primary card (the web page), not a screen among tabs. */
  raised?: boolean;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [label, setLabel] = useState('');
  const [chosen, setExpiration] = useState<NoteExpiration>(DEFAULT_NOTE_EXPIRATION);
  // The answer is a note: it may live only as long as this server lets notes live.
  const lives = useOfferedExpirations();
  const expiration = offeredChoice(chosen, lives);
  const [creating, setCreating] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (creating) return;
    setCreating(true);
    try {
      onCreated(await createRequest(label.trim(), expiration));
    } catch {
      setCreating(false);
      toast({ title: t('request.create.failed'), variant: 'destructive' });
    }
  }

  return (
    <PageSection
      as="form"
      {...NEVER_SUBMITTED_BY_BROWSER}
      onSubmit={(event) => void submit(event)}
      aria-busy={creating}
      $gap={5}
      $raised={raised}
    >
      <InsecureConnectionWarning />
      <Field label={t('request.create.labelLabel')} hint={t('request.create.labelHint')}>
        {(control) => (
          <Input
            {...control}
            name="label"
            value={label}
            maxLength={REQUEST_LABEL_MAX_CHARS}
            placeholder={t('request.create.labelPlaceholder')}
            onChange={(event) => setLabel(event.target.value)}
            disabled={creating}
          />
        )}
      </Field>
      <Field label={t('request.create.expirationLabel')}>
        {(control) => (
          <Select
            {...control}
            name="expiration"
            value={expiration}
            onChange={(event) => setExpiration(event.target.value as NoteExpiration)}
            disabled={creating}
          >
            <ExpiryOptions lives={lives.options} />
          </Select>
        )}
      </Field>
      <Button type="submit" $size="large" $fullWidth disabled={creating}>
        {creating ? (
          <>
            <Spinner $size={18} />
            {t('request.create.creating')}
          </>
        ) : (
          t('request.create.submit')
        )}
      </Button>
      <FinePrint>{t('request.create.note')}</FinePrint>
    </PageSection>
  );
}

/** The two links, each saying what it is for, and the way to start over. */
export function RequestLinks({
  created,
  onAnother,
  raised = false,
}: {
  created: CreatedRequest;
  onAnother: () => void;
  raised?: boolean;
}) {
  const { t, language } = useTranslation();
  const date = new Date(created.expiresAt).toLocaleString(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <PageSection $gap={4} $raised={raised} data-testid="request-links">
      <h2>{t('request.links.title')}</h2>
      <LinkReachNotice />
      <LinkCard
        tone="send"
        testId="request-link"
        title={t('request.links.requestTitle')}
        body={t('request.links.requestBody')}
        link={created.requestLink}
      />
      <LinkCard
        tone="keep"
        testId="claim-link"
        title={t('request.links.claimTitle')}
        body={t('request.links.claimBody')}
        link={created.claimLink}
      />
      <FinePrint>{t('request.links.expires', { date })}</FinePrint>
      <Button type="button" $variant="secondary" onClick={onAnother}>
        {t('request.links.another')}
      </Button>
    </PageSection>
  );
}
