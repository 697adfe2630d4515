/**
 * The native menu's words, supplied by the renderer in its current language (the translations
 * live with the renderer's, in one place), so the menu follows the language switcher. Apart from
 * desktop-bridge.ts (its schemas) so the page can name them without loading zod.
 */
export const MENU_LABEL_KEYS = [
  'file',
  'settings',
  'quit',
  'edit',
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'selectAll',
  'view',
  'reload',
  'toggleDevTools',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'toggleFullScreen',
  'window',
  'minimize',
  'close',
  'help',
  'security',
  'faq',
  'about',
] as const;
export type MenuLabelKey = (typeof MENU_LABEL_KEYS)[number];
