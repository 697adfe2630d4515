import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings } from '../../shared/desktop-settings.ts';
import { loadSettings, saveSettings, settingsPath } from './settings-store.ts';

const HOSTED: DesktopSettings = {
  server: 'hosted',
  hostedUrl: 'https://notes.example.org',
  builtInReach: 'this-computer',
  clearClipboard: false,
};

describe('settings store', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-settings-'));
    file = settingsPath(dir);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lives in the user-data folder', () => {
    expect(file).toBe(path.join(dir, 'settings.json'));
  });

  it('gives the defaults on first start', () => {
    expect(loadSettings(file)).toEqual(DEFAULT_DESKTOP_SETTINGS);
  });

  it('reads back what it saved, readable by the user only', () => {
    saveSettings(file, HOSTED);
    expect(loadSettings(file)).toEqual(HOSTED);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']); // no temporary file left
  });

  it('falls back to the defaults on a broken or tampered file, without crashing', () => {
    for (const content of [
      '{ not json',
      '[]',
      '"hosted"',
      JSON.stringify({ ...HOSTED, hostedUrl: 'http://evil.example' }),
      JSON.stringify({ ...HOSTED, hostedUrl: null }),
      JSON.stringify({ ...HOSTED, server: 'elsewhere' }),
    ]) {
      fs.writeFileSync(file, content);
      expect(loadSettings(file), content).toEqual(DEFAULT_DESKTOP_SETTINGS);
    }
  });

  it('fills fields a file from an older version lacks with their defaults', () => {
    fs.writeFileSync(file, JSON.stringify({ server: 'hosted', hostedUrl: 'https://n.example' }));
    expect(loadSettings(file)).toEqual({
      ...DEFAULT_DESKTOP_SETTINGS,
      server: 'hosted',
      hostedUrl: 'https://n.example',
    });
  });

  it('refuses to save invalid settings and keeps the previous file', () => {
    saveSettings(file, HOSTED);
    expect(() => saveSettings(file, { ...HOSTED, hostedUrl: 'http://evil.example' })).toThrow();
    expect(loadSettings(file)).toEqual(HOSTED);
  });
});
