import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { Row } from '../../ui/layout.ts';
import { useCopyFeedback } from '../../ui/useCopyFeedback.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';

/** One of the two links, what it is for, and a copy button. The link holds a key: no logging. */
export function LinkCard({
  title,
  body,
  link,
  tone,
  testId,
}: {
  title: string;
  body: string;
  link: string;
  tone: 'send' | 'keep';
  testId: string;
}) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyFeedback();
  const onCopy = () =>
    copy(link, {
      done: { title: t('request.links.copiedToast') },
      failed: { title: t('request.links.copyFailed') },
    });
  return (
    <Card data-tone={tone} data-testid={testId}>
      <Title>{title}</Title>
      <Body>{body}</Body>
      <Row $gap={2}>
        <LinkText readOnly value={link} aria-label={title} onFocus={(e) => e.target.select()} />
        <Button
          type="button"
          $variant={tone === 'send' ? 'primary' : 'secondary'}
          onClick={() => void onCopy()}
        >
          {copied ? t('request.links.copied') : t('request.links.copy')}
        </Button>
      </Row>
    </Card>
  );
}

const Card = styled.div`
  display: grid;
  gap: ${space[2.5]};
  padding: ${space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.large};

  &[data-tone='keep'] {
    border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  }
  &[data-tone='send'] {
    border-inline-start: 4px solid ${({ theme }) => theme.color.primary};
  }
`;

const Title = styled.h3`
  font-size: ${fontSize.lg};
  font-weight: 700;
`;

const Body = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const LinkText = styled.input`
  flex: 1;
  min-inline-size: 0;
  padding: ${space[2]} ${space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-family: ui-monospace, monospace;
  font-size: ${fontSize.sm};
  direction: ltr;
`;
