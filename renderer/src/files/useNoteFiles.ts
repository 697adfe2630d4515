import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadChunks } from '../../../shared/api/file-transfer.ts';
import { isCryptoError } from '../../../shared/crypto/index.ts';
import type { FileMeta } from '../../../shared/crypto/index.ts';
import { safeFileName } from '../../../shared/file-names.ts';
import { NOTE_MAX_IMAGE_BYTES } from '../../../shared/limits.ts';
import { ApiError } from '../api/client.ts';
import { isNoteImageType } from './attachmentRules.ts';
import { safeDownloadName } from './images.ts';
import { deleteFiles, fileChunksFrom, isTransient, type FilesAccess } from './fileCalls.ts';
import { SaveCancelled, blobCollector, chooseSaveTarget, type SaveTarget } from './saveTarget.ts';

/** Why a file was not saved: shown beside it, with Save to try again where that can help. */
export type FileProblem = 'tampered' | 'gone' | 'network' | 'write';

export type FileStatus =
  | { kind: 'ready' }
  | { kind: 'saving'; percent: number }
  | { kind: 'saved' }
  | { kind: 'failed'; problem: FileProblem };

export interface ShownFile {
  /** Safe to offer as a file name (shared/file-names.ts). */
  name: string;
  size: number;
  /** An image of an allowed type, fetched as soon as the note opens and shown inline. */
  previewUrl: string | null;
  status: FileStatus;
}

export function fileProblem(error: unknown): FileProblem {
  if (isCryptoError(error)) return 'tampered';
  if (error instanceof ApiError)
    return error.status === 404 || error.status === 403 ? 'gone' : 'network';
  return isTransient(error) ? 'network' : 'write';
}

/** Shown inline (as notes' images always were) rather than saved: small images of safe types. */
const previewable = (meta: FileMeta) =>
  isNoteImageType(meta.type) && meta.size <= NOTE_MAX_IMAGE_BYTES;

function shownName(meta: FileMeta, index: number): string {
  return isNoteImageType(meta.type)
    ? safeDownloadName(meta.name, meta.type, index)
    : safeFileName(meta.name, `file-${index + 1}`);
}

/**
 * A read note's files: each streamed from the server, decrypted and checked a chunk at a time,
 * saved where the reader says (or shown, for images), with progress and cancel. Once every file
 * has been saved the server is told to delete them; otherwise it does an hour after the read.
 */
export function useNoteFiles(access: FilesAccess, metas: readonly FileMeta[]) {
  const [files, setFiles] = useState<ShownFile[]>(() =>
    metas.map((meta, index) => ({
      name: shownName(meta, index),
      size: meta.size,
      previewUrl: null,
      status: { kind: 'ready' },
    })),
  );
  const controllers = useRef(new Map<number, AbortController>());
  const previewUrls = useRef<string[]>([]);
  const deleted = useRef(false);

  const update = useCallback((index: number, change: Partial<ShownFile>) => {
    setFiles((current) =>
      current.map((file, at) => (at === index ? { ...file, ...change } : file)),
    );
  }, []);

  /** Fetches file `index` into `target`; the status says how it went. */
  const fetchInto = useCallback(
    async (index: number, target: SaveTarget): Promise<boolean> => {
      const meta = metas[index]!;
      const controller = new AbortController();
      controllers.current.set(index, controller);
      update(index, { status: { kind: 'saving', percent: 0 } });
      let received = 0;
      let shownPercent = 0;
      try {
        await downloadChunks(meta, {
          chunksFrom: (from) => fileChunksFrom(access, index, from, controller.signal),
          write: async (plaintext) => {
            await target.write(plaintext);
            received += plaintext.length;
            // One render per percent, not per 64 KiB chunk.
            const percent = Math.floor((received / Math.max(1, meta.size)) * 100);
            if (percent !== shownPercent) {
              shownPercent = percent;
              update(index, { status: { kind: 'saving', percent } });
            }
          },
          isTransient,
          signal: controller.signal,
        });
        await target.finish();
        update(index, { status: { kind: 'saved' } });
        return true;
      } catch (error) {
        await target.discard();
        const status: FileStatus = controller.signal.aborted
          ? { kind: 'ready' }
          : { kind: 'failed', problem: fileProblem(error) };
        update(index, { status });
        return false;
      } finally {
        controllers.current.delete(index);
      }
    },
    [access, metas, update],
  );

  const save = useCallback(
    async (index: number) => {
      const meta = metas[index]!;
      let target: SaveTarget;
      try {
        target = await chooseSaveTarget(shownName(meta, index), meta.type);
      } catch (error) {
        if (!(error instanceof SaveCancelled)) {
          update(index, { status: { kind: 'failed', problem: 'write' } });
        }
        return;
      }
      await fetchInto(index, target);
    },
    [fetchInto, metas, update],
  );

  const cancel = useCallback((index: number) => controllers.current.get(index)?.abort(), []);

  // Images are fetched at once and shown, as a note's images always were.
  useEffect(() => {
    const owned = previewUrls.current;
    const running = controllers.current;
    metas.forEach((meta, index) => {
      if (!previewable(meta)) return;
      const collector = blobCollector(meta.type);
      void fetchInto(index, collector).then((whole) => {
        if (!whole) return;
        const url = URL.createObjectURL(collector.blob());
        owned.push(url);
        update(index, { previewUrl: url });
      });
    });
    return () => {
      running.forEach((controller) => controller.abort());
      owned.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [fetchInto, metas, update]);

  // Every file is with the reader: nothing need stay on the server for the rest of the hour.
  useEffect(() => {
    if (deleted.current || !files.every((file) => file.status.kind === 'saved')) return;
    deleted.current = true;
    void deleteFiles(access).catch(() => undefined);
  }, [access, files]);

  return { files, save, cancel };
}
