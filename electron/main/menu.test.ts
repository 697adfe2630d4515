import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate } from './menu.ts';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('menuTemplate', () => {
  it('uses standard roles only: no item runs app code or opens a page', () => {
    const walk = (items: MenuItemConstructorOptions[]): void => {
      for (const item of items) {
        expect(item.click).toBeUndefined();
        expect(item.role !== undefined || item.type === 'separator' || item.submenu).toBeTruthy();
        if (Array.isArray(item.submenu)) walk(item.submenu);
      }
    };
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      walk(menuTemplate({ platform, devTools: true }));
    }
  });

  it('has the macOS app menu only on macOS, and an Edit menu everywhere', () => {
    const mac = roles(menuTemplate({ platform: 'darwin', devTools: false }));
    const linux = roles(menuTemplate({ platform: 'linux', devTools: false }));
    expect(mac).toContain('appMenu');
    expect(linux).not.toContain('appMenu');
    expect(mac).toContain('editMenu');
    expect(linux).toContain('editMenu');
  });

  it('offers DevTools only when they are enabled', () => {
    expect(roles(menuTemplate({ platform: 'linux', devTools: true }))).toContain('toggleDevTools');
    expect(roles(menuTemplate({ platform: 'linux', devTools: false }))).not.toContain(
      'toggleDevTools',
    );
  });
});
