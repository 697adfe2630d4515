import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MENU_LABEL_KEYS } from '../../../../shared/desktop-menu.ts';
import type { MenuLabels } from '../../../../shared/desktop-bridge.ts';
import { onLanguageChange, translator } from '../../i18n/index.ts';
import type { TFunction } from '../../i18n/index.ts';
import { platform } from '../../platform/index.ts';

/** The native menu's words in the current language, from the `desktop.menu` translations. */
export function menuLabels(t: TFunction): MenuLabels {
  return Object.fromEntries(
    MENU_LABEL_KEYS.map((key) => [key, t(`desktop.menu.${key}`)]),
  ) as MenuLabels;
}

/**
 * Ties the page to the desktop shell, where there is one: routes the shell asks for (a deep
 * link, a menu item, a pasted link) are shown through the router, without a reload; the native
 * menu follows the language switcher. Nothing happens on the web. Returns the undoing.
 */
export function connectDesktopShell(navigate: (path: string) => void): () => void {
  const stopOpening = platform.onOpenPath?.(navigate) ?? (() => {});
  const { setMenuLabels } = platform;
  if (setMenuLabels === undefined) return stopOpening;
  const send = () => setMenuLabels(menuLabels(translator('translation')));
  send();
  const stopFollowing = onLanguageChange(send);
  return () => {
    stopOpening();
    stopFollowing();
  };
}

/** connectDesktopShell for as long as the routes are shown. */
export function useDesktopShell(): void {
  const navigate = useNavigate();
  useEffect(() => connectDesktopShell((path) => void navigate(path)), [navigate]);
}
