import styled from 'styled-components';
import { fontSize, radius, space } from '../../ui/tokens.ts';

/**
 * The article's body. The server sanitized it with an allow-list (backend blog-html.ts: no
 * scripts, handlers, styles or non-http links), so it is the one HTML this app renders as such;
 * with no inline script or style in it, the CSP stays strict.
 */
export function ArticleBody({ html }: { html: string }) {
  // In the article's own direction, whatever the interface's (see BlogCard).
  return <Body dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}

const Body = styled.div`
  display: grid;
  gap: ${space[4]};
  font-size: ${fontSize.lg};
  line-height: 1.7;

  h2 {
    margin-block-start: ${space[4]};
    font-size: ${fontSize['3xl']};
    line-height: 1.3;
  }

  h3,
  h4 {
    margin-block-start: ${space[2]};
    font-size: ${fontSize.lg};
  }

  ul,
  ol {
    display: grid;
    gap: ${space[2]};
    padding-inline-start: ${space[6]};
  }

  a {
    color: ${({ theme }) => theme.color.primary};
  }

  code {
    padding-inline: ${space[1]};
    border-radius: ${radius.small};
    background: ${({ theme }) => theme.color.surfaceHover};
    font-size: 0.9em;
  }

  blockquote {
    padding-inline-start: ${space[4]};
    border-inline-start: 3px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
