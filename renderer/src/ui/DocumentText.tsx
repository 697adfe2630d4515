import styled from 'styled-components';
import { parseDocumentText } from './documentText.ts';
import { space } from './tokens.ts';

/** One translated document text, as paragraphs and bulleted lists (see documentText.ts). */
export function DocumentText({ text }: { text: string }) {
  return (
    <Body>
      {parseDocumentText(text).map((block, index) =>
        block.kind === 'list' ? (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </List>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
  color: ${({ theme }) => theme.color.textMuted};
  text-wrap: pretty;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space[1.5]};
  margin: 0;
  padding-inline-start: ${space[5]};

  li::marker {
    color: ${({ theme }) => theme.color.primary};
  }
`;
