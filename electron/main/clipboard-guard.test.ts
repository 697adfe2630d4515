import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClipboardGuard } from './clipboard-guard.ts';

function fakeClipboard() {
  let text = '';
  return {
    readText: () => text,
    writeText: vi.fn((value: string) => {
      text = value;
    }),
    clear: vi.fn(() => {
      text = '';
    }),
    userCopies: (value: string) => {
      text = value;
    },
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

  it('clears the copied note after the delay when it is still on the clipboard', () => {
    const { clipboard, guarded } = guard();
    guarded.writeSensitive('the secret note');
    expect(clipboard.readText()).toBe('the secret note');
    vi.advanceTimersByTime(59_999);
    expect(clipboard.readText()).toBe('the secret note');
    vi.advanceTimersByTime(1);
    expect(clipboard.clear).toHaveBeenCalledOnce();
    expect(clipboard.readText()).toBe('');
  });

  it('leaves what the user copied since alone', () => {
    const { clipboard, guarded } = guard();
    guarded.writeSensitive('the secret note');
    clipboard.userCopies('a shopping list');
    vi.advanceTimersByTime(60_000);
    expect(clipboard.clear).not.toHaveBeenCalled();
    expect(clipboard.readText()).toBe('a shopping list');
  });

  it('does nothing more than copy when the setting is off', () => {
    const { clipboard, guarded } = guard(false);
    guarded.writeSensitive('the secret note');
    vi.advanceTimersByTime(120_000);
    expect(clipboard.clear).not.toHaveBeenCalled();
    expect(clipboard.readText()).toBe('the secret note');
  });

  it('restarts the delay for a second copy, and clears only once', () => {
    const { clipboard, guarded } = guard();
    guarded.writeSensitive('first');
    vi.advanceTimersByTime(30_000);
    guarded.writeSensitive('second');
    vi.advanceTimersByTime(30_000);
    expect(clipboard.readText()).toBe('second');
    vi.advanceTimersByTime(30_000);
    expect(clipboard.readText()).toBe('');
    expect(clipboard.clear).toHaveBeenCalledOnce();
  });

  it('clears at once on quit, and then not again', () => {
    const { clipboard, guarded } = guard();
    guarded.writeSensitive('the secret note');
    guarded.flush();
    expect(clipboard.readText()).toBe('');
    vi.advanceTimersByTime(60_000);
    expect(clipboard.clear).toHaveBeenCalledOnce();
  });
});
