import type { MenuItemConstructorOptions } from 'electron';
import type { MenuLabels } from '../../shared/desktop-bridge.ts';

/**
 * The native menu: File (settings, quit), Edit, View, Window and Help (the security page, the
 * FAQ, the About panel), in the renderer's language. Standard roles give the usual shortcuts
 * their platform behaviour (on macOS the Edit menu is what makes Cmd+C/Cmd+V work at all); the
 * only app actions are routes of the app itself, never a web page or arbitrary code.
 */

/** Until the renderer has said which language it shows. */
export const DEFAULT_MENU_LABELS: MenuLabels = {
  file: 'File',
  settings: 'Settings…',
  quit: 'Quit Ashnote',
  edit: 'Edit',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  view: 'View',
  reload: 'Reload',
  toggleDevTools: 'Toggle Developer Tools',
  resetZoom: 'Actual Size',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  toggleFullScreen: 'Toggle Full Screen',
  window: 'Window',
  minimize: 'Minimize',
  close: 'Close Window',
  help: 'Help',
  security: 'How Ashnote protects you',
  faq: 'FAQ',
  about: 'About Ashnote',
};

/** Routes the menu may open; the only thing a menu click does besides standard roles. */
export const MENU_ROUTES = {
  settings: '/settings',
  security: '/security',
  faq: '/faq',
} as const;

export interface MenuOptions {
  platform: NodeJS.Platform;
  devTools: boolean;
  labels: MenuLabels;
  openPath: (path: (typeof MENU_ROUTES)[keyof typeof MENU_ROUTES]) => void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { labels: l, openPath } = options;
  const mac = options.platform === 'darwin';
  const settings: MenuItemConstructorOptions = {
    label: l.settings,
    accelerator: 'CmdOrCtrl+,',
    click: () => openPath(MENU_ROUTES.settings),
  };
  const about: MenuItemConstructorOptions = { role: 'about', label: l.about };

  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    submenu: [
      about,
      separator,
      settings,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit', label: l.quit },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: l.file,
    submenu: mac
      ? [{ role: 'close', label: l.close }]
      : [settings, separator, { role: 'quit', label: l.quit }],
  };
  const edit: MenuItemConstructorOptions = {
    label: l.edit,
    submenu: [
      { role: 'undo', label: l.undo },
      { role: 'redo', label: l.redo },
      separator,
      { role: 'cut', label: l.cut },
      { role: 'copy', label: l.copy },
      { role: 'paste', label: l.paste },
      { role: 'selectAll', label: l.selectAll },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: l.view,
    submenu: [
      { role: 'reload', label: l.reload },
      ...(options.devTools ? [{ role: 'toggleDevTools', label: l.toggleDevTools } as const] : []),
      separator,
      { role: 'resetZoom', label: l.resetZoom },
      { role: 'zoomIn', label: l.zoomIn },
      { role: 'zoomOut', label: l.zoomOut },
      separator,
      { role: 'togglefullscreen', label: l.toggleFullScreen },
    ],
  };
  const window: MenuItemConstructorOptions = {
    role: 'windowMenu',
    label: l.window,
    submenu: [
      { role: 'minimize', label: l.minimize },
      { role: 'close', label: l.close },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: l.help,
    submenu: [
      { label: l.security, click: () => openPath(MENU_ROUTES.security) },
      { label: l.faq, click: () => openPath(MENU_ROUTES.faq) },
      // On macOS About sits in the app menu.
      ...(mac ? [] : [separator, about]),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, window, help];
}
