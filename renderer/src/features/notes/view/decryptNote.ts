import type { VerifyNoteResponse } from '../../../../../shared/api/notes.ts';
import { decryptNote as openNote } from '../../../../../shared/crypto/index.ts';
import { openedFiles, type OpenedFiles } from '../../../files/fileCalls.ts';
import { isNoteImageType } from '../../../files/attachmentRules.ts';
import { safeDownloadName } from '../../../files/images.ts';
import type { ShownImage } from './viewerState.ts';

export interface DecryptedNote {
  text: string;
  images: ShownImage[];
  /** Attachments that decrypted but are not an image type we show. */
  skipped: number;
  /** Fetched and opened one by one once shown (NoteFiles). */
  files: OpenedFiles | null;
}

/**
 * Decrypts what `POST /verify` returned, exactly as it was sealed. Each shown image gets an object URL, handed to
 * `keepUrl` so its owner can revoke it; throws if anything fails to decrypt.
 */
export async function decryptNote(
  noteId: string,
  contentKey: Uint8Array,
  response: VerifyNoteResponse,
  keepUrl: (url: string) => void,
): Promise<DecryptedNote> {
  const images: ShownImage[] = [];
  let skipped = 0;
  // Fails as a whole when the server dropped, repeated or reordered any image or file.
  const { text, images: opened, files } = await openNote(contentKey, response);
  for (const image of opened) {
    if (!isNoteImageType(image.type)) {
      skipped += 1;
      continue;
    }
    const url = URL.createObjectURL(new Blob([new Uint8Array(image.bytes)], { type: image.type }));
    keepUrl(url);
    images.push({ url, name: safeDownloadName(image.name, image.type, images.length) });
  }
  return { text, images, skipped, files: openedFiles(noteId, files, response.downloadToken) };
}
