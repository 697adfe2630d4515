import type { z } from 'zod';
import {
  MAX_IMAGE_ENVELOPE,
  MAX_TEXT_ENVELOPE,
  createNoteRequestSchema,
} from '../../../../shared/api/notes.ts';
import { AppError } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';

export type NoteFields = Omit<z.output<typeof createNoteRequestSchema>, 'attachedImages'>;

/** A validated note, its images cut into the parts they are stored as. */
export interface NoteUpload {
  fields: NoteFields;
  /** Per image, in the order attached: how many parts of at most IMAGE_PART_CHARS it has. */
  partsPerImage: number[];
  /**
   * Every image's parts in order, image after image. A large note's parts come from its parse
   * worker one at a time, each when the one before has been taken.
   */
  parts: AsyncIterable<string>;
  /** Lets go of whatever still holds the upload (a large note's worker); call it when done. */
  discard(): void;
}

/** Image parts already in memory (a small note). */
export async function* partsInMemory(parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

/**
 * Images are stored and read back in parts of this many characters: one database statement
 * per part, so a 10 MB image never holds the database, or the event loop that parses its rows,
 * for long (see notes.repository.ts).
 */
export const IMAGE_PART_CHARS = 256 * 1024;

export function cutIntoParts(envelope: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < envelope.length; start += IMAGE_PART_CHARS) {
    parts.push(envelope.slice(start, start + IMAGE_PART_CHARS));
  }
  return parts;
}

/** 413 for bodies whose ciphertext could not come from a note within the limits. */
function rejectOversized(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { content, attachedImages } = body as { content?: unknown; attachedImages?: unknown };
  const tooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;
  if (tooLong(content, MAX_TEXT_ENVELOPE)) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'Content is too long. Maximum 50,000 characters allowed.',
    );
  }
  if (
    Array.isArray(attachedImages) &&
    attachedImages.some((image) => tooLong(image, MAX_IMAGE_ENVELOPE))
  ) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'An attached image is larger than 10 MB.');
  }
}

/** The parsed body checked against the contract: the same on this thread and in the worker. */
export function validateNoteRequest(body: unknown): { fields: NoteFields; images: string[][] } {
  rejectOversized(body);
  const { attachedImages, ...fields } = parseInput(createNoteRequestSchema, body);
  return { fields, images: attachedImages.map(cutIntoParts) };
}

/** A small note's upload, parsed on this thread. */
export function inlineUpload(body: unknown): NoteUpload {
  const { fields, images } = validateNoteRequest(body);
  return {
    fields,
    partsPerImage: images.map((parts) => parts.length),
    parts: partsInMemory(images.flat()),
    discard: () => {},
  };
}
