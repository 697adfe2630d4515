import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { NEWSLETTER_CODE_LENGTH } from '../../../../shared/limits.ts';
import { usePublicConfigState } from '../../api/config.ts';
import { useCurrentLanguage } from '../../i18n/LanguageSwitcher.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { Row, PageSection } from '../../ui/layout.ts';
import { MutedText } from '../../ui/text.ts';
import { useToast } from '../../ui/toast/index.ts';
import { prefetchSend, subscribe, verifyCode } from './newsletterSend.ts';
import type { NewsletterPlacement } from '../../app/NewsletterSlot.tsx';
import { fontSize } from '../../ui/tokens.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';
import { useId } from '../../ui/ids.tsx';

/** Double opt-in (spec §4): the address, then the code mailed to it, then done. */
type Step = { step: 'email' } | { step: 'verify'; email: string } | { step: 'success' };

/**
 * The newsletter sign-up card. On a server without mail it says so up front rather than
 * failing after the visitor typed an address.
 */
export function NewsletterCard({ placement }: { placement: NewsletterPlacement }) {
  const { t } = useTranslation();
  const config = usePublicConfigState();
  const titleId = useId();
  // Unknown while /api/config loads; a server that could not be asked is treated as without mail.
  const available =
    config.state === 'hasData'
      ? config.data.emailAvailable
      : config.state === 'loading'
        ? null
        : false;

  return (
    <Card aria-labelledby={titleId} data-newsletter={placement} onFocusCapture={prefetchSend}>
      <Title id={titleId}>{t('newsletter.title')}</Title>
      <MutedText>{t('newsletter.intro')}</MutedText>
      {available === false ? (
        <Unavailable role="note">{t('newsletter.unavailable')}</Unavailable>
      ) : (
        <SignUp ready={available === true} />
      )}
    </Card>
  );
}

function SignUp({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const language = useCurrentLanguage();
  const [step, setStep] = useState<Step>({ step: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const afterFirstStep = useRef(false);

  // Each step puts the keyboard where the next thing to type is (not on the first render).
  useLayoutEffect(() => {
    if (step.step === 'verify') codeRef.current?.focus();
    else if (step.step === 'email' && afterFirstStep.current) emailRef.current?.focus();
    afterFirstStep.current = true;
  }, [step]);

  const restart = () => {
    setEmail('');
    setCode('');
    setStep({ step: 'email' });
  };

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === '' || busy || !ready) return;
    setBusy(true);
    const sent = await subscribe({ email: address, language: language.code });
    setBusy(false);
    if (!sent.ok) {
      toast({
        title: t('newsletter.toast.subscribeFailed'),
        description: t(sent.errorKey),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: t('newsletter.toast.checkEmail'),
      description: t('newsletter.toast.checkEmailText'),
    });
    setCode('');
    setStep({ step: 'verify', email: address });
  }

  async function submitCode(event: FormEvent<HTMLFormElement>, address: string) {
    event.preventDefault();
    if (code.length !== NEWSLETTER_CODE_LENGTH || busy) return;
    setBusy(true);
    const sent = await verifyCode({ email: address, code });
    setBusy(false);
    if (!sent.ok) {
      toast({
        title: t('newsletter.toast.verifyFailed'),
        description: t(sent.errorKey),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: t('newsletter.toast.welcome'),
      description: t('newsletter.toast.welcomeText'),
    });
    setStep({ step: 'success' });
  }

  switch (step.step) {
    case 'email':
      return (
        <form
          {...NEVER_SUBMITTED_BY_BROWSER}
          onSubmit={(event) => void submitEmail(event)}
          noValidate
          aria-busy={busy}
        >
          <Field label={t('newsletter.emailLabel')}>
            {(props) => (
              <Row $align="start" $wrap>
                <Grow>
                  <Input
                    {...props}
                    ref={emailRef}
                    type="email"
                    name="email"
                    autoComplete="email"
                    placeholder={t('home.form.emailPlaceholder')}
                    value={email}
                    disabled={busy}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                </Grow>
                <Button type="submit" disabled={!ready || busy || email.trim() === ''}>
                  {t('newsletter.subscribe')}
                </Button>
              </Row>
            )}
          </Field>
        </form>
      );
    case 'verify':
      return (
        <form
          {...NEVER_SUBMITTED_BY_BROWSER}
          onSubmit={(event) => void submitCode(event, step.email)}
          noValidate
          aria-busy={busy}
        >
          <Field
            label={t('newsletter.codeLabel')}
            hint={t('newsletter.codeSent', { email: step.email })}
          >
            {(props) => (
              <Row $align="start" $wrap>
                <CodeInput
                  {...props}
                  ref={codeRef}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={NEWSLETTER_CODE_LENGTH}
                  value={code}
                  disabled={busy}
                  onChange={(event) =>
                    setCode(event.target.value.replace(/\D/g, '').slice(0, NEWSLETTER_CODE_LENGTH))
                  }
                />
                <Button type="submit" disabled={busy || code.length !== NEWSLETTER_CODE_LENGTH}>
                  {t('newsletter.verify')}
                </Button>
                <Button type="button" $variant="ghost" disabled={busy} onClick={restart}>
                  {t('newsletter.useDifferentEmail')}
                </Button>
              </Row>
            )}
          </Field>
        </form>
      );
    case 'success':
      return (
        <Row $gap={4} $wrap>
          <Success role="status">{t('newsletter.success')}</Success>
          <Button type="button" $variant="secondary" onClick={restart}>
            {t('newsletter.subscribeAnother')}
          </Button>
        </Row>
      );
  }
}

const Card = styled(PageSection)`
  text-align: start;
`;

const Title = styled.h2`
  font-size: ${fontSize.xl};
  font-weight: 700;
`;

const Grow = styled.div`
  flex: 1 1 240px;
  min-inline-size: 0;
`;

const CodeInput = styled(Input)`
  inline-size: 9em;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.3em;
`;

const Unavailable = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-style: italic;
`;

const Success = styled.p`
  flex: 1 1 240px;
  font-weight: 600;
`;
