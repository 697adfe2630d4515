import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
// The config's schema is written with zod/mini (shared/api/config.ts says why).
import * as zm from 'zod/mini';
import { publicConfigSchema } from '../shared/api/config.ts';
import { apiPaths } from '../shared/api/paths.ts';
import { createFileMeta, type FileMeta } from '../shared/crypto/index.ts';
import { NOTE_MAX_FILES } from '../shared/limits.ts';
import { callApi, type ApiContext } from './api.ts';
import { CliFailure, EXIT, usageFailure } from './failure.ts';
import { filesTooLarge, type Sending } from './messages.ts';

/**
 * The files a note or a request's answer is sent with (`send --attach`, `answer --attach`),
 * checked before anything leaves this computer: each a regular file that can be read, no more of
 * them than a note takes, and their sizes together within the server's NOTE_MAX_FILE_BYTES,
 * which `GET /api/config` announces. An answer is stored as a note: the same limits hold.
 */

export interface Attachment {
  /** Where it is read from. */
  path: string;
  /** What the reader sees: the base name only, the sender's folders are none of their business. */
  name: string;
  /** Bytes, taken now: a file that changes while it is sent fails instead of going out mixed. */
  size: number;
}

export function statAttachments(paths: readonly string[], what: Sending): Attachment[] {
  if (paths.length > NOTE_MAX_FILES) {
    throw usageFailure(`At most ${NOTE_MAX_FILES} files can be attached to one ${what}.`);
  }
  return paths.map((file) => {
    let stats: fs.Stats;
    try {
      stats = fs.statSync(file);
      fs.accessSync(file, fs.constants.R_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw usageFailure(`Cannot read ${file} (${code}).`);
    }
    // Its size must be known before the upload: not a folder, a pipe or a device.
    if (!stats.isFile()) throw usageFailure(`${file} is not a file: only files can be attached.`);
    return { path: file, name: path.basename(file), size: stats.size };
  });
}

/** Partial, so a server older than files in notes is told apart from one that is not Ashnote. */
const fileLimitsSchema = z.object({
  limits: zm.partial(
    zm.pick(publicConfigSchema.shape.limits, { noteMaxFiles: true, noteMaxFileBytes: true }),
  ),
});

/** Refuses, with the limit, what the server would refuse after the upload began. */
export async function checkFileLimits(
  context: ApiContext,
  attachments: readonly Attachment[],
  what: Sending,
): Promise<void> {
  const { limits } = await callApi(context, apiPaths.config, undefined, fileLimitsSchema);
  const { noteMaxFiles, noteMaxFileBytes } = limits;
  if (noteMaxFiles === undefined || noteMaxFileBytes === undefined) {
    throw new CliFailure(EXIT.failed, 'This server does not take files: it is too old.');
  }
  if (attachments.length > noteMaxFiles) {
    throw usageFailure(`This server takes at most ${noteMaxFiles} files per ${what}.`);
  }
  const total = attachments.reduce((sum, file) => sum + file.size, 0);
  if (total > noteMaxFileBytes) {
    throw usageFailure(filesTooLarge(noteMaxFileBytes, { total, what }));
  }
}

/**
 * A fresh key per file and its metadata (name, type, size, key), in order. The type is left
 * empty: the command does not guess one, and a reader treats every file as bytes to save.
 */
export function attachmentMetas(attachments: readonly Attachment[]): Promise<FileMeta[]> {
  return Promise.all(attachments.map(({ name, size }) => createFileMeta({ name, type: '', size })));
}
