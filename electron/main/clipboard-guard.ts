import crypto from 'node:crypto';

/**
 * Text copied from a revealed note does not linger: after a delay the clipboard is cleared if it
 * still holds that text (anything copied since is the user's and stays). Only a hash of the text
 * is kept for the comparison, never the text itself.
 */

/** The part of Electron's clipboard this uses (a fake in tests). */
export interface ClipboardLike {
  readText(): string;
  writeText(text: string): void;
  clear(): void;
}

export interface ClipboardGuardOptions {
  clipboard: ClipboardLike;
  delayMs: number;
  /** The user's setting, read at copy time. */
  enabled: () => boolean;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export function createClipboardGuard(options: ClipboardGuardOptions) {
  let guarded: { hash: string; timer: ReturnType<typeof setTimeout> } | null = null;

  const clearIfStillOurs = () => {
    if (guarded === null) return;
    clearTimeout(guarded.timer);
    if (digest(options.clipboard.readText()) === guarded.hash) options.clipboard.clear();
    guarded = null;
  };

  return {
    /** Copies the text and, if the setting is on, schedules its removal. */
    writeSensitive(text: string): void {
      if (guarded !== null) clearTimeout(guarded.timer);
      guarded = null;
      options.clipboard.writeText(text);
      if (!options.enabled()) return;
      guarded = { hash: digest(text), timer: setTimeout(clearIfStillOurs, options.delayMs) };
      guarded.timer.unref?.();
    },
    /** At quit: clear now rather than leave the text behind the closed app. */
    flush: clearIfStillOurs,
  };
}
