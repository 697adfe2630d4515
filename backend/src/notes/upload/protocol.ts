import type { ErrorCode, FieldError } from '../../../../shared/errors.ts';
import type { NoteFields } from './note-request.ts';

/**
 * Messages between the server's thread and a large note's parse worker (parse.worker.ts).
 * In: the body's bytes as they arrive, then `end`. Out: the validated fields; then, one per
 * `next` asked for, the images' parts, then `done`; or `refused` with the error the request
 * gets. The server's thread takes one part at a time, when it has stored the previous one, so
 * it never has tens of megabytes of messages to take in at once.
 */
export type ToParser = Uint8Array | 'end' | 'next';

export type FromParser =
  | { kind: 'fields'; fields: NoteFields; partsPerImage: number[] }
  | { kind: 'part'; data: string }
  | { kind: 'done' }
  | {
      kind: 'refused';
      error: { code: ErrorCode; message: string; fields?: FieldError[] };
    };
