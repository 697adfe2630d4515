import { noteInfoResponseSchema, verifyNoteResponseSchema } from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  decryptNote,
  deriveNoteKeys,
  type NoteKdf,
  type NoteKeys,
  type OpenedNote,
} from '../shared/crypto/index.ts';
import { callApi, type ApiContext } from './api.ts';
import { CliFailure, EXIT, usageFailure } from './failure.ts';
import { MESSAGES, destroyedMessage } from './messages.ts';
import { askPasswordUntilRight, passwordFromFile } from './password.ts';
import type { FileSource } from './file-download.ts';
import { deliverNote, type DeliveredNote, type TakenNote } from './read-output.ts';
import type { Link } from './server.ts';

export interface ReadOptions {
  /** -o: where the note goes (see read-output.ts); null prints the text. */
  output: string | null;
  passwordFile: string | null;
}

/** Wrong passwords typed on the terminal before the command gives up (the note allows 10). */
export const PASSWORD_TRIES = 3;

/**
 * The reader's side, as the web app does it: the check that never burns, then the proof (after
 * the password, when the note has one), which destroys the note on the server as it hands it
 * over, then decryption here, and the files' download. Only the proof and the link proof reach
 * the server, and the download token it gave.
 */
export async function readNote(
  context: ApiContext,
  link: Link,
  options: ReadOptions,
): Promise<DeliveredNote> {
  const info = await callApi(context, apiPaths.note(link.id), undefined, noteInfoResponseSchema);
  if (info.isDestroyed)
    throw new CliFailure(EXIT.gone, destroyedMessage(info.reason, info.timeAgo));
  // The check counts images only (whether there are files shows only in the read): images
  // are not saved in the current directory unasked, as they are known before the read.
  if (info.attachmentCount > 0 && options.output === null) {
    throw usageFailure(
      `This note has ${info.attachmentCount} attached image(s): pass -o FILE to save the text there and the images beside it, or -o DIR. The note was not read.`,
    );
  }
  const password =
    info.kdf !== null && options.passwordFile !== null
      ? passwordFromFile(options.passwordFile)
      : null;
  return deliverNote(options.output, context.notice, () =>
    takeAndOpen(context, link, info.kdf, password),
  );
}

/** The proof (with the password, asked as often as allowed), the read, and decryption. */
async function takeAndOpen(
  context: ApiContext,
  link: Link,
  kdf: NoteKdf | null,
  password: string | null,
): Promise<TakenNote> {
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
  let opened;
  try {
    opened = await decryptNote(keys.contentKey, sealed);
  } catch {
    throw new CliFailure(EXIT.failed, MESSAGES.decryptFailed);
  }
  return { opened, files: fileSource(context, link.id, sealed.downloadToken, opened) };
}

/**
 * Where the files of a note just read come from: its id and the reader's download token, which
 * the server sends with every note that has files.
 */
export function fileSource(
  context: ApiContext,
  noteId: string,
  downloadToken: string | undefined,
  opened: OpenedNote,
): FileSource | null {
  if (downloadToken === undefined) {
    if (opened.files.length > 0) throw new CliFailure(EXIT.failed, MESSAGES.server);
    return null;
  }
  return { context: { ...context, token: downloadToken }, noteId };
}
