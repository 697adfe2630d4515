import { describe, expect, it, vi } from 'vitest';
import { claimSingleInstance } from './single-instance.ts';

function fakeApp(lockAvailable: boolean) {
  const listeners: Array<(event: unknown, argv: string[]) => void> = [];
  return {
    requestSingleInstanceLock: vi.fn(() => lockAvailable),
    on: vi.fn((_event: 'second-instance', listener: (event: unknown, argv: string[]) => void) =>
      listeners.push(listener),
    ),
    secondLaunch: (argv: string[]) => listeners.forEach((listener) => listener({}, argv)),
  };
}

describe('claimSingleInstance', () => {
  it('takes the lock and hands a second launch its arguments', () => {
    const app = fakeApp(true);
    const onSecond = vi.fn();
    expect(claimSingleInstance(app, onSecond)).toBe(true);
    app.secondLaunch(['/opt/Ashnote/ashnote', 'ashnote://note/x#y']);
    expect(onSecond).toHaveBeenCalledExactlyOnceWith([
      '/opt/Ashnote/ashnote',
      'ashnote://note/x#y',
    ]);
  });

  it('tells a second instance to quit, without listening for launches', () => {
    const app = fakeApp(false);
    expect(claimSingleInstance(app, vi.fn())).toBe(false);
    expect(app.on).not.toHaveBeenCalled();
  });
});
