/**
 * The one theme: dark, forced (DESIGN §1). Components read it through styled-components'
 * ThemeProvider; nothing hard-codes a colour outside this file.
 */
export const theme = {
  color: {
    background: '#0b0d12',
    surface: '#12151c',
    surfaceRaised: '#191d27',
    surfaceHover: '#202533',
    border: '#262b38',
    borderStrong: '#363d4e',
    text: '#e8eaf0',
    textMuted: '#a0a8b8',
    textSubtle: '#737c8f',
    primary: '#ff8a4c',
    primaryHover: '#ffa06b',
    primaryText: '#1b0c03',
    primarySoft: 'rgba(255, 138, 76, 0.12)',
    destructive: '#dc2626',
    destructiveHover: '#ef4444',
    destructiveText: '#ffffff',
    danger: '#f87171',
    focus: '#ffb287',
    backdrop: 'rgba(5, 6, 9, 0.72)',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Devanagari', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SF Mono', 'Cascadia Mono', 'Roboto Mono', Menlo, Consolas, monospace",
  },
  radius: { small: '8px', medium: '12px', large: '16px', round: '999px' },
  shadow: {
    raised: '0 1px 2px rgba(0, 0, 0, 0.4), 0 8px 24px rgba(0, 0, 0, 0.35)',
    overlay: '0 24px 64px rgba(0, 0, 0, 0.55)',
  },
  layout: { maxWidth: '1200px', contentWidth: '880px', navHeight: '64px' },
  /** Small phones. (The site menu collapses by measurement, not by a breakpoint.) */
  breakpoint: { narrow: '640px' },
  motion: { fast: '120ms', normal: '200ms' },
} as const;

export type AppTheme = typeof theme;

declare module 'styled-components' {
  // Merging the app theme into styled-components' DefaultTheme types every `props.theme`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
