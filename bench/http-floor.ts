import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { apiPaths, apiRoutes } from '../shared/api/paths.ts';
import { BASELINE_TABLE, DELETE_RETURNING, INSERT } from './raw-statements.ts';
import type { RunStats } from './stats.ts';

/** What comes before and after the note's id in a read's path. */
const [VERIFY_PREFIX, VERIFY_SUFFIX] = apiRoutes.noteVerify.split(':id') as [string, string];

/**
 * The least an HTTP server on Node can do for a notes cycle: node:http and the raw driver's two
 * statements (as the raw baseline runs them), with no framework, no validation, no logging, no
 * security headers and no limits. Driven by the same load generator as ours, it shows how much
 * of the gap between ours and the raw driver is HTTP on Node itself, and how much is ours.
 * A yardstick, never a server to ship: it checks nothing it is sent.
 */
export async function benchHttpFloor(
  databaseUrl: string,
  drive: (baseUrl: string) => Promise<RunStats>,
): Promise<RunStats> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  await pool.query(BASELINE_TABLE);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(pool, request.url ?? '', JSON.parse(Buffer.concat(chunks).toString('utf8'))).then(
        ([status, body]) => {
          response.writeHead(status, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
          });
          response.end(body);
        },
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await drive(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    server.close();
    await pool.end();
  }
}

async function answer(
  pool: pg.Pool,
  url: string,
  body: Record<string, string>,
): Promise<[status: number, body: string]> {
  if (url === apiPaths.notes) {
    const noteId = crypto.randomBytes(16).toString('base64url');
    await pool.query(INSERT, [noteId, body.content, Buffer.from(body.verifier!, 'base64url')]);
    return [201, JSON.stringify({ noteId })];
  }
  const id = url.slice(VERIFY_PREFIX.length, -VERIFY_SUFFIX.length);
  const verifier = crypto.createHash('sha256').update(Buffer.from(body.proof!, 'base64url'));
  const { rows } = await pool.query<{ content: string }>(DELETE_RETURNING, [id, verifier.digest()]);
  return rows[0] ? [200, JSON.stringify({ content: rows[0].content })] : [404, '{}'];
}
