import crypto from 'node:crypto';

/**
 * Text copied from a revealed note does not linger: after a delay the clipboard is cleared if it
 * still holds that text (anything copied since is the user's and stays). Only a hash of the text
 * is kept for the comparison, never the text itself.
 */

/**
 * The part of Electron's clipboard this uses (a fake in tests). Since Electron 45 reading and
 * writing are asynchronous, after the web's `navigator.clipboard`.
 */
export interface ClipboardLike {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
  clear(): void;
}

export interface ClipboardGuardOptions {
  clipboard: ClipboardLike;
  delayMs: number;
  /** The user's setting, read at copy time. */
  enabled: () => boolean;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

interface Guarded {
  hash: string;
  timer: ReturnType<typeof setTimeout>;
}

export function createClipboardGuard(options: ClipboardGuardOptions) {
  let guarded: Guarded | null = null;

  const release = (): Guarded | null => {
    const released = guarded;
    if (released !== null) clearTimeout(released.timer);
    guarded = null;
    return released;
  };

  const clearIfStillOurs = async () => {
    const released = release();
    if (released === null) return;
    const current = await options.clipboard.readText();
    // A note copied while this read was under way is guarded anew; its own timer clears it.
    if (guarded === null && digest(current) === released.hash) options.clipboard.clear();
  };

  return {
    /** Copies the text and, if the setting is on, schedules its removal. */
    async writeSensitive(text: string): Promise<void> {
      release();
      await options.clipboard.writeText(text);
      // Another copy may have finished meanwhile: the last to finish is the one guarded.
      release();
      if (!options.enabled()) return;
      const timer = setTimeout(() => void clearIfStillOurs(), options.delayMs);
      timer.unref?.();
      guarded = { hash: digest(text), timer };
    },
    /** At quit: clear now rather than leave the text behind the closed app. */
    flush: clearIfStillOurs,
  };
}
