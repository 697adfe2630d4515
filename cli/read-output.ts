import fs from 'node:fs';
import path from 'node:path';
import type { NoteImage, OpenedNote } from '../shared/crypto/index.ts';
import { deleteFiles } from './file-calls.ts';
import { downloadFile, type FileSource } from './file-download.ts';
import { safeFileName } from '../shared/file-names.ts';
import { saveFile, type Destination } from './file-names.ts';
import { CliFailure, EXIT, usageFailure } from './failure.ts';
import { byteSize } from './messages.ts';
import { progressLine } from './progress.ts';

/**
 * Where a read note goes. Reading destroys the note, and the note's check (`GET /api/notes/:id`)
 * does not say whether it has files, so the place is chosen and tested before the read, for
 * any note, and no file of a read note is ever dropped:
 * - no -o: the text is printed, files are saved in the current directory (and said so);
 * - -o DIR, an existing directory: the text is printed, files and images are saved in DIR;
 * - -o PATH, a new path (created empty before the read): the text when the note has no files
 *   (images beside it as PATH.1.jpg, …), the file when it has one (the text is printed), a new
 *   directory holding them when it has several.
 */

export interface ReadNote {
  text: string;
  /** Files written: the text's, each image's and each attached file's. */
  saved: string[];
}

export interface DeliveredNote extends ReadNote {
  /** The text went to -o PATH, so it is not printed. */
  textSaved: boolean;
  /**
   * A file that could not be saved; the text and the other files were still delivered, as the
   * note is gone from the server. The command ends with it.
   */
  failure: CliFailure | null;
}

/** A read note's content, and where its files come from when it has some. */
export interface TakenNote {
  opened: OpenedNote;
  /** Null only for a note without files: `open` fails on files without a download token. */
  files: FileSource | null;
}

type Output =
  | { kind: 'print' }
  | { kind: 'directory'; path: string }
  | { kind: 'file'; path: string; fd: number };

const notRead = (target: string, why: string) =>
  usageFailure(`Cannot write ${target} (${why}). The note was not read.`);

/** Tests the place given with -o, and creates PATH (mode 600, never over an existing file). */
function prepareOutput(output: string | null): Output {
  if (output === null) return { kind: 'print' };
  if (fs.statSync(output, { throwIfNoEntry: false })?.isDirectory()) {
    try {
      fs.accessSync(output, fs.constants.W_OK | fs.constants.X_OK);
    } catch (error) {
      throw notRead(output, (error as NodeJS.ErrnoException).code ?? 'unwritable');
    }
    return { kind: 'directory', path: output };
  }
  try {
    return { kind: 'file', path: output, fd: fs.openSync(output, 'wx', 0o600) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unwritable';
    throw notRead(output, code === 'EEXIST' ? 'it exists; the note would not overwrite it' : code);
  }
}

/** The image types the web app shows, and the extension each is saved with. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Each image beside the text as FILE.1.jpg, FILE.2.png, …: the sender's file name is never used
 * as a path (it could say ../../.bashrc). An existing file is not replaced; the next free
 * number is used instead.
 */
function saveImagesBeside(file: string, images: NoteImage[]): string[] {
  const saved: string[] = [];
  let number = 1;
  for (const image of images) {
    const extension = IMAGE_EXTENSIONS[image.type] ?? 'bin';
    for (;;) {
      const name = `${file}.${number++}.${extension}`;
      try {
        fs.writeFileSync(name, image.bytes, { flag: 'wx', mode: 0o600 });
        saved.push(name);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
  return saved;
}

/** Images in a directory, as files are: under their safe names, never over another file. */
async function saveImagesIn(dir: string, images: NoteImage[]): Promise<string[]> {
  const saved: string[] = [];
  for (const [index, image] of images.entries()) {
    const name = safeFileName(image.name, `image-${index + 1}`);
    const file = await saveFile({ in: dir, name }, async (handle) => {
      await handle.write(image.bytes);
    });
    saved.push(file);
  }
  return saved;
}

/** "Cannot save report.pdf in out (EACCES)." for what was not a CliFailure already. */
function saveFailure(error: unknown, name: string, dir: string): CliFailure {
  if (error instanceof CliFailure) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const why = typeof code === 'string' ? code : String(error);
  return new CliFailure(EXIT.failed, `Cannot save ${name} in ${dir} (${why}).`);
}

/**
 * The directory files go in: the current one, -o DIR, or for several files a new PATH, made a
 * directory in place of the empty file made for it (or, should that fail, the one beside it:
 * the note is read, its files must land somewhere).
 */
function filesDirectory(target: Output, fileCount: number): string {
  if (target.kind === 'print') return '.';
  if (target.kind === 'directory') return target.path;
  if (fileCount < 2) return path.dirname(target.path);
  try {
    fs.rmSync(target.path);
    fs.mkdirSync(target.path, { mode: 0o700 });
    return target.path;
  } catch {
    return path.dirname(target.path);
  }
}

interface FilesDelivery {
  saved: string[];
  failure: CliFailure | null;
}

/** Downloads every file to its destination, going on past one that fails, then drops them. */
async function saveFiles(
  source: FileSource,
  opened: OpenedNote,
  destinations: Destination[],
  names: string[],
  notice: (line: string) => void,
): Promise<FilesDelivery> {
  const total = opened.files.reduce((sum, meta) => sum + meta.size, 0);
  const count = opened.files.length;
  const progress = progressLine(`Saving ${count} ${count === 1 ? 'file' : 'files'}`, total);
  const saved: string[] = [];
  const failures: CliFailure[] = [];
  for (const [index, meta] of opened.files.entries()) {
    const destination = destinations[index]!;
    try {
      const file = await downloadFile(source, index, meta, destination, names[index]!, progress);
      saved.push(file);
      progress.done();
      notice(`Saved ${file} (${byteSize(meta.size)}).`);
    } catch (error) {
      const dir = 'at' in destination ? path.dirname(destination.at) : destination.in;
      failures.push(saveFailure(error, names[index]!, dir));
    }
  }
  progress.done();
  // Nothing else can use them (the token dies with this command): gone now, not in an hour.
  await deleteFiles(source.context, source.noteId).catch(() =>
    notice('The server was not told to delete the files now: it deletes them within an hour.'),
  );
  const [first, ...more] = failures;
  if (first === undefined) return { saved, failure: null };
  const others = more.length === 0 ? '' : ` ${more.length} more could not be saved either.`;
  return { saved, failure: new CliFailure(first.exitCode, `${first.message}${others}`) };
}

/**
 * Runs `open` (which destroys the note on the server) and prints or saves what it gives, as
 * the header says. The place is tested first, so that one that cannot be written fails while
 * the note still exists; PATH is removed again when the read fails or nothing went into it.
 */
export async function deliverNote(
  output: string | null,
  notice: (line: string) => void,
  open: () => Promise<TakenNote>,
): Promise<DeliveredNote> {
  const target = prepareOutput(output);
  let taken: TakenNote;
  try {
    taken = await open();
  } catch (error) {
    if (target.kind === 'file') {
      fs.closeSync(target.fd);
      fs.rmSync(target.path, { force: true });
    }
    throw error;
  }
  const { opened, files: source } = taken;
  const { text } = opened;
  if (target.kind === 'file' && opened.files.length === 0) {
    fs.writeSync(target.fd, text);
    fs.closeSync(target.fd);
    const images = saveImagesBeside(target.path, opened.images);
    return { text, saved: [target.path, ...images], textSaved: true, failure: null };
  }

  if (target.kind === 'file') fs.closeSync(target.fd);
  const dir = filesDirectory(target, opened.files.length);
  const saved: string[] = [];
  const failures: CliFailure[] = [];
  try {
    saved.push(
      ...(target.kind === 'file'
        ? saveImagesBeside(target.path, opened.images)
        : await saveImagesIn(dir, opened.images)),
    );
  } catch (error) {
    failures.push(saveFailure(error, 'the images', dir));
  }
  if (source !== null && opened.files.length > 0) {
    if (target.kind === 'print') {
      notice('This note has files and no -o was given: they are saved in the current directory.');
    }
    const names = opened.files.map((meta, index) => safeFileName(meta.name, `file-${index + 1}`));
    const single = target.kind === 'file' && opened.files.length === 1;
    const destinations: Destination[] = single
      ? [{ at: target.path }]
      : names.map((name) => ({ in: dir, name }));
    const delivery = await saveFiles(source, opened, destinations, names, notice);
    saved.push(...delivery.saved);
    if (delivery.failure !== null) failures.push(delivery.failure);
    // The one file's download failed: the empty PATH made for it goes too.
    if (single && delivery.saved.length === 0) fs.rmSync(target.path, { force: true });
  }
  return { text, saved, textSaved: false, failure: failures[0] ?? null };
}
