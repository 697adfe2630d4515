import { createGlobalStyle } from 'styled-components';

/** Base styles. Logical properties only, so Arabic (rtl) mirrors without extra rules. */
export const GlobalStyle = createGlobalStyle`
  :root {
    color-scheme: dark;
    background: ${({ theme }) => theme.color.background};
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  /* A modal <dialog> is open: keep the page behind it still. */
  html:has(dialog[open]:modal) {
    overflow: hidden;
  }

  body {
    margin: 0;
    min-block-size: 100dvh;
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.font.body};
    font-size: 16px;
    line-height: 1.6;
    text-align: start;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  /* The page's language, and any element marked with its own (the language menu's names). */
  ${({ theme }) =>
    Object.entries(theme.font.byLanguage)
      .map(
        ([language, stack]) =>
          `body:lang(${language}), [lang]:lang(${language}) { font-family: ${stack}, ${theme.font.body}; }`,
      )
      .join('\n')}

  /* Japanese headings break between phrases, not inside a word (where the browser can). */
  :lang(ja) h1,
  :lang(ja) h2 {
    word-break: auto-phrase;
  }

  #root {
    min-block-size: 100dvh;
    display: flex;
    flex-direction: column;
  }

  h1,
  h2,
  h3,
  h4 {
    margin-block: 0;
    line-height: 1.2;
    letter-spacing: -0.01em;
  }

  p {
    margin-block: 0;
  }

  a {
    color: ${({ theme }) => theme.color.primary};
    text-underline-offset: 0.2em;
  }

  a:hover {
    color: ${({ theme }) => theme.color.primaryHover};
  }

  button,
  input,
  textarea,
  select {
    font: inherit;
    color: inherit;
  }

  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  /* Headings take focus after a route change; the ring would only distract there. */
  [tabindex='-1']:focus:not(:focus-visible) {
    outline: none;
  }

  ::selection {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
