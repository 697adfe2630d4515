import net from 'node:net';

export interface PlainResponse {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

interface Body {
  bytes: Buffer;
  /** Where the response ends in the received data. */
  end: number;
}

/** A body of known length from `start`, or null while incomplete. */
function sized(data: Buffer, start: number, length: number): Body | null {
  return data.length < start + length
    ? null
    : { bytes: data.subarray(start, start + length), end: start + length };
}

/** A chunked body (as large notes are streamed) from `start`, or null while incomplete. */
function dechunked(data: Buffer, start: number): Body | null {
  const chunks: Buffer[] = [];
  for (let at = start; ;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    const chunkStart = lineEnd + 2;
    // Each chunk, and the last (empty) one, ends with CRLF; we send no trailers to expect.
    if (data.length < chunkStart + size + 2) return null;
    if (size === 0) return { bytes: Buffer.concat(chunks), end: chunkStart + 2 };
    chunks.push(data.subarray(chunkStart, chunkStart + size));
    at = chunkStart + size + 2;
  }
}

/**
 * The load generator's HTTP: one keep-alive HTTP/1.1 connection (opened again if the server
 * closed it), one request at a time, just enough parsing for our JSON API (status line,
 * Content-Length or chunks). On a two-core machine the client shares the CPU with the server
 * and PostgreSQL; node:http's client costs about twice as much per request, and that cost was
 * being measured as the server's.
 */
export function keepAliveConnection(
  host: string,
  port: number,
): (
  method: string,
  path: string,
  json?: string,
  headers?: Record<string, string>,
) => Promise<PlainResponse> {
  let received: Buffer = Buffer.alloc(0);
  let pending: { resolve: (r: PlainResponse) => void; reject: (e: Error) => void } | null = null;

  const fail = (error: Error): null => {
    pending?.reject(error);
    pending = null;
    return null;
  };
  const onData = (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    const headerEnd = received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = received.toString('latin1', 0, headerEnd);
    const bodyStart = headerEnd + HEADER_END.length;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const body = length
      ? sized(received, bodyStart, Number(length[1]))
      : /\r\ntransfer-encoding: *chunked/i.test(head)
        ? dechunked(received, bodyStart)
        : fail(new Error(`response without Content-Length or chunks: ${head}`));
    if (!body) return;
    const response = { status: Number(head.slice(9, 12)), body: body.bytes.toString('utf8') };
    received = received.subarray(body.end);
    const waiting = pending;
    pending = null;
    waiting?.resolve(response);
  };
  const connect = (): net.Socket => {
    received = Buffer.alloc(0);
    const connection = net.connect({ host, port, noDelay: true });
    // A connection replaced after the server closed it may still report its end: not ours now.
    const current = () => socket === connection;
    return connection
      .on('error', (error) => current() && fail(error))
      .on('close', () => current() && fail(new Error('connection closed')))
      .on('data', onData);
  };
  let socket = connect();

  return (method, path, json, headers = {}) =>
    new Promise((resolve, reject) => {
      if (pending) throw new Error('one request at a time per connection');
      pending = { resolve, reject };
      // The server closes a connection left idle past its keep-alive timeout.
      if (socket.destroyed) socket = connect();
      const body = json ?? '';
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\n` +
          (json === undefined ? '' : 'Content-Type: application/json\r\n') +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
}
