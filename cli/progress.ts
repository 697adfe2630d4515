import { byteSize } from './messages.ts';

/**
 * A progress line on stderr for uploads and downloads, rewritten in place, and only on a
 * terminal: piped or redirected, stderr stays one line per message, for scripts and logs.
 */
export interface Progress {
  add(bytes: number): void;
  /** Clears the line, so the next message starts on a clean one. */
  done(): void;
}

const SILENT: Progress = { add: () => {}, done: () => {} };

export function progressLine(
  what: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (!stream.isTTY) return SILENT;
  let sent = 0;
  let shown = -1;
  const show = () => {
    const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
    if (percent === shown) return;
    shown = percent;
    stream.write(`\r\x1b[2K${what}: ${percent}% of ${byteSize(total)}`);
  };
  show();
  return {
    add(bytes) {
      sent += bytes;
      show();
    },
    done() {
      stream.write('\r\x1b[2K');
    },
  };
}
