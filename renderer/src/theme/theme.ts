import { fontSize, layer, radius, space } from '../ui/tokens.ts';

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
    // At least 4.5:1 (WCAG AA) on every surface below, for small print.
    textSubtle: '#838c9f',
    primary: '#ff8a4c',
    primaryHover: '#ffa06b',
    primaryText: '#1b0c03',
    primarySoft: 'rgba(255, 138, 76, 0.12)',
    destructive: '#dc2626',
    destructiveHover: '#ef4444',
    destructiveText: '#ffffff',
    danger: '#f87171',
    warning: '#f59e0b',
    warningSoft: 'rgba(245, 158, 11, 0.12)',
    focus: '#ffb287',
    /** A second series beside `primary` in charts. */
    chartSecondary: '#7cb7ff',
    backdrop: 'rgba(5, 6, 9, 0.72)',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Devanagari', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    /**
     * Scripts whose glyphs differ by language (Han in Chinese, Japanese, Korean) or that need a
     * font made for them: each language's own system fonts first, never a downloaded webfont.
     */
    byLanguage: {
      zh: "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC'",
      ja: "'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', 'Yu Gothic', Meiryo, 'Noto Sans CJK JP', 'Noto Sans JP', 'Source Han Sans JP'",
      ko: "'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Noto Sans KR', 'Source Han Sans KR'",
      hi: "'Kohinoor Devanagari', 'Nirmala UI', Mangal, 'Noto Sans Devanagari'",
      ar: "'Geeza Pro', 'Segoe UI', 'Noto Sans Arabic', 'Noto Naskh Arabic', Tahoma",
    },
    mono: "ui-monospace, 'SF Mono', 'Cascadia Mono', 'Roboto Mono', Menlo, Consolas, monospace",
  },
  // The scales (ui/tokens.ts): spacing, type, radii and stacking layers.
  space,
  fontSize,
  radius,
  layer,
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
