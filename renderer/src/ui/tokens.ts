/**
 * The design tokens: the spacing scale, the type scale, corner radii and stacking layers. Every
 * margin, padding, gap, inset, font size, radius and z-index in features/ comes from here (lint
 * rule `ashnote/no-raw-px`), so the app keeps one rhythm and a change of scale is made once.
 * They are part of the styled-components theme (theme/theme.ts) and are imported directly where
 * a style is static: `padding: ${space[4]}` is a plain string in the template, no function to
 * run on every render.
 *
 * What stays in pixels: a component's own geometry (an icon's box, a grid track's minimum, a
 * dialog's width), hairline borders and focus outlines. Those are properties of one component,
 * not steps of a scale.
 */

/** Steps of 4 px (step n is 4n px), with the half steps the layouts use. */
export const space = {
  0.5: '2px',
  1: '4px',
  1.5: '6px',
  2: '8px',
  2.5: '10px',
  3: '12px',
  3.5: '14px',
  4: '16px',
  4.5: '18px',
  5: '20px',
  6: '24px',
  7: '28px',
  8: '32px',
  10: '40px',
  12: '48px',
  18: '72px',
  20: '80px',
} as const;
export type SpaceStep = keyof typeof space;

/** Text sizes, smallest to largest; the page's body text is `base`. */
export const fontSize = {
  xs: '12px',
  sm: '13px',
  md: '14px',
  base: '16px',
  lg: '18px',
  xl: '20px',
  '2xl': '22px',
  '3xl': '24px',
  '4xl': '28px',
  '5xl': '32px',
} as const;

export const radius = {
  xsmall: '4px',
  small: '8px',
  medium: '12px',
  large: '16px',
  round: '999px',
} as const;

/** What stacks over what, lowest first. Dialogs use the browser's top layer, above all of these. */
export const layer = {
  /** The site header, the mobile tab bar. */
  bar: 40,
  /** A menu opened from a bar (the language list). */
  menu: 50,
  /** The bar shown while a page's code loads. */
  loading: 60,
  toast: 100,
  /** The "skip to content" link, when focused. */
  skipLink: 200,
} as const;
