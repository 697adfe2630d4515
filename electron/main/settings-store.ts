import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_DESKTOP_SETTINGS,
  desktopSettingsSchema,
  type DesktopSettings,
} from '../../shared/desktop-settings.ts';

/**
 * The settings file in the user-data folder. Read once at start; a missing, unreadable or
 * invalid file means the defaults (the built-in server), never a crash. Written whole through a
 * temporary file and a rename, so a crash mid-write leaves the previous settings, not half a file.
 */

export const SETTINGS_FILE = 'settings.json';

export function settingsPath(userDataDir: string): string {
  return path.join(userDataDir, SETTINGS_FILE);
}

export function loadSettings(file: string): DesktopSettings {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return DEFAULT_DESKTOP_SETTINGS;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_DESKTOP_SETTINGS;
  }
  // Settings saved by an older version lack newer fields: those take their defaults.
  const parsed = desktopSettingsSchema.safeParse(
    typeof value === 'object' && value !== null ? { ...DEFAULT_DESKTOP_SETTINGS, ...value } : value,
  );
  return parsed.success ? parsed.data : DEFAULT_DESKTOP_SETTINGS;
}

/** Validates before writing: an invalid value is a bug in the caller and is refused. */
export function saveSettings(file: string, settings: DesktopSettings): void {
  const valid = desktopSettingsSchema.parse(settings);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}
