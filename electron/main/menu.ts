import type { MenuItemConstructorOptions } from 'electron';

/**
 * A minimal menu of standard roles: it gives the usual shortcuts (copy/paste, zoom, quit) their
 * platform behaviour, and on macOS the Edit menu is what makes Cmd+C/Cmd+V work at all. No item
 * opens a web page or runs app code.
 */
export function menuTemplate(options: {
  platform: NodeJS.Platform;
  devTools: boolean;
}): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
