import type { Platform } from '../../platform/Platform.ts';

/** Spec §2: the answer "yes" is remembered as the string 'true' under this key. */
export const AGE_VERIFIED_STORAGE_KEY = 'ashnote.ageVerified';
/** Where "Find Age-Appropriate Alternatives" leads (an independent reviews site). */
export const AGE_ALTERNATIVES_URL = 'https://www.commonsensemedia.org/website-reviews';
/** iOS devices at or below this viewport width count as the phone app. */
export const AGE_GATE_MAX_VIEWPORT_PX = 768;

export interface DeviceFacts {
  platformKind: Platform['kind'];
  userAgent: string;
  /** `navigator.platform`: iPadOS reports "MacIntel" but has touch points. */
  navigatorPlatform: string;
  maxTouchPoints: number;
  viewportWidth: number;
}

export function isIOS({ userAgent, navigatorPlatform, maxTouchPoints }: DeviceFacts): boolean {
  return (
    /\b(iPhone|iPad|iPod)\b/.test(userAgent) ||
    (navigatorPlatform === 'MacIntel' && maxTouchPoints > 1)
  );
}

/**
 * Spec §2: the gate is shown in the native (desktop) app, and on iOS devices whose screen is
 * 768px wide or narrower; everywhere else the app opens directly.
 */
export function isAgeGateRequired(device: DeviceFacts): boolean {
  if (device.platformKind === 'desktop') return true;
  return isIOS(device) && device.viewportWidth <= AGE_GATE_MAX_VIEWPORT_PX;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function readAgeVerified(storage: StorageLike | null): boolean {
  try {
    return storage?.getItem(AGE_VERIFIED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeAgeVerified(storage: StorageLike | null): void {
  try {
    storage?.setItem(AGE_VERIFIED_STORAGE_KEY, 'true');
  } catch {
    // Storage disabled: the answer holds for this visit only.
  }
}

export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether this browser, on `platformKind`, is asked its age before it sees the app. */
export function isAskedHere(platformKind: Platform['kind']): boolean {
  const required = isAgeGateRequired({
    platformKind,
    userAgent: navigator.userAgent,
    navigatorPlatform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    viewportWidth: window.innerWidth,
  });
  return required && !readAgeVerified(localStorageOrNull());
}
