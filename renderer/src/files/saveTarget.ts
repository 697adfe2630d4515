/**
 * Where a decrypted file goes as its chunks open. Where the browser lets a page write a file
 * the reader chose (the File System Access API: Chromium on a computer, the desktop app), the
 * plaintext streams to disk and the file appears under its name only when whole (the browser
 * writes to a temporary file until `close`). Elsewhere it collects in a Blob, handed to the
 * browser's download once every chunk opened.
 */
export interface SaveTarget {
  write(plaintext: Uint8Array): Promise<void>;
  /** Every chunk opened: the file may now appear. */
  finish(): Promise<void>;
  /** Nothing of a file that did not open whole may remain. */
  discard(): Promise<void>;
}

/** The parts of the File System Access API used here (not yet in TypeScript's DOM types). */
interface SaveFilePicker {
  showSaveFilePicker(options: { suggestedName: string }): Promise<{
    createWritable(): Promise<{
      write(data: Uint8Array): Promise<void>;
      close(): Promise<void>;
      abort(): Promise<void>;
    }>;
  }>;
}

function hasSavePicker(scope: object): scope is SaveFilePicker {
  return typeof (scope as Partial<SaveFilePicker>).showSaveFilePicker === 'function';
}

/** The save dialog was closed without choosing a place. */
export class SaveCancelled extends Error {
  override readonly name = 'SaveCancelled';
}

/**
 * Asks where to save `name` (only where the browser has a save dialog). Call it straight from
 * the click: the dialog needs the reader's gesture.
 */
export async function chooseSaveTarget(name: string, type: string): Promise<SaveTarget> {
  if (!hasSavePicker(window)) return blobDownload(name, type);
  let handle;
  try {
    handle = await window.showSaveFilePicker({ suggestedName: name });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new SaveCancelled();
    throw error;
  }
  const writable = await handle.createWritable();
  return {
    write: (plaintext) => writable.write(plaintext),
    finish: () => writable.close(),
    discard: () => writable.abort().catch(() => undefined),
  };
}

/** How long a finished download's object URL lives: the download has started by then. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** The whole file in memory as a Blob: an image shown inline, or a download to come. */
export function blobCollector(type: string): SaveTarget & { blob(): Blob } {
  let parts: Uint8Array<ArrayBuffer>[] = [];
  return {
    // A copy: the Blob must own bytes no one else can change.
    write: async (plaintext) => void parts.push(new Uint8Array(plaintext)),
    finish: async () => undefined,
    discard: async () => {
      parts = [];
    },
    blob: () => new Blob(parts, { type: type || 'application/octet-stream' }),
  };
}

/** The whole file in memory, then the browser's own download under `name`. */
export function blobDownload(name: string, type: string): SaveTarget {
  const collected = blobCollector(type);
  return {
    ...collected,
    finish: async () => {
      const url = URL.createObjectURL(collected.blob());
      await collected.discard();
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
    },
  };
}
