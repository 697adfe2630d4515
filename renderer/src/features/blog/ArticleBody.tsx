import styled from 'styled-components';

/**
 * The article's body. The server sanitized it with an allow-list (backend blog-html.ts: no
 * scripts, handlers, styles or non-http links), so it is the one HTML this app renders as such;
 * with no inline script or style in it, the CSP stays strict.
 */
export function ArticleBody({ html }: { html: string }) {
  return <Body dangerouslySetInnerHTML={{ __html: html }} />;
}

const Body = styled.div`
  display: grid;
  gap: 16px;
  font-size: 17px;
  line-height: 1.7;

  h2 {
    margin-block-start: 16px;
    font-size: 24px;
    line-height: 1.3;
  }

  h3,
  h4 {
    margin-block-start: 8px;
    font-size: 19px;
  }

  ul,
  ol {
    display: grid;
    gap: 8px;
    padding-inline-start: 24px;
  }

  a {
    color: ${({ theme }) => theme.color.primary};
  }

  code {
    padding-inline: 4px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.color.surfaceHover};
    font-size: 0.9em;
  }

  blockquote {
    padding-inline-start: 16px;
    border-inline-start: 3px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
