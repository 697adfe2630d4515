import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/app-error.ts';
import { parseJson } from '../../http/json-body.ts';
import { validateNoteRequest } from './note-request.ts';
import type { FromParser, ToParser } from './protocol.ts';

/**
 * Parses and validates one large note body (up to five 10 MB images) away from the event loop:
 * JSON.parse and the schema's checks of 70 MB take a few hundred milliseconds, during which the
 * server's thread would answer nobody. It runs below the server's thread's priority (see
 * read-note-upload.ts).
 */
const port = parentPort!;
const chunks: Uint8Array[] = [];
let size = 0;
/** The parts not yet handed over, in order. */
let parts: string[] = [];
const send = (message: FromParser) => port.postMessage(message);

port.on('message', (message: ToParser) => {
  if (message === 'next') {
    const data = parts.shift();
    send(data === undefined ? { kind: 'done' } : { kind: 'part', data });
    return;
  }
  if (message !== 'end') {
    chunks.push(message);
    size += message.byteLength;
    return;
  }
  try {
    const text = Buffer.concat(chunks, size).toString('utf8');
    chunks.length = 0;
    const { fields, images } = validateNoteRequest(parseJson(text));
    parts = images.flat();
    send({ kind: 'fields', fields, partsPerImage: images.map((image) => image.length) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    send({
      kind: 'refused',
      error: { code: error.code, message: error.message, fields: error.fields },
    });
  }
});
