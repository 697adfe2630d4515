import { useCallback, useEffect, useRef, useState } from 'react';
import { ImageRejected, stripImageMetadata } from '../images.ts';
import type { Attachment } from './ImageAttachments.tsx';
import { imageRoom } from './noteFormValidation.ts';
import type { ImageIssue } from '../imageProblems.ts';

let nextAttachmentId = 0;

export interface ImageAttachmentsHandle {
  attachments: Attachment[];
  /** True while chosen files are being cleaned of metadata. */
  adding: boolean;
  /** Cleans and attaches what fits; resolves with what could not be attached, and why. */
  add(files: File[]): Promise<ImageIssue[]>;
  remove(id: number): void;
  clear(): void;
}

/**
 * The images attached to the note being written: each already stripped of metadata, with an
 * object URL for its thumbnail that is revoked when the image is removed or the form goes.
 */
export function useImageAttachments(): ImageAttachmentsHandle {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [adding, setAdding] = useState(false);

  const attachmentsRef = useRef(attachments);
  useEffect(() => {
    attachmentsRef.current = attachments;
  }, [attachments]);
  useEffect(
    () => () => attachmentsRef.current.forEach((attachment) => URL.revokeObjectURL(attachment.url)),
    [],
  );

  const add = useCallback(async (files: File[]): Promise<ImageIssue[]> => {
    setAdding(true);
    const issues: ImageIssue[] = [];
    const added: Attachment[] = [];
    let room = imageRoom(attachmentsRef.current.length);
    for (const file of files) {
      if (room <= 0) {
        issues.push({ problem: 'tooMany' });
        break;
      }
      try {
        const clean = await stripImageMetadata(file);
        nextAttachmentId += 1;
        added.push({ id: nextAttachmentId, file: clean, url: URL.createObjectURL(clean) });
        room -= 1;
      } catch (error) {
        const problem = error instanceof ImageRejected ? error.problem : 'unreadable';
        issues.push({ problem, name: file.name });
      }
    }
    setAttachments((current) => [...current, ...added]);
    setAdding(false);
    return issues;
  }, []);

  const remove = useCallback((id: number) => {
    setAttachments((current) => {
      const removed = current.find((attachment) => attachment.id === id);
      if (removed) URL.revokeObjectURL(removed.url);
      return current.filter((attachment) => attachment.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    attachmentsRef.current.forEach((attachment) => URL.revokeObjectURL(attachment.url));
    setAttachments([]);
  }, []);

  return { attachments, adding, add, remove, clear };
}
