import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../../../shared/errors.ts';
import { routePaths } from '../../../app/paths.ts';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { useFileAttachments } from '../../../files/useFileAttachments.ts';
import { InsecureConnectionWarning } from '../../../ui/InsecureConnectionWarning.tsx';
import { MobileScreen } from '../../../ui/MobileScreen.tsx';
import type { MobileNoteStep } from './mobileNoteFlow.ts';
import { useMobileNote } from './mobileNoteAtom.ts';
import { SecurityStep } from './SecurityStep.tsx';
import { ShareStep } from './ShareStep.tsx';
import { WriteStep } from './WriteStep.tsx';
import { fontSize, space } from '../../../ui/tokens.ts';

const STEPS: readonly MobileNoteStep[] = ['write', 'security', 'share'];

/** `/mobile`: the Create tab, a note in three steps (seed §2). */
export function CreateTab() {
  const { t: tPage } = useTranslation('pages');
  const [state, dispatch] = useMobileNote();
  // With this tab, not in the note's atom: File objects and their thumbnails' URLs belong to the page.
  const files = useFileAttachments();
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  usePageMeta({
    title: tPage('mobile.title'),
    description: tPage('mobile.intro'),
    keywords: tPage('mobile.keywords'),
    canonical: routePaths.mobile,
  });

  // A new step is announced by moving focus to its heading (which also scrolls it into view).
  useLayoutEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    stepHeadingRef.current?.focus();
  }, [state.step]);

  function stepView() {
    switch (state.step) {
      case 'write':
        return (
          <WriteStep state={state} dispatch={dispatch} headingRef={stepHeadingRef} files={files} />
        );
      case 'security':
        return (
          <SecurityStep
            state={state}
            dispatch={dispatch}
            headingRef={stepHeadingRef}
            files={files}
          />
        );
      case 'share':
        return state.created ? (
          <ShareStep
            note={state.created}
            onCreateAnother={() => dispatch({ type: 'createAnother' })}
            headingRef={stepHeadingRef}
          />
        ) : null;
      default:
        return missingCase(state.step);
    }
  }

  return (
    <MobileScreen title={tPage('mobile.create.title')}>
      <InsecureConnectionWarning />
      <StepList step={state.step} />
      {stepView()}
    </MobileScreen>
  );
}

function StepList({ step }: { step: MobileNoteStep }) {
  const { t: tPage } = useTranslation('pages');
  const index = STEPS.indexOf(step);
  const labels: Record<MobileNoteStep, string> = {
    write: tPage('mobile.create.steps.write'),
    security: tPage('mobile.create.steps.security'),
    share: tPage('mobile.create.steps.share'),
  };

  return (
    <Steps aria-label={tPage('mobile.create.steps.label')}>
      {STEPS.map((item, position) => (
        <Step
          key={item}
          aria-current={item === step ? 'step' : undefined}
          data-state={position < index ? 'done' : item === step ? 'current' : 'next'}
        >
          <Dot aria-hidden="true">{position + 1}</Dot>
          <span>{labels[item]}</span>
        </Step>
      ))}
    </Steps>
  );
}

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[1.5]};
  padding-block-start: ${space[2]};
  border-block-start: 3px solid ${({ theme }) => theme.color.border};
  font-size: ${fontSize.sm};
  font-weight: 600;
  text-align: center;
  color: ${({ theme }) => theme.color.textSubtle};

  &[data-state='done'],
  &[data-state='current'] {
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.text};
  }
`;

const Dot = styled.span`
  display: inline-grid;
  place-items: center;
  inline-size: 24px;
  block-size: 24px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-size: ${fontSize.xs};
  font-weight: 700;

  ${Step}[data-state='current'] & {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }

  ${Step}[data-state='done'] & {
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
  }
`;
