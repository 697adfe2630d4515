import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CHAT_DURATIONS, DEFAULT_CHAT_DURATION } from '../../../../shared/limits.ts';
import type { ChatDuration } from '../../../../shared/limits.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Button } from '../../ui/Button.tsx';
import { raisedCardStyles } from '../../ui/Card.tsx';
import { AnonymousIcon, ClockIcon, FlameIcon, LockIcon, UsersIcon } from '../../ui/icons.tsx';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { chatRoomHref, createChatRoom } from './chatApi.ts';

export function ChatCreatePage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [duration, setDuration] = useState<ChatDuration>(DEFAULT_CHAT_DURATION);
  const [creating, setCreating] = useState(false);
  usePageMeta({
    title: t('chat.create.title'),
    description: t('chat.create.intro'),
    keywords: t('chat.create.keywords'),
    canonical: routePaths.chat,
  });

  const durationLabels: Record<ChatDuration, string> = {
    '5': t('chat.create.durations.5'),
    '15': t('chat.create.durations.15'),
    '30': t('chat.create.durations.30'),
    '60': t('chat.create.durations.60'),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    setCreating(true);
    try {
      const { sessionId, roomKey } = await createChatRoom(duration);
      void navigate(chatRoomHref(sessionId, roomKey, 'desktop'));
    } catch {
      setCreating(false);
      toast({
        title: t('chat.create.failed.title'),
        description: t('chat.create.failed.body'),
        variant: 'destructive',
      });
    }
  };

  const features: { icon: ReactNode; title: string; body: string }[] = [
    {
      icon: <LockIcon />,
      title: t('chat.create.features.encrypted.title'),
      body: t('chat.create.features.encrypted.body'),
    },
    {
      icon: <FlameIcon />,
      title: t('chat.create.features.ephemeral.title'),
      body: t('chat.create.features.ephemeral.body'),
    },
    {
      icon: <UsersIcon />,
      title: t('chat.create.features.private.title'),
      body: t('chat.create.features.private.body'),
    },
    {
      icon: <AnonymousIcon />,
      title: t('chat.create.features.anonymous.title'),
      body: t('chat.create.features.anonymous.body'),
    },
  ];

  const steps: { title: string; body: string }[] = [
    { title: t('chat.create.steps.choose.title'), body: t('chat.create.steps.choose.body') },
    { title: t('chat.create.steps.share.title'), body: t('chat.create.steps.share.body') },
    { title: t('chat.create.steps.verify.title'), body: t('chat.create.steps.verify.body') },
    { title: t('chat.create.steps.talk.title'), body: t('chat.create.steps.talk.body') },
  ];

  return (
    <Page title={t('chat.create.title')} intro={t('chat.create.intro')}>
      <CreateCard onSubmit={(event) => void onSubmit(event)} aria-busy={creating}>
        <Durations>
          <Legend>
            <ClockIcon width={16} height={16} />
            {t('chat.create.durationLabel')}
          </Legend>
          <Options>
            {CHAT_DURATIONS.map((value) => (
              <Option key={value} data-checked={duration === value}>
                <input
                  type="radio"
                  name="duration"
                  value={value}
                  checked={duration === value}
                  onChange={() => setDuration(value)}
                  disabled={creating}
                />
                <span>{durationLabels[value]}</span>
                {value === DEFAULT_CHAT_DURATION ? (
                  <DefaultTag>{t('chat.create.defaultTag')}</DefaultTag>
                ) : null}
              </Option>
            ))}
          </Options>
        </Durations>
        <Button type="submit" $size="large" $fullWidth disabled={creating}>
          {creating ? (
            <>
              <Spinner $size={18} />
              {t('chat.create.creating')}
            </>
          ) : (
            t('chat.create.submit')
          )}
        </Button>
        <Note>{t('chat.create.note')}</Note>
      </CreateCard>

      <Section aria-labelledby="chat-features-heading">
        <SectionTitle id="chat-features-heading">{t('chat.create.featuresTitle')}</SectionTitle>
        <FeatureGrid>
          {features.map((feature) => (
            <Feature key={feature.title}>
              <FeatureIcon>{feature.icon}</FeatureIcon>
              <FeatureTitle>{feature.title}</FeatureTitle>
              <FeatureBody>{feature.body}</FeatureBody>
            </Feature>
          ))}
        </FeatureGrid>
      </Section>

      <Section aria-labelledby="chat-how-heading">
        <SectionTitle id="chat-how-heading">{t('chat.create.howTitle')}</SectionTitle>
        <Steps>
          {steps.map((step, index) => (
            <Step key={step.title}>
              <StepNumber aria-hidden="true">{index + 1}</StepNumber>
              <div>
                <StepTitle>{step.title}</StepTitle>
                <FeatureBody>{step.body}</FeatureBody>
              </div>
            </Step>
          ))}
        </Steps>
      </Section>
    </Page>
  );
}

const CreateCard = styled.form`
  display: flex;
  flex-direction: column;
  gap: 20px;
  padding: 24px;
  ${raisedCardStyles}
`;

const Durations = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-inline-size: 0;
`;

const Legend = styled.legend`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-block-end: 10px;
  padding: 0;
  font-size: 14px;
  font-weight: 600;
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 10px;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Option = styled.label`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4px;
  min-block-size: 64px;
  padding: 10px;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.background};
  font-weight: 600;
  text-align: center;
  cursor: pointer;
  transition:
    border-color ${({ theme }) => theme.motion.fast} ease,
    background-color ${({ theme }) => theme.motion.fast} ease;

  &:hover {
    border-color: ${({ theme }) => theme.color.textSubtle};
  }

  &[data-checked='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.text};
  }

  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const DefaultTag = styled.span`
  font-size: 11px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;

const Note = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.color.textSubtle};
  text-align: center;
`;

const Section = styled.section`
  margin-block-start: 48px;
`;

const SectionTitle = styled.h2`
  margin-block-end: 16px;
  font-size: 22px;
  font-weight: 700;
`;

const FeatureGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: 14px;
`;

const Feature = styled.div`
  padding: 18px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
`;

const FeatureIcon = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 38px;
  block-size: 38px;
  margin-block-end: 12px;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const FeatureTitle = styled.h3`
  margin-block-end: 6px;
  font-size: 16px;
  font-weight: 650;
`;

const FeatureBody = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: 14px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li`
  display: flex;
  gap: 12px;
  padding: 18px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
`;

const StepNumber = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  inline-size: 28px;
  block-size: 28px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-size: 14px;
  font-weight: 700;
`;

const StepTitle = styled.h3`
  margin-block-end: 4px;
  font-size: 15px;
  font-weight: 650;
`;
