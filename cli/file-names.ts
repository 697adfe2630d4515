import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Saving what a note's sender named: the name is theirs (it could say ../../.bashrc, carry
 * terminal escapes, or hide its real extension), so it is made safe before it becomes a path,
 * and a file appears under its name only once all of it was decrypted and checked.
 */

/** Bidirectional controls: "invoice\u202Efdp.exe" lists as "invoiceexe.pdf". */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Characters Windows refuses in names. */
const WINDOWS_RESERVED = /[<>:"|?*]/g;
/** Names Windows takes for devices, whatever their extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;
/** Under the usual 255-byte limit, with room for " (12)" and the temporary name's prefix. */
const MAX_NAME_BYTES = 200;
/** An extension kept when a long name is shortened ("….pdf"), if it is no longer than this. */
const MAX_EXTENSION_CHARS = 16;

function shorten(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_CHARS ? name.slice(dot) : '';
  const stem = [...name.slice(0, name.length - extension.length)];
  while (Buffer.byteLength(stem.join('') + extension) > MAX_NAME_BYTES) stem.pop();
  return stem.join('') + extension;
}

/**
 * The sender's name as a plain file name: its last path segment only (either separator),
 * control and bidirectional characters and those Windows refuses replaced, no leading dot (no
 * hidden file, no `..`), no trailing dot or space, at most 200 bytes; `fallback` when nothing
 * is left.
 */
export function safeFileName(name: string, fallback: string): string {
  let safe = (name.split(/[/\\]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '_')
    .replace(BIDI_CONTROLS, '_')
    .replace(WINDOWS_RESERVED, '_')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  if (WINDOWS_DEVICE.test(safe)) safe = `_${safe}`;
  safe = shorten(safe);
  return safe === '' ? fallback : safe;
}

/** "report.pdf", then "report (1).pdf", "report (2).pdf", … */
function numbered(name: string, n: number): string {
  if (n === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Filesystems without hard links (FAT and exFAT say EPERM, some network ones ENOTSUP). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Gives the finished `temp` the first free name of `dir/name`, `dir/name (1)`, …: a hard link
 * fails when the name is taken, so no file is ever replaced, even one made meanwhile.
 */
function placeUnderFreeName(temp: string, dir: string, name: string): string {
  for (let n = 0; ; n++) {
    const target = path.join(dir, numbered(name, n));
    try {
      fs.linkSync(temp, target);
      fs.rmSync(temp);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') continue;
      if (!NO_HARD_LINKS.has(code)) throw error;
      // No links here: a rename checked just before, which a file made in between would lose to.
      if (fs.existsSync(target)) continue;
      fs.renameSync(temp, target);
      return target;
    }
  }
}

/**
 * Where a file is saved: under a free variant of `name` in `dir`, or `at` a path the command
 * created (empty) itself before the note was read, which the file then replaces.
 */
export type Destination = { in: string; name: string } | { at: string };

/** Partial files of the saves under way, removed if the command is interrupted. */
const partial = new Set<string>();

function removePartialAndExit(): void {
  for (const file of partial) fs.rmSync(file, { force: true });
  // As if the signal had ended the process, which it did not do itself while handled.
  process.exit(130);
}

/**
 * Writes a file through `write` into a hidden temporary file beside its destination (mode
 * 600, it holds a secret), and gives it its name only when `write` finished: on any failure,
 * or Ctrl-C, the partial file is removed, so a truncated or tampered file never appears under
 * a name. Returns the path saved to.
 */
export async function saveFile(
  destination: Destination,
  write: (handle: fs.promises.FileHandle) => Promise<void>,
): Promise<string> {
  const dir = 'at' in destination ? path.dirname(destination.at) : destination.in;
  const temp = path.join(dir, `.ashnote-${crypto.randomBytes(8).toString('hex')}.part`);
  const handle = await fs.promises.open(temp, 'wx', 0o600);
  if (partial.size === 0) {
    process.once('SIGINT', removePartialAndExit);
    process.once('SIGTERM', removePartialAndExit);
  }
  partial.add(temp);
  try {
    await write(handle);
    await handle.datasync();
    await handle.close();
    if ('at' in destination) {
      fs.renameSync(temp, destination.at);
      return destination.at;
    }
    return placeUnderFreeName(temp, dir, destination.name);
  } catch (error) {
    await handle.close().catch(() => {});
    fs.rmSync(temp, { force: true });
    throw error;
  } finally {
    partial.delete(temp);
    if (partial.size === 0) {
      process.off('SIGINT', removePartialAndExit);
      process.off('SIGTERM', removePartialAndExit);
    }
  }
}
