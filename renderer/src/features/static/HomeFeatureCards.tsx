import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { AnonymousIcon, FlameIcon, LockIcon } from '../../ui/icons.tsx';
import { CardGrid, DocumentCard } from './DocumentCards.tsx';
import { fontSize, space } from '../../ui/tokens.ts';

const HOME_CARDS = [
  { id: 'encrypted', Icon: LockIcon },
  { id: 'oneRead', Icon: FlameIcon },
  { id: 'noTrackers', Icon: AnonymousIcon },
] as const;

/** The home page's three feature cards (spec §2): the promises, in one line each. */
export function HomeFeatureCards() {
  const { t } = useTranslation();
  return (
    <Section aria-labelledby="home-cards-title">
      <Title id="home-cards-title">{t('home.cards.title')}</Title>
      <CardGrid>
        {HOME_CARDS.map(({ id, Icon }) => (
          <DocumentCard
            key={id}
            icon={<Icon />}
            title={t(`home.cards.${id}.title`)}
            body={t(`home.cards.${id}.body`)}
            headingLevel={3}
          />
        ))}
      </CardGrid>
    </Section>
  );
}

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space[5]};
  text-align: start;
`;

export const Title = styled.h2`
  font-size: ${fontSize['3xl']};
  font-weight: 700;
  text-align: center;
`;
