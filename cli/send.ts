import fs from 'node:fs';
import {
  createNoteRequestSchema,
  createNoteResponseSchema,
  kdfSchema,
  type CreateNoteRequest,
} from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  createNoteKeys,
  createStatusKeys,
  encryptFileMetas,
  encryptNoteText,
} from '../shared/crypto/index.ts';
import { NOTE_MAX_CHARS, type NoteExpiration } from '../shared/limits.ts';
import { callApi, type ApiContext } from './api.ts';
import { attachmentMetas, type Attachment } from './attachments.ts';
import { uploadFiles } from './file-upload.ts';
import { usageFailure } from './failure.ts';
import { MESSAGES, type Sending } from './messages.ts';
import { makeLink } from './server.ts';

export interface SendOptions {
  /** A file name, or undefined / `-` for stdin. */
  source: string | undefined;
  expiration: NoteExpiration;
  /** Null: no password. */
  password: string | null;
  notify: string | null;
  /** Make the sender's status link too. */
  status: boolean;
  /** Files sent with the note, checked against the server's limits already. */
  attachments: readonly Attachment[];
}

export interface SentNote {
  link: string;
  expiresAt: string;
  /** `/s/ID#K_status`, when asked for: tells whether the note was read, and destroys it. */
  statusLink?: string;
}

/** UTF-8 takes at most 4 bytes a character: anything bigger is too long without reading it. */
const MAX_INPUT_BYTES = NOTE_MAX_CHARS * 4;

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) break;
  }
  return Buffer.concat(chunks);
}

function readSource(source: string): Buffer {
  try {
    if (fs.statSync(source).size > MAX_INPUT_BYTES) return Buffer.alloc(MAX_INPUT_BYTES + 1);
    return fs.readFileSync(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw usageFailure(`Cannot read ${source} (${code}).`);
  }
}

/**
 * The text of a note or of a request's answer (same limits), exactly as given (a trailing
 * newline included), checked against the limits. Beside attached files it is optional: read
 * only when a file or - is given, and it may be empty.
 */
export async function readNoteText(
  source: string | undefined,
  notice: (line: string) => void,
  what: Sending,
  withFiles: boolean,
): Promise<string> {
  if (withFiles && source === undefined) return '';
  const fromStdin = source === undefined || source === '-';
  if (fromStdin && process.stdin.isTTY)
    notice(`Type the ${what}, then press Ctrl-D on a new line.`);
  const bytes = fromStdin ? await readStdin() : readSource(source);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw usageFailure(`${fromStdin ? 'The input' : source} is not UTF-8 text.`);
  }
  if (text.trim() === '' && !withFiles) {
    throw usageFailure(`Nothing to send: the ${what} is empty.`);
  }
  if (bytes.length > MAX_INPUT_BYTES || text.length > NOTE_MAX_CHARS) {
    throw usageFailure(
      `The ${what} is too long: at most ${NOTE_MAX_CHARS.toLocaleString('en')} characters.`,
    );
  }
  return text;
}

/**
 * Encrypts here and uploads ciphertext only, exactly as the web app does (the same shared code,
 * so either reads what the other made). The link key, the status key and the password never
 * leave this function except as the returned links. A note with files is readable, and its
 * link printed, only once every chunk is on the server.
 */
export async function sendNote(
  context: ApiContext,
  text: string,
  options: Omit<SendOptions, 'source'>,
): Promise<SentNote> {
  const keys = await createNoteKeys({ password: options.password ?? undefined });
  // Independent of the note's keys, as the web app's: the status link can tell and destroy,
  // never read.
  const status = options.status ? await createStatusKeys() : null;
  const { attachments } = options;
  const metas = await attachmentMetas(attachments);
  const body: CreateNoteRequest = {
    content: await encryptNoteText(keys.contentKey, text, {
      images: 0,
      files: attachments.length,
    }),
    verifier: keys.verifier,
    linkVerifier: keys.linkVerifier,
    kdf: kdfSchema.nullable().parse(keys.kdf),
    expiration: options.expiration,
    emailNotification: options.notify,
    statusVerifier: status?.statusVerifier ?? null,
    attachedImages: [],
    // Each file's metadata sealed under the note's key at its place among them.
    files: await encryptFileMetas(keys.contentKey, metas),
  };
  // The server would refuse a malformed address too, but then the user learns it from a 400.
  const checked = createNoteRequestSchema.safeParse(body);
  if (!checked.success) {
    const email = checked.error.issues.some((issue) => issue.path[0] === 'emailNotification');
    throw usageFailure(email ? MESSAGES.invalidEmail : MESSAGES.validation);
  }
  const created = await callApi(context, apiPaths.notes, body, createNoteResponseSchema);
  const upload = { noteId: created.noteId, token: created.uploadToken };
  const expiresAt =
    attachments.length > 0
      ? await uploadFiles(context, upload, { attachments, metas }, 'note')
      : created.expiresAt;
  return {
    link: makeLink(context.server, 'note', created.noteId, keys.linkKey),
    expiresAt,
    ...(status !== null && {
      statusLink: makeLink(context.server, 'status', created.noteId, status.statusKey),
    }),
  };
}
