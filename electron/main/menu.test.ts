import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { MENU_LABEL_KEYS, type MenuLabels } from '../../shared/desktop-bridge.ts';
import { DEFAULT_MENU_LABELS, MENU_ROUTES, menuTemplate, type MenuOptions } from './menu.ts';

function items(list: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return list.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? items(item.submenu) : []),
  ]);
}
const roles = (list: MenuItemConstructorOptions[]) =>
  items(list).flatMap((item) => (item.role ? [item.role] : []));

function template(overrides: Partial<MenuOptions> = {}) {
  const openPath = vi.fn();
  const built = menuTemplate({
    platform: 'linux',
    devTools: false,
    labels: DEFAULT_MENU_LABELS,
    openPath,
    ...overrides,
  });
  return { built, openPath };
}

// Labels that show where each one lands ("«file»" for the File menu…).
const marked = Object.fromEntries(MENU_LABEL_KEYS.map((key) => [key, `«${key}»`])) as MenuLabels;

describe('menuTemplate', () => {
  it('has File, Edit, View, Window and Help, with the app menu first on macOS', () => {
    const linux = template({ labels: marked }).built;
    expect(linux.map((item) => item.label)).toEqual([
      '«file»',
      '«edit»',
      '«view»',
      '«window»',
      '«help»',
    ]);
    const mac = template({ platform: 'darwin', labels: marked }).built;
    expect(mac[0]!.role).toBe('appMenu');
    expect(mac.slice(1).map((item) => item.label)).toEqual([
      '«file»',
      '«edit»',
      '«view»',
      '«window»',
      '«help»',
    ]);
  });

  it('shows every item in the given language: each label comes from the labels given', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const all = items(template({ platform, labels: marked, devTools: true }).built);
      for (const item of all) {
        if (item.type === 'separator' || item.role === 'appMenu') continue;
        // Roles the system words itself on macOS (Services, Hide…) carry no label of ours.
        if (['services', 'hide', 'hideOthers', 'unhide'].includes(item.role ?? '')) continue;
        expect(item.label, JSON.stringify(item.role)).toMatch(/^«\w+»$/);
      }
    }
  });

  it('offers the About panel, in the app menu on macOS and under Help elsewhere', () => {
    const mac = template({ platform: 'darwin' }).built;
    expect(roles([mac[0]!])).toContain('about');
    expect(roles(mac.slice(1))).not.toContain('about');
    const windows = template({ platform: 'win32' }).built;
    const help = windows.find((item) => item.role === 'help')!;
    expect(roles([help])).toContain('about');
  });

  it('has the standard editing roles that make the shortcuts work', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const all = roles(template({ platform }).built);
      for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit']) {
        expect(all, `${platform} ${role}`).toContain(role);
      }
    }
  });

  it('runs no app code but opening its own routes: settings, security, FAQ', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const { built, openPath } = template({ platform, devTools: true });
      const clickable = items(built).filter((item) => item.click !== undefined);
      for (const item of clickable) {
        expect(item.role).toBeUndefined();
        (item.click as () => void)();
      }
      expect(openPath.mock.calls.map(([path]) => path).sort()).toEqual(
        Object.values(MENU_ROUTES).sort(),
      );
      const settings = clickable.find((item) => item.label === DEFAULT_MENU_LABELS.settings);
      expect(settings?.accelerator).toBe('CmdOrCtrl+,');
    }
  });

  it('offers DevTools only when they are enabled', () => {
    expect(roles(template({ devTools: true }).built)).toContain('toggleDevTools');
    expect(roles(template({ devTools: false }).built)).not.toContain('toggleDevTools');
  });
});
