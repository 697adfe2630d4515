import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes } from '../../../shared/api/paths.ts';

const module = (relative: string) => new URL(relative, import.meta.url).href;

/**
 * A fresh server in a process of its own (this one has loaded undici long ago): health, config,
 * a note created and read, an unknown API path; then the answers, and which of Node's internal
 * modules named undici it loaded. Requests go through node:http, taken so that undici stays out
 * of it (an ES module import of node:http loads it).
 */
const SCRIPT = `
const http = process.getBuiltinModule('node:http');
const { createApp } = await import(${JSON.stringify(module('../app.ts'))});
const { loadConfig } = await import(${JSON.stringify(module('../config.ts'))});
const { createLogger } = await import(${JSON.stringify(module('../logger.ts'))});
const { fakeEnvelope, noteProofs, noteVerifiers } = await import(${JSON.stringify(module('../testing/notes-client.ts'))});
const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: process.env.DATA_DIR });
const app = await createApp(config, { logger: createLogger('silent') });
const { url } = await app.listen();
const ask = (method, path, body) => new Promise((resolve, reject) => {
  const request = http.request(url + path, { method, headers: { 'content-type': 'application/json' } }, (response) => {
    let text = '';
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'], body: JSON.parse(text) }));
  });
  request.on('error', reject);
  request.end(body === undefined ? undefined : JSON.stringify(body));
});
const proofs = noteProofs();
const created = await ask('POST', ${JSON.stringify(apiPaths.notes)}, { content: fakeEnvelope(), ...noteVerifiers(proofs), expiration: '1d' });
const answers = [
  await ask('GET', ${JSON.stringify(apiPaths.health)}),
  await ask('GET', ${JSON.stringify(apiPaths.config)}),
  created,
  await ask('POST', ${JSON.stringify(apiRoutes.noteVerify)}.replace(':id', created.body.noteId), { proof: proofs.proof, linkProof: proofs.linkProof }),
  await ask('GET', '/api/no-such-thing'), // under /api, so the answer is JSON, not the 404 page
];
await app.close();
process.stdout.write(JSON.stringify({ answers, undici: process.moduleLoadList.filter((name) => name.includes('undici')) }));
`;

describe('JSON answers', () => {
  it('are the same JSON, and never make Node load its fetch client (undici)', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-json-'));
    const dataDir = path.join(folder, 'data');
    try {
      const script = path.join(folder, 'answers.mjs');
      fs.writeFileSync(script, SCRIPT);
      const child = spawn(process.execPath, [script], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(0);
      const { answers, undici } = JSON.parse(output) as {
        answers: { status: number; type: string; body: Record<string, unknown> }[];
        undici: string[];
      };
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 201, 200, 404]);
      for (const answer of answers) expect(answer.type).toBe('application/json; charset=utf-8');
      expect(answers[0]!.body).toEqual({ status: 'ok', database: 'up' });
      expect(answers[3]!.body).toMatchObject({ attachedImages: [] });
      expect(answers[4]!.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(undici).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
