import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { DEFAULT_CHAT_DURATION } from '../../../../shared/limits.ts';
import type { ChatDuration } from '../../../../shared/limits.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { AnonymousIcon, FlameIcon, LockIcon, UsersIcon } from '../../ui/icons.tsx';
import { InsecureConnectionWarning } from '../../ui/InsecureConnectionWarning.tsx';
import { Page } from '../../ui/Page.tsx';
import { MutedText } from '../../ui/text.ts';
import { CreateRoomForm } from './CreateRoomForm.tsx';
import { fontSize, radius, space } from '../../ui/tokens.ts';

export function ChatCreatePage() {
  const { t } = useTranslation();
  const [duration, setDuration] = useState<ChatDuration>(DEFAULT_CHAT_DURATION);
  usePageMeta({
    title: t('chat.create.title'),
    description: t('chat.create.intro'),
    keywords: t('chat.create.keywords'),
    canonical: routePaths.chat,
  });

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
      <CreateRoomForm duration={duration} onDurationChange={setDuration} layout="desktop" raised>
        <InsecureConnectionWarning />
      </CreateRoomForm>

      <Section aria-labelledby="chat-features-heading">
        <SectionTitle id="chat-features-heading">{t('chat.create.featuresTitle')}</SectionTitle>
        <FeatureGrid>
          {features.map((feature) => (
            <Feature key={feature.title}>
              <FeatureIcon>{feature.icon}</FeatureIcon>
              <FeatureTitle>{feature.title}</FeatureTitle>
              <MutedText>{feature.body}</MutedText>
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
                <MutedText>{step.body}</MutedText>
              </div>
            </Step>
          ))}
        </Steps>
      </Section>
    </Page>
  );
}

const Section = styled.section`
  margin-block-start: ${space[12]};
`;

const SectionTitle = styled.h2`
  margin-block-end: ${space[4]};
  font-size: ${fontSize['2xl']};
  font-weight: 700;
`;

const FeatureGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: ${space[3.5]};
`;

const Feature = styled.div`
  padding: ${space[4.5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.large};
  background: ${({ theme }) => theme.color.surface};
`;

const FeatureIcon = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 38px;
  block-size: 38px;
  margin-block-end: ${space[3]};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const FeatureTitle = styled.h3`
  margin-block-end: ${space[1.5]};
  font-size: ${fontSize.base};
  font-weight: 650;
`;

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: ${space[3.5]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li`
  display: flex;
  gap: ${space[3]};
  padding: ${space[4.5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.large};
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
  font-size: ${fontSize.md};
  font-weight: 700;
`;

const StepTitle = styled.h3`
  margin-block-end: ${space[1]};
  font-size: ${fontSize.base};
  font-weight: 650;
`;
