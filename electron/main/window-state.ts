import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { WINDOW_MIN_SIZE } from './window.ts';

/**
 * The window comes back where the user left it: size, position and whether it was maximized,
 * kept in the user-data folder. A position on a display that is no longer attached is dropped
 * (the window is centred instead), so it never opens out of sight.
 */

export const WINDOW_STATE_FILE = 'window-state.json';

export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(WINDOW_MIN_SIZE.width).max(20_000),
  height: z.number().int().min(WINDOW_MIN_SIZE.height).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function windowStatePath(userDataDir: string): string {
  return path.join(userDataDir, WINDOW_STATE_FILE);
}

export function loadWindowState(file: string): WindowState | null {
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  const valid = windowStateSchema.safeParse(state);
  if (!valid.success) return;
  try {
    fs.writeFileSync(file, JSON.stringify(valid.data));
  } catch {
    // Only a convenience: the next start uses the default size.
  }
}

/** How much of the title bar must be on a display for the saved position to be kept. */
const VISIBLE_MIN_PX = 64;

/** The bounds to open with: the saved ones if visible on a current display, else size only. */
export function restoredBounds(
  state: WindowState | null,
  workAreas: readonly Rect[],
): Partial<Rect> | null {
  if (state === null) return null;
  const { x, y, width, height } = state;
  const visible = workAreas.some(
    (area) =>
      Math.min(x + width, area.x + area.width) - Math.max(x, area.x) >= VISIBLE_MIN_PX &&
      y >= area.y &&
      y < area.y + area.height - VISIBLE_MIN_PX / 2,
  );
  return visible ? { x, y, width, height } : { width, height };
}

/** The part of a BrowserWindow whose state is remembered (a fake in tests). */
export interface TrackedWindow {
  on(event: 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

/** Saves the window's state when it closes (the normal bounds, even when maximized). */
export function rememberWindowState(window: TrackedWindow, save: (state: WindowState) => void) {
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    save({
      x: Math.round(bounds.x),
      y: Math.round(bounds.y),
      width: Math.round(bounds.width),
      height: Math.round(bounds.height),
      maximized: window.isMaximized(),
    });
  });
}
