import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  loadWindowState,
  rememberWindowState,
  restoredBounds,
  saveWindowState,
  windowStatePath,
  type WindowState,
} from './window-state.ts';

const STATE: WindowState = { x: 100, y: 80, width: 1000, height: 700, maximized: false };
const SCREEN = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe('window state', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-window-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is saved on close, normal bounds even when maximized, and read back', () => {
    const file = windowStatePath(dir);
    let onClose = () => {};
    const window = {
      on: vi.fn((_event: 'close', listener: () => void) => (onClose = listener)),
      getNormalBounds: () => ({ x: 10.4, y: 20, width: 900, height: 650.6 }),
      isMaximized: () => true,
    };
    rememberWindowState(window, (state) => saveWindowState(file, state));
    onClose();
    expect(loadWindowState(file)).toEqual({
      x: 10,
      y: 20,
      width: 900,
      height: 651,
      maximized: true,
    });
  });

  it('reads nothing from a missing, broken or absurd file', () => {
    const file = path.join(dir, 'other.json');
    expect(loadWindowState(file)).toBeNull();
    for (const content of ['{', JSON.stringify({ ...STATE, width: 10 }), '{}']) {
      fs.writeFileSync(file, content);
      expect(loadWindowState(file), content).toBeNull();
    }
  });

  it('reopens where it was when that place is on a display', () => {
    expect(restoredBounds(STATE, SCREEN)).toEqual({ x: 100, y: 80, width: 1000, height: 700 });
    const second = [...SCREEN, { x: 1920, y: 0, width: 1280, height: 1024 }];
    expect(restoredBounds({ ...STATE, x: 2000 }, second)).toMatchObject({ x: 2000 });
  });

  it('keeps only the size when the saved place is off every display', () => {
    expect(restoredBounds({ ...STATE, x: 2500 }, SCREEN)).toEqual({ width: 1000, height: 700 });
    expect(restoredBounds({ ...STATE, y: -500 }, SCREEN)).toEqual({ width: 1000, height: 700 });
    expect(restoredBounds({ ...STATE, x: -990 }, SCREEN)).toEqual({ width: 1000, height: 700 });
    expect(restoredBounds(null, SCREEN)).toBeNull();
  });
});
