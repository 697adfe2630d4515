import { NOTE_MAX_IMAGE_BYTES } from '../../../shared/limits.ts';
import { isNoteImageType, type ImageProblem, type NoteImageType } from './attachmentRules.ts';

export class ImageRejected extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(problem);
    this.problem = problem;
  }
}

const JPEG_QUALITY = 0.92;

/**
 * Re-draws the picture and encodes it afresh in the same format, which leaves EXIF (GPS
 * position, camera, time taken), XMP, IPTC and embedded thumbnails behind: only pixels survive.
 * The EXIF orientation is applied first so the photo still stands the right way up.
 */
export async function stripImageMetadata(file: File): Promise<File> {
  if (!isNoteImageType(file.type)) throw new ImageRejected('unsupportedType');
  if (file.size > NOTE_MAX_IMAGE_BYTES) throw new ImageRejected('tooLarge');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageRejected('unreadable');
  }
  let blob: Blob | null;
  try {
    blob = await encode(bitmap, file.type);
  } finally {
    bitmap.close();
  }
  // A browser that cannot write this format would hand back a PNG; refuse rather than mislabel.
  if (!blob || blob.type !== file.type) throw new ImageRejected('unsupportedType');
  if (blob.size > NOTE_MAX_IMAGE_BYTES) throw new ImageRejected('tooLarge');
  return new File([blob], file.name, { type: file.type });
}

async function encode(bitmap: ImageBitmap, type: NoteImageType): Promise<Blob | null> {
  const quality = type === 'image/png' ? undefined : JPEG_QUALITY;
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * A decrypted image's name as a download name: the sender chose it, so keep only harmless
 * characters and give it the extension of its (allow-listed) type.
 */
export function safeDownloadName(name: string, type: NoteImageType, index: number): string {
  const extension = type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length);
  const stem = name
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${stem || `image-${index + 1}`}.${extension}`;
}
