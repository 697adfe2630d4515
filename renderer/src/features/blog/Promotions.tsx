import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { routePaths } from '../../app/paths.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { fontSize, space } from '../../ui/tokens.ts';

/**
 * The seed's ad slots, filled with the product's own features: no third-party ad script, no
 * request to anyone else (DESIGN §5).
 */
const PROMOTIONS = {
  note: { to: routePaths.home },
  chat: { to: routePaths.chat },
} as const;

export type PromotionId = keyof typeof PROMOTIONS;

export function Promotion({ id }: { id: PromotionId }) {
  const { t } = useTranslation('pages');
  return (
    <Box as="aside" aria-label={t('blog.promo.label')}>
      <Label>{t('blog.promo.label')}</Label>
      <h2>{t(`blog.promo.${id}.title`)}</h2>
      <p>{t(`blog.promo.${id}.body`)}</p>
      <ButtonLink to={PROMOTIONS[id].to} $variant="secondary">
        {t(`blog.promo.${id}.cta`)}
      </ButtonLink>
    </Box>
  );
}

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${space[2.5]};
  border-style: dashed;

  h2 {
    font-size: ${fontSize.lg};
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Label = styled.span`
  color: ${({ theme }) => theme.color.textSubtle};
  font-size: ${fontSize.xs};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;
