import type {
  CompleteUploadResponse,
  UploadProgressResponse,
} from '../../../../shared/api/note-files.ts';
import {
  FILE_CHUNK_BYTES,
  FILE_CHUNK_TAG_BYTES,
  fileChunkCount,
  fileChunkWireBytes,
} from '../../../../shared/limits.ts';
import { AppError } from '../../http/app-error.ts';
import { proofMatches, sha256 } from '../notes.service.ts';
import type { NoteFilesRepository, UploadTarget } from './note-files.repository.ts';
import { wrongChunkLength } from './upload-rules.ts';

/** A file on its way to its reader: how many bytes, and the chunks as they are read. */
export interface FileDownload {
  length: number;
  chunks: AsyncIterable<Buffer>;
}

const unknownNote = () => new AppError('NOT_FOUND', 'Note not found or has already been read.');
const filesGone = () =>
  new AppError(
    'NOT_FOUND',
    'These files are no longer available: saved, or read over an hour ago.',
  );

/** The chunks of `chunks` (ascending, each below `count`) that are missing, as ranges. */
export function missingRanges(chunks: readonly number[], count: number) {
  const missing: { from: number; to: number }[] = [];
  let next = 0;
  for (const chunk of [...chunks, count]) {
    if (chunk > next) missing.push({ from: next, to: chunk });
    next = chunk + 1;
  }
  return missing;
}

/**
 * The rules of a note's files: the upload token (kept as its SHA-256) authorises uploading
 * chunks until the note is complete, the download token its reader's downloads until the files
 * are deleted or an hour has passed. Each chunk must have exactly its length (65,536 bytes of
 * ciphertext and the tag; the last chunk its own), which the sizes given at creation fix.
 */
export function noteFilesService(files: NoteFilesRepository) {
  /** The note an upload call names, once its upload token is checked. */
  async function uploadingNote(id: string, file: number, token: string): Promise<UploadTarget> {
    const target = await files.uploadTarget(id, file);
    if (target === null) throw unknownNote();
    if (!proofMatches(target.uploadVerifier, token)) {
      throw new AppError('FORBIDDEN', 'This upload token does not belong to this note.');
    }
    return target;
  }

  /** Checks a chunk's upload but for its body: the length the body must have. */
  async function chunkLength(
    id: string,
    file: number,
    chunk: number,
    token: string,
  ): Promise<number> {
    const target = await uploadingNote(id, file, token);
    if (!target.uploading) {
      throw new AppError('CONFLICT', 'This note’s files are complete: nothing more can be added.');
    }
    if (target.size === null) {
      throw new AppError(
        'VALIDATION_FAILED',
        `This note has ${target.fileCount} file${target.fileCount === 1 ? '' : 's'}.`,
      );
    }
    const count = fileChunkCount(target.size);
    if (chunk >= count) {
      throw new AppError('VALIDATION_FAILED', `This file has ${count} chunks, numbered from 0.`);
    }
    return fileChunkWireBytes(target.size, chunk);
  }

  return {
    chunkLength,

    /**
     * Stores a chunk, replacing any sent before, in one statement that checks all chunkLength
     * does and the body's length. When it stored nothing, chunkLength's checks say why, or else
     * the length was wrong: a note only ever stops uploading, or ends, which they report.
     */
    async storeChunk(
      id: string,
      file: number,
      chunk: number,
      token: string,
      data: Uint8Array,
    ): Promise<void> {
      if (await files.putChunk(id, file, chunk, data, sha256(token))) return;
      throw wrongChunkLength(await chunkLength(id, file, chunk, token));
    },

    /** Which chunks are still missing, so an interrupted upload sends only those. */
    async progress(id: string, token: string): Promise<UploadProgressResponse> {
      const target = await uploadingNote(id, 0, token);
      const received = await files.received(id);
      return {
        complete: !target.uploading,
        files: received.map(({ size, chunks }) => {
          const count = fileChunkCount(size);
          return { chunks: count, missing: missingRanges(chunks, count) };
        }),
      };
    },

    /**
     * Makes the note readable once every chunk is there; calling it again afterwards answers the
     * same, so a client that lost the answer can ask again.
     */
    async complete(id: string, token: string): Promise<CompleteUploadResponse> {
      const target = await uploadingNote(id, 0, token);
      if (!target.uploading) return { expiresAt: target.expiresAt };
      const expiresAt = await files.complete(id, target.uploadVerifier!);
      if (expiresAt !== null) return { expiresAt };
      const received = await files.received(id);
      const missingChunks = received.reduce(
        (sum, { size, chunks }) => sum + fileChunkCount(size) - chunks.length,
        0,
      );
      // Nothing missing: another call completed it meanwhile.
      if (missingChunks === 0) return { expiresAt: target.expiresAt };
      throw new AppError(
        'UPLOAD_INCOMPLETE',
        `The files are not complete: ${missingChunks} chunk${missingChunks === 1 ? ' is' : 's are'} missing.`,
        { details: { missingChunks } },
      );
    },

    /** A read note's file, from chunk `from` on, for the holder of its download token. */
    async download(id: string, file: number, from: number, token: string): Promise<FileDownload> {
      const target = await files.downloadTarget(id, file);
      if (target === null) throw filesGone();
      if (!proofMatches(target.downloadVerifier, token)) {
        throw new AppError('FORBIDDEN', 'This download token does not belong to this note.');
      }
      const count = fileChunkCount(target.size);
      if (from >= count) {
        throw new AppError('VALIDATION_FAILED', `This file has ${count} chunks, numbered from 0.`);
      }
      return {
        length: target.size - from * FILE_CHUNK_BYTES + (count - from) * FILE_CHUNK_TAG_BYTES,
        chunks: files.chunks(id, file, from, count),
      };
    },

    /** The reader has saved the files: they go now rather than an hour after the read. */
    async discard(id: string, token: string): Promise<void> {
      const target = await files.downloadTarget(id, 0);
      if (target === null) throw filesGone();
      if (!proofMatches(target.downloadVerifier, token)) {
        throw new AppError('FORBIDDEN', 'This download token does not belong to this note.');
      }
      await files.discard(id);
    },
  };
}

export type NoteFilesService = ReturnType<typeof noteFilesService>;
