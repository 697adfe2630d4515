import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../ui/Card.tsx';
import { Stack } from '../../ui/layout.ts';
import { DocumentText } from '../../ui/DocumentText.tsx';
import { fontSize, radius, space } from '../../ui/tokens.ts';

export type HeadingLevel = 2 | 3;

/** Documents appear on their own page (cards are h2) and inside a dialog (cards are h3). */
export interface DocumentProps {
  headingLevel: HeadingLevel;
}

interface DocumentCardProps {
  icon: ReactNode;
  title: string;
  body: string;
  headingLevel: HeadingLevel;
}

export function DocumentCard({ icon, title, body, headingLevel }: DocumentCardProps) {
  return (
    <Item as="li">
      <IconBadge aria-hidden="true">{icon}</IconBadge>
      <Title as={`h${headingLevel}`}>{title}</Title>
      <DocumentText text={body} />
    </Item>
  );
}

/** A responsive grid of cards: three across on a wide page, one in a dialog or on a phone. */
export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(250px, 100%), 1fr));
  gap: ${space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${space[2.5]};
`;

const IconBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 40px;
  block-size: 40px;
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const Title = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: 650;
`;

/** A titled block of text under the cards (e.g. "What our server stores"). */
export function DocumentSection({
  title,
  body,
  headingLevel,
}: {
  title: string;
  body: string;
  headingLevel: HeadingLevel;
}) {
  return (
    <Stack as="section" $gap={3}>
      <SectionTitle as={`h${headingLevel}`}>{title}</SectionTitle>
      <DocumentText text={body} />
    </Stack>
  );
}

const SectionTitle = styled.h2`
  font-size: ${fontSize.xl};
  font-weight: 650;
`;

/** The vertical rhythm of a whole document. */
export const DocumentStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[10]};
  text-align: start;
`;
