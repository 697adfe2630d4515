import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled, { css } from 'styled-components';
import { missingCase } from '../../../../../shared/errors.ts';
import type {
  RecommendationId,
  RecommendationPriority,
  SecurityAssessment,
  SecurityLevel,
} from '../../../../../shared/security-score.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

function useLevelText() {
  const { t } = useTranslation();
  return (level: SecurityLevel): string => {
    switch (level) {
      case 'maximum':
        return t('home.security.level.maximum');
      case 'secure':
        return t('home.security.level.secure');
      case 'protected':
        return t('home.security.level.protected');
      case 'basic':
        return t('home.security.level.basic');
      default:
        return missingCase(level);
    }
  };
}

function useRecommendationText() {
  const { t } = useTranslation();
  return (id: RecommendationId): string => {
    switch (id) {
      case 'addPassword':
        return t('home.security.recommendation.addPassword');
      case 'shorterExpiration':
        return t('home.security.recommendation.shorterExpiration');
      case 'emailNotification':
        return t('home.security.recommendation.emailNotification');
      default:
        return missingCase(id);
    }
  };
}

function usePriorityText() {
  const { t } = useTranslation();
  return (priority: RecommendationPriority): string => {
    switch (priority) {
      case 'high':
        return t('home.security.priority.high');
      case 'medium':
        return t('home.security.priority.medium');
      case 'low':
        return t('home.security.priority.low');
      default:
        return missingCase(priority);
    }
  };
}

/** The score, its level and what would raise it, all from shared/security-score.ts. */
export function SecurityPanel({ assessment }: { assessment: SecurityAssessment }) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  const recommendationText = useRecommendationText();
  const priorityText = usePriorityText();
  const { score, level, recommendations } = assessment;

  return (
    <Panel aria-labelledby="security-level-title" data-testid="security-panel">
      <Header>
        <Title id="security-level-title">{t('home.security.title')}</Title>
        <LevelBadge $level={level} data-level={level}>
          {levelText(level)}
        </LevelBadge>
      </Header>
      {/* Unlabelled, so hidden: the sentence below says the same for assistive technology. */}
      <ProgressBar value={score / 100} thin />
      <Score>{t('home.security.score', { score })}</Score>
      {recommendations.length === 0 ? (
        <Perfect>{t('home.security.perfect')}</Perfect>
      ) : (
        <>
          <SubTitle>{t('home.security.recommendationsTitle')}</SubTitle>
          <List>
            {recommendations.map((item) => (
              <Item key={item.id}>
                <Priority $priority={item.priority}>{priorityText(item.priority)}</Priority>
                <span>{recommendationText(item.id)}</span>
              </Item>
            ))}
          </List>
        </>
      )}
    </Panel>
  );
}

const levelColors = {
  maximum: css`
    color: #4ade80;
    border-color: rgba(74, 222, 128, 0.4);
    background: rgba(74, 222, 128, 0.1);
  `,
  secure: css`
    color: #a3e635;
    border-color: rgba(163, 230, 53, 0.4);
    background: rgba(163, 230, 53, 0.1);
  `,
  protected: css`
    color: #fbbf24;
    border-color: rgba(251, 191, 36, 0.4);
    background: rgba(251, 191, 36, 0.1);
  `,
  basic: css`
    color: ${({ theme }) => theme.color.danger};
    border-color: rgba(248, 113, 113, 0.4);
    background: rgba(248, 113, 113, 0.1);
  `,
} satisfies Record<SecurityLevel, unknown>;

const Panel = styled.section`
  padding: ${space[4.5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
  margin-block-end: ${space[3]};
`;

const Title = styled.h3`
  font-size: ${fontSize.base};
  font-weight: 650;
`;

const LevelBadge = styled.span<{ $level: SecurityLevel }>`
  padding-block: ${space[0.5]};
  padding-inline: ${space[2.5]};
  border: 1px solid;
  border-radius: ${radius.round};
  font-size: ${fontSize.sm};
  font-weight: 600;
  ${({ $level }) => levelColors[$level]}
`;

const Score = styled.p`
  margin-block-start: ${space[1.5]};
  font-size: ${fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const SubTitle = styled.h4`
  margin-block: ${space[3.5]} ${space[2]};
  font-size: ${fontSize.md};
  font-weight: 600;
`;

const List = styled.ul`
  display: grid;
  gap: ${space[2]};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  align-items: baseline;
  gap: ${space[2.5]};
  font-size: ${fontSize.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

const priorityColors = {
  high: css`
    color: ${({ theme }) => theme.color.danger};
  `,
  medium: css`
    color: #fbbf24;
  `,
  low: css`
    color: ${({ theme }) => theme.color.textSubtle};
  `,
} satisfies Record<RecommendationPriority, unknown>;

const Priority = styled.span<{ $priority: RecommendationPriority }>`
  flex: none;
  min-inline-size: 64px;
  font-size: ${fontSize.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  ${({ $priority }) => priorityColors[$priority]}
`;

const Perfect = styled.p`
  margin-block-start: ${space[3]};
  font-weight: 600;
  color: #4ade80;
`;
