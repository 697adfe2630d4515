import { Readable } from 'node:stream';
import type { VerifyNoteResponse } from '../../../shared/api/notes.ts';
import type { NotesRepository } from './notes.repository.ts';
import type { ReadNote } from './notes.service.ts';

/** The files of a read note and their download token, when it has files: JSON members. */
function fileMembers(taken: ReadNote): Pick<VerifyNoteResponse, 'files' | 'downloadToken'> {
  return taken.downloadToken === null
    ? {}
    : { files: taken.files, downloadToken: taken.downloadToken };
}

/**
 * The answer to a successful read, `{ content, attachedImages }` (with `files` and
 * `downloadToken` when it has files), as JSON text. Without images
 * it is serialized at once (why text: see http/json-answer.ts). With images it is streamed: each
 * image's parts are taken from the database (and deleted) one statement at a time and written
 * out as they come, so a 70 MB note never sits whole in memory, never stops the event loop to
 * serialize, and its parts are gone from the database as soon as they are on their way.
 *
 * Image parts were checked against the envelope alphabet (base64url and dots) when the note was
 * stored, so they are written between quotes as they are; the text goes through JSON.stringify.
 */
export function noteResponse(
  id: string,
  taken: ReadNote,
  repo: Pick<NotesRepository, 'takePart' | 'discardParts'>,
): string | Readable {
  if (taken.partsPerImage.length === 0) {
    return JSON.stringify({
      content: taken.content,
      attachedImages: [],
      ...fileMembers(taken),
    } satisfies VerifyNoteResponse);
  }

  async function* pieces(): AsyncGenerator<string> {
    try {
      const files = JSON.stringify(fileMembers(taken)).slice(1, -1);
      yield `{"content":${JSON.stringify(taken.content)},${files === '' ? '' : `${files},`}"attachedImages":[`;
      for (const [image, parts] of taken.partsPerImage.entries()) {
        yield image === 0 ? '"' : ',"';
        for (let seq = 0; seq < parts; seq++) {
          const data = await repo.takePart(id, image, seq);
          if (data === null) throw new Error('An image part of a taken note is missing');
          yield data;
        }
        yield '"';
      }
      yield ']}';
    } finally {
      // The reader went away mid-way (or a part was missing): nothing of the note may stay.
      await repo.discardParts(id);
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}
