import { NOTE_MAX_FILES } from '../../../shared/limits.ts';

/**
 * What may be attached to a note, as data (no DOM here, so pure code and tests can use it):
 * at most NOTE_MAX_FILES files, together within the server's NOTE_MAX_FILE_BYTES, and images
 * only once their metadata could be removed.
 */

/** Image types a note may carry: ones every browser can both decode and re-encode. */
export const NOTE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type NoteImageType = (typeof NOTE_IMAGE_TYPES)[number];

export function isNoteImageType(type: string): type is NoteImageType {
  return (NOTE_IMAGE_TYPES as readonly string[]).includes(type);
}

/** Why an image was not attached. */
export type ImageProblem = 'unsupportedType' | 'tooLarge' | 'unreadable';

/** One file that was not attached, and why; `tooMany` when the note is full. */
export type AttachmentIssue =
  { problem: ImageProblem | 'overLimit'; name: string } | { problem: 'tooMany' };

/** Why a file of `size` bytes cannot join `attached`, or null when it fits. */
export function attachmentRefusal(
  attached: readonly { size: number }[],
  size: number,
  maxBytes: number,
): 'tooMany' | 'overLimit' | null {
  if (attached.length >= NOTE_MAX_FILES) return 'tooMany';
  const used = attached.reduce((sum, file) => sum + file.size, 0);
  return used + size > maxBytes ? 'overLimit' : null;
}
