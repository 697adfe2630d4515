import fs from 'node:fs';
import { noteInfoResponseSchema, verifyNoteResponseSchema } from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  decryptNote,
  deriveNoteKeys,
  type NoteImage,
  type NoteKdf,
  type NoteKeys,
  type OpenedNote,
} from '../shared/crypto/index.ts';
import { callApi, type ApiContext } from './api.ts';
import { CliFailure, EXIT, usageFailure } from './failure.ts';
import { MESSAGES, destroyedMessage } from './messages.ts';
import { askPasswordUntilRight, passwordFromFile } from './password.ts';
import type { Link } from './server.ts';

export interface ReadOptions {
  /** Where the text goes (images beside it); null prints the text. */
  output: string | null;
  passwordFile: string | null;
}

export interface ReadNote {
  text: string;
  /** Files written: the text's, then each image's. */
  saved: string[];
}

/** Wrong passwords typed on the terminal before the command gives up (the note allows 10). */
export const PASSWORD_TRIES = 3;

/** The image types the web app shows, and the extension each is saved with. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Opens FILE before the note is read: reading destroys it, so a path that cannot be written
 * (exists already, no such folder) must fail while the note is still there. Created 0600, as
 * it will hold a secret; never overwrites.
 */
function openOutput(file: string): number {
  try {
    return fs.openSync(file, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unwritable';
    const why = code === 'EEXIST' ? 'it exists; the note would not overwrite it' : code;
    throw usageFailure(`Cannot write ${file} (${why}). The note was not read.`);
  }
}

/**
 * Each image beside the text as FILE.1.jpg, FILE.2.png, …: the sender's file name is never used
 * as a path (it could say ../../.bashrc). An existing file is not replaced; the next free
 * number is used instead.
 */
function saveImages(file: string, images: NoteImage[]): string[] {
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

/**
 * The reader's side, as the web app does it: the check that never burns, then the proof (after
 * the password, when the note has one), which destroys the note on the server as it hands it
 * over, then decryption here. Only the proof and the link proof reach the server.
 */
export async function readNote(
  context: ApiContext,
  link: Link,
  options: ReadOptions,
): Promise<ReadNote> {
  const info = await callApi(context, apiPaths.note(link.id), undefined, noteInfoResponseSchema);
  if (info.isDestroyed)
    throw new CliFailure(EXIT.gone, destroyedMessage(info.reason, info.timeAgo));
  if (info.attachmentCount > 0 && options.output === null) {
    throw usageFailure(
      `This note has ${info.attachmentCount} attached file(s): pass -o FILE to save the text there and the files beside it. The note was not read.`,
    );
  }
  const password =
    info.kdf !== null && options.passwordFile !== null
      ? passwordFromFile(options.passwordFile)
      : null;
  return deliverNote(options.output, () => takeAndOpen(context, link, info.kdf, password));
}

/**
 * Runs `open` (which destroys the note on the server) and prints or saves what it gives. FILE
 * is opened first, so that a path that cannot be written fails while the note still exists,
 * and removed again when the read fails.
 */
export async function deliverNote(
  output: string | null,
  open: () => Promise<OpenedNote>,
): Promise<ReadNote> {
  if (output === null) return { text: (await open()).text, saved: [] };
  const fd = openOutput(output);
  let opened;
  try {
    opened = await open();
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(output, { force: true });
    throw error;
  }
  fs.writeSync(fd, opened.text);
  fs.closeSync(fd);
  const images = saveImages(output, opened.images);
  return { text: opened.text, saved: [output, ...images] };
}

/** The proof (with the password, asked as often as allowed), the read, and decryption. */
async function takeAndOpen(
  context: ApiContext,
  link: Link,
  kdf: NoteKdf | null,
  password: string | null,
): Promise<OpenedNote> {
  const take = async (typed: string | undefined) => {
    let keys: NoteKeys;
    try {
      keys = await deriveNoteKeys(link.key, typed, kdf);
    } catch {
      throw new CliFailure(EXIT.failed, MESSAGES.decryptFailed);
    }
    const sealed = await callApi(
      context,
      apiPaths.noteVerify(link.id),
      { proof: keys.proof, linkProof: keys.linkProof },
      verifyNoteResponseSchema,
    );
    return { keys, sealed };
  };
  const { keys, sealed } =
    kdf === null
      ? await take(undefined)
      : password !== null
        ? await take(password)
        : await askPasswordUntilRight(PASSWORD_TRIES, take);

  // The note is gone from the server now; what follows happens only here.
  try {
    return await decryptNote(keys.contentKey, sealed);
  } catch {
    throw new CliFailure(EXIT.failed, MESSAGES.decryptFailed);
  }
}
