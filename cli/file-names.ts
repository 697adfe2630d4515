import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Saving what a note's sender named: the name is made safe (shared/file-names.ts) before it
 * becomes a path, and a file appears under its name only once all of it was decrypted and checked.
 */

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
