import net from 'node:net';

export interface PlainResponse {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The load generator's HTTP: one keep-alive HTTP/1.1 connection, one request at a time, just
 * enough parsing for our JSON API (status line and Content-Length). On a two-core machine the
 * client shares the CPU with the server and PostgreSQL; node:http's client costs about twice
 * as much per request, and that cost was being measured as the server's.
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
  const socket = net.connect({ host, port, noDelay: true });
  let received: Buffer = Buffer.alloc(0);
  let pending: { resolve: (r: PlainResponse) => void; reject: (e: Error) => void } | null = null;

  const fail = (error: Error) => {
    pending?.reject(error);
    pending = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    const headerEnd = received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = received.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return fail(new Error(`response without Content-Length: ${head}`));
    const bodyEnd = headerEnd + HEADER_END.length + Number(length[1]);
    if (received.length < bodyEnd) return;
    const response = {
      status: Number(head.slice(9, 12)),
      body: received.toString('utf8', headerEnd + HEADER_END.length, bodyEnd),
    };
    received = received.subarray(bodyEnd);
    const waiting = pending;
    pending = null;
    waiting?.resolve(response);
  });

  return (method, path, json, headers = {}) =>
    new Promise((resolve, reject) => {
      if (pending) throw new Error('one request at a time per connection');
      pending = { resolve, reject };
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
