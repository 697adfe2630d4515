import { describe, expect, it, vi } from 'vitest';
import { finishBeforeQuit } from './quit.ts';

function fakeApp() {
  let listener: ((event: { preventDefault(): void }) => void) | undefined;
  const app = {
    on: vi.fn((_event: 'will-quit', l: (event: { preventDefault(): void }) => void) => {
      listener = l;
    }),
    quit: vi.fn(),
  };
  const willQuit = () => {
    const event = { preventDefault: vi.fn() };
    listener?.(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { app, willQuit };
}

describe('finishBeforeQuit', () => {
  it('holds the quit until the work has finished, then quits once', async () => {
    const { app, willQuit } = fakeApp();
    let finishWork = () => {};
    const finish = vi.fn(() => new Promise<void>((resolve) => (finishWork = resolve)));
    finishBeforeQuit(app, finish, vi.fn());

    expect(willQuit()).toBe(true);
    expect(willQuit()).toBe(true); // a second quit request while finishing is held too
    expect(finish).toHaveBeenCalledOnce();
    expect(app.quit).not.toHaveBeenCalled();

    finishWork();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(willQuit()).toBe(false); // the quit it re-issued goes through
  });

  it('reports failed work and quits anyway', async () => {
    const { app, willQuit } = fakeApp();
    const onError = vi.fn();
    const failure = new Error('stuck');
    finishBeforeQuit(app, () => Promise.reject(failure), onError);
    willQuit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
