import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_NOTE_MAX_FILE_BYTES } from '../../../shared/limits.ts';
import { usePublicConfig } from '../api/config.ts';
import { attachmentRefusal, isNoteImageType, type AttachmentIssue } from './attachmentRules.ts';

/** The re-drawing of images loads with the first image chosen, not with the page. */
const loadImages = () => import('./images.ts');

let nextAttachmentId = 0;

export interface Attachment {
  id: number;
  /** Exactly what gets encrypted: an image already stripped of its metadata. */
  file: File;
  /** Object URL of an image's thumbnail, revoked when it is removed or the form goes. */
  thumbnailUrl: string | null;
}

export interface FileAttachmentsHandle {
  attachments: Attachment[];
  /** This server's NOTE_MAX_FILE_BYTES: the files together, before encryption. */
  maxBytes: number;
  /** True while chosen images are being cleaned of metadata. */
  adding: boolean;
  /** Attaches what fits; resolves with what could not be attached, and why. */
  add(files: File[]): Promise<AttachmentIssue[]>;
  remove(id: number): void;
  clear(): void;
}

/**
 * The files attached to the note (or answer) being written, of any kind, together within the
 * server's NOTE_MAX_FILE_BYTES (the default until its config has arrived; the server checks
 * again). Images are re-drawn first, which leaves their metadata (GPS
 * position, camera, time taken) behind, and get a thumbnail.
 */
export function useFileAttachments(): FileAttachmentsHandle {
  const maxBytes = usePublicConfig()?.limits.noteMaxFileBytes ?? DEFAULT_NOTE_MAX_FILE_BYTES;
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [adding, setAdding] = useState(false);

  const attachmentsRef = useRef(attachments);
  useEffect(() => {
    attachmentsRef.current = attachments;
  }, [attachments]);
  useEffect(() => () => attachmentsRef.current.forEach(revokeThumbnail), []);

  const add = useCallback(
    async (files: File[]): Promise<AttachmentIssue[]> => {
      setAdding(true);
      const issues: AttachmentIssue[] = [];
      const added: Attachment[] = [];
      for (const chosen of files) {
        let file = chosen;
        if (isNoteImageType(chosen.type)) {
          const { ImageRejected, stripImageMetadata } = await loadImages();
          try {
            file = await stripImageMetadata(chosen);
          } catch (error) {
            const problem = error instanceof ImageRejected ? error.problem : 'unreadable';
            issues.push({ problem, name: chosen.name });
            continue;
          }
        }
        const refusal = attachmentRefusal(
          [...attachmentsRef.current, ...added].map((attachment) => attachment.file),
          file.size,
          maxBytes,
        );
        if (refusal === 'tooMany') {
          issues.push({ problem: 'tooMany' });
          break;
        }
        if (refusal === 'overLimit') {
          issues.push({ problem: 'overLimit', name: chosen.name });
          continue;
        }
        nextAttachmentId += 1;
        const thumbnailUrl = isNoteImageType(file.type) ? URL.createObjectURL(file) : null;
        added.push({ id: nextAttachmentId, file, thumbnailUrl });
      }
      setAttachments((current) => [...current, ...added]);
      setAdding(false);
      return issues;
    },
    [maxBytes],
  );

  const remove = useCallback((id: number) => {
    setAttachments((current) => {
      const removed = current.find((attachment) => attachment.id === id);
      if (removed) revokeThumbnail(removed);
      return current.filter((attachment) => attachment.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    attachmentsRef.current.forEach(revokeThumbnail);
    setAttachments([]);
  }, []);

  return { attachments, maxBytes, adding, add, remove, clear };
}

function revokeThumbnail(attachment: Attachment): void {
  if (attachment.thumbnailUrl !== null) URL.revokeObjectURL(attachment.thumbnailUrl);
}
