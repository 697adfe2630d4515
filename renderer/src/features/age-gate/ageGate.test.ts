import { describe, expect, it } from 'vitest';
import {
  AGE_VERIFIED_STORAGE_KEY,
  isAgeGateRequired,
  readAgeVerified,
  writeAgeVerified,
} from './ageGate.ts';
import type { DeviceFacts } from './ageGate.ts';

const iPhone: DeviceFacts = {
  platformKind: 'web',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
  navigatorPlatform: 'iPhone',
  maxTouchPoints: 5,
  viewportWidth: 390,
};
const desktopChrome: DeviceFacts = {
  platformKind: 'web',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  navigatorPlatform: 'Linux x86_64',
  maxTouchPoints: 0,
  viewportWidth: 1280,
};

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('age gate', () => {
  it('is required in the desktop app, whatever the screen', () => {
    expect(isAgeGateRequired({ ...desktopChrome, platformKind: 'desktop' })).toBe(true);
  });

  it('is required on an iPhone and on an iPad reporting MacIntel, at 768px or narrower', () => {
    expect(isAgeGateRequired(iPhone)).toBe(true);
    expect(isAgeGateRequired({ ...iPhone, viewportWidth: 768 })).toBe(true);
    const iPadDesktopMode = {
      ...iPhone,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15',
      navigatorPlatform: 'MacIntel',
      viewportWidth: 744,
    };
    expect(isAgeGateRequired(iPadDesktopMode)).toBe(true);
  });

  it('is not shown on wider iOS screens, desktop browsers or Android', () => {
    expect(isAgeGateRequired({ ...iPhone, viewportWidth: 1024 })).toBe(false);
    expect(isAgeGateRequired(desktopChrome)).toBe(false);
    expect(
      isAgeGateRequired({ ...desktopChrome, maxTouchPoints: 0, navigatorPlatform: 'MacIntel' }),
    ).toBe(false);
    expect(
      isAgeGateRequired({
        ...iPhone,
        userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile',
        navigatorPlatform: 'Linux armv8l',
      }),
    ).toBe(false);
  });

  it("remembers 'yes' as the string 'true'", () => {
    const storage = memoryStorage();
    expect(readAgeVerified(storage)).toBe(false);
    writeAgeVerified(storage);
    expect(storage.values.get(AGE_VERIFIED_STORAGE_KEY)).toBe('true');
    expect(readAgeVerified(storage)).toBe(true);
  });

  it('treats unavailable storage as unanswered', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readAgeVerified(throwing)).toBe(false);
    expect(() => writeAgeVerified(throwing)).not.toThrow();
    expect(readAgeVerified(null)).toBe(false);
  });
});
