import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClipboardGuard } from './clipboard-guard.ts';

function fakeClipboard() {
  let text = '';
  return {
    readText: () => Promise.resolve(text),
    writeText: vi.fn((value: string) => {
      text = value;
      return Promise.resolve();
    }),
    clear: vi.fn(() => {
      text = '';
    }),
    userCopies: (value: string) => {
      text = value;
    },
    /** What is on the clipboard now. */
    holds: () => text,
  };
}

describe('clipboard guard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function guard(enabled = true) {
    const clipboard = fakeClipboard();
    const settings = { enabled };
    const guarded = createClipboardGuard({
      clipboard,
      delayMs: 60_000,
      enabled: () => settings.enabled,
    });
    return { clipboard, guarded, settings };
  }

  it('clears the copied note after the delay when it is still on the clipboard', async () => {
    const { clipboard, guarded } = guard();
    await guarded.writeSensitive('the secret note');
    expect(clipboard.holds()).toBe('the secret note');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(clipboard.holds()).toBe('the secret note');
    await vi.advanceTimersByTimeAsync(1);
    expect(clipboard.clear).toHaveBeenCalledOnce();
    expect(clipboard.holds()).toBe('');
  });

  it('leaves what the user copied since alone', async () => {
    const { clipboard, guarded } = guard();
    await guarded.writeSensitive('the secret note');
    clipboard.userCopies('a shopping list');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clipboard.clear).not.toHaveBeenCalled();
    expect(clipboard.holds()).toBe('a shopping list');
  });

  it('does nothing more than copy when the setting is off', async () => {
    const { clipboard, guarded } = guard(false);
    await guarded.writeSensitive('the secret note');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(clipboard.clear).not.toHaveBeenCalled();
    expect(clipboard.holds()).toBe('the secret note');
  });

  it('restarts the delay for a second copy, and clears only once', async () => {
    const { clipboard, guarded } = guard();
    await guarded.writeSensitive('first');
    await vi.advanceTimersByTimeAsync(30_000);
    await guarded.writeSensitive('second');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.holds()).toBe('second');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.holds()).toBe('');
    expect(clipboard.clear).toHaveBeenCalledOnce();
  });

  it('guards only the copy that finished last when two overlap', async () => {
    const { clipboard, guarded } = guard();
    await Promise.all([guarded.writeSensitive('first'), guarded.writeSensitive('second')]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clipboard.clear).toHaveBeenCalledOnce();
    expect(clipboard.holds()).toBe('');
  });

  it('clears at once on quit, and then not again', async () => {
    const { clipboard, guarded } = guard();
    await guarded.writeSensitive('the secret note');
    await guarded.flush();
    expect(clipboard.holds()).toBe('');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clipboard.clear).toHaveBeenCalledOnce();
  });
});
