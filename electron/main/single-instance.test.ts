import { describe, expect, it, vi } from 'vitest';
import { claimSingleInstance } from './single-instance.ts';

function fakeApp(lockAvailable: boolean) {
  const listeners: Array<() => void> = [];
  return {
    requestSingleInstanceLock: vi.fn(() => lockAvailable),
    on: vi.fn((_event: 'second-instance', listener: () => void) => listeners.push(listener)),
    secondLaunch: () => listeners.forEach((listener) => listener()),
  };
}

describe('claimSingleInstance', () => {
  it('takes the lock and brings this instance forward on a second launch', () => {
    const app = fakeApp(true);
    const focus = vi.fn();
    expect(claimSingleInstance(app, focus)).toBe(true);
    app.secondLaunch();
    expect(focus).toHaveBeenCalledOnce();
  });

  it('tells a second instance to quit, without listening for launches', () => {
    const app = fakeApp(false);
    expect(claimSingleInstance(app, vi.fn())).toBe(false);
    expect(app.on).not.toHaveBeenCalled();
  });
});
