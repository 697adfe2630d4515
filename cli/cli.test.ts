import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../backend/src/testing/test-server.ts';
import { FILE_CONTENT_TYPE } from '../shared/api/note-files.ts';
import { createNoteResponseSchema, type CreateNoteRequest } from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import {
  createFileMeta,
  createNoteKeys,
  encryptFileMeta,
  encryptFileStream,
  encryptNoteText,
} from '../shared/crypto/index.ts';
import { CLI_FILE, buildCli, runCli, runCliOnTerminal } from './testing/run-cli.ts';

/**
 * The built `ashnote` command against the real server (embedded database): what a user types,
 * what they see and the exit code. Browser interop is in e2e/interop.e2e.test.ts.
 */

let app: TestServer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-cli-'));
  [app] = await Promise.all([startTestServer('embedded'), buildCli()]);
});

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A link of this test server: `path` is the page, e.g. `/note/` or `/r/ID/open`. */
const linkOf = (page: string) =>
  new RegExp(
    `^http://127\\.0\\.0\\.1:\\d+${page.replace('ID', '[A-Za-z0-9_-]{22}')}#[A-Za-z0-9_-]{43}$`,
  );
const LINK = linkOf('/note/ID');

function file(name: string, content: string): string {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
}

/** One line on stderr, prefixed, and no stack trace. */
function expectOneLine(stderr: string, text: string | RegExp) {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(typeof text === 'string' ? `ashnote: ${text}` : text);
  expect(stderr).not.toMatch(/\n\s+at /);
}

/**
 * An HTTP server between the command and a test server, whose `handle` passes each call on
 * (forward) or breaks it as the test needs.
 */
async function startProxy(handle: http.RequestListener) {
  const proxy = http.createServer(handle);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** Passes a call on to the test server, and its answer back. */
function forward(request: http.IncomingMessage, response: http.ServerResponse) {
  const upstream = http.request(
    new URL(request.url!, app.url),
    { method: request.method, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    },
  );
  request.pipe(upstream);
}

/** A request made with the command: the link to answer it, and the claim link to read it. */
async function makeRequest(label: string, server = app.url) {
  const made = await runCli(['request', '--server', server, '--label', label]);
  expect(made.code).toBe(0);
  return { requestLink: made.stdout.trimEnd(), claimLink: made.stderr.trimEnd().split('\n')[1]! };
}

async function send(args: string[], stdin: string, server = app.url): Promise<string> {
  const sent = await runCli(['send', '--server', server, ...args], { stdin });
  expect(sent.stderr).toBe('');
  expect(sent.code).toBe(0);
  return sent.stdout.trimEnd();
}

describe('ashnote send and read', () => {
  it('sends stdin, prints only the link, reads the exact text back once', async () => {
    const text = 'line one\n  ünïcødé, tabs\tand emoji 🔐\n';
    const sent = await runCli(['send', '--server', app.url, '--expire', '1h'], { stdin: text });
    expect(sent.code).toBe(0);
    expect(sent.stderr).toBe('');
    expect(sent.stdout).toMatch(new RegExp(`${LINK.source.slice(0, -1)}\\n$`));
    const link = sent.stdout.trimEnd();

    const read = await runCli(['read', link]);
    expect(read).toEqual({ code: 0, stdout: text, stderr: '' });

    // The note is gone, and the second reader hears it as the web app says it.
    const again = await runCli(['read', link]);
    expect(again.code).toBe(3);
    expect(again.stdout).toBe('');
    expectOneLine(again.stderr, /^ashnote: This note was read and destroyed \d+ seconds? ago\.$/);

    // Nothing the server logged could open it.
    const key = link.split('#')[1]!;
    for (const line of app.logs) {
      expect(line).not.toContain(key);
      expect(line).not.toContain('ünïcødé');
    }
  });

  it('takes the server from ASHNOTE_SERVER and the note from a file, and answers --json', async () => {
    const note = file('note.txt', 'from a file');
    const sent = await runCli(['send', note, '--json'], { env: { ASHNOTE_SERVER: app.url } });
    expect(sent.code).toBe(0);
    const { link, expiresAt } = JSON.parse(sent.stdout) as { link: string; expiresAt: string };
    expect(link).toMatch(LINK);
    // The default expiry is a day, as in the web app.
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);

    const out = path.join(dir, 'read.txt');
    const read = await runCli(['read', link, '-o', out, '--json']);
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({ text: 'from a file', saved: [out] });
    expect(fs.readFileSync(out, 'utf8')).toBe('from a file');
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
  });

  it('protects a note with a password from a file; a wrong one burns nothing', async () => {
    const right = file('right.pw', 'correct horse battery\n');
    const wrong = file('wrong.pw', 'wrong horse\n');
    const link = await send(['--password-file', right], 'behind a password');

    const refused = await runCli(['read', link, '--password-file', wrong]);
    expect(refused.code).toBe(4);
    expect(refused.stdout).toBe('');
    expectOneLine(
      refused.stderr,
      'Incorrect password. Please try again. 9 attempts left before the note is destroyed.',
    );

    // Without a terminal to ask on, and no file, it says how to give the password.
    const noTerminal = await runCli(['read', link]);
    expect(noTerminal.code).toBe(2);
    expectOneLine(
      noTerminal.stderr,
      'No terminal to ask the password on: pass --password-file FILE.',
    );

    const read = await runCli(['read', link, '--password-file', right]);
    expect(read).toEqual({ code: 0, stdout: 'behind a password', stderr: '' });
    for (const line of app.logs) expect(line).not.toContain('correct horse');
  });

  it('asks passwords on the terminal without echo, three tries when reading', async () => {
    const note = file('terminal.txt', 'typed on a terminal');
    const sent = await runCliOnTerminal(
      ['send', note, '--password', '--server', app.url],
      [
        { prompt: 'Password for the note: ', type: 's3cret pass\r' },
        { prompt: 'Repeat the password: ', type: 's3cret pass\r' },
      ],
    );
    expect(sent.code).toBe(0);
    expect(sent.screen).not.toContain('s3cret');
    const link = sent.screen.trim().split('\n').pop()!;
    expect(link).toMatch(LINK);

    // Two typos, then the right one: each typo is said with the attempts left, nothing echoed.
    const read = await runCliOnTerminal(
      ['read', link],
      [
        { prompt: 'Password: ', type: 'typo one\r' },
        { prompt: 'Password: ', type: 'typo two\r' },
        { prompt: 'Password: ', type: 's3cret pass\r' },
      ],
    );
    expect(read.code).toBe(0);
    expect(read.screen).toContain('Incorrect password. Please try again. 9 attempts left');
    expect(read.screen).toContain('Incorrect password. Please try again. 8 attempts left');
    expect(read.screen).toMatch(/typed on a terminal\n$/);
    expect(read.screen).not.toMatch(/typo|s3cret/);
  });

  it('gives up after three wrong passwords on the terminal, with exit code 4', async () => {
    const link = await send(['--password-file', file('three.pw', 'the right one')], 'kept');
    const read = await runCliOnTerminal(
      ['read', link],
      [1, 2, 3].map((n) => ({ prompt: 'Password: ', type: `wrong ${n}\r` })),
    );
    expect(read.code).toBe(4);
    expect(read.screen).not.toContain('wrong ');
    expect(read.screen.trim().split('\n').pop()).toBe(
      'ashnote: Incorrect password. Please try again. 7 attempts left before the note is destroyed.',
    );
    // Still there for the right password.
    const right = await runCli([
      'read',
      link,
      '--password-file',
      file('right3.pw', 'the right one'),
    ]);
    expect(right.stdout).toBe('kept');
  });

  it('a send whose passwords differ sends nothing', async () => {
    const before = app.logs.filter((line) => line.includes(`POST ${apiPaths.notes}`)).length;
    const sent = await runCliOnTerminal(
      ['send', file('differ.txt', 'x'), '--password', '--server', app.url],
      [
        { prompt: 'Password for the note: ', type: 'one\r' },
        { prompt: 'Repeat the password: ', type: 'two\r' },
      ],
    );
    expect(sent.code).toBe(2);
    expect(sent.screen.trim().split('\n').pop()).toBe('ashnote: The passwords do not match.');
    const after = app.logs.filter((line) => line.includes(`POST ${apiPaths.notes}`)).length;
    expect(after).toBe(before);
  });
});

describe('ashnote request, answer and read with the claim link', () => {
  it('asks for a secret, takes one answer, and reads it once with the claim link', async () => {
    const made = await runCli(['request', '--server', app.url, '--label', 'VPN password']);
    expect(made.code).toBe(0);
    const requestLink = made.stdout.trimEnd();
    expect(requestLink).toMatch(linkOf('/r/ID'));
    const [hint, claimLink, ...rest] = made.stderr.trimEnd().split('\n');
    expect(hint).toMatch(/^Send the request link .* Keep this claim link to yourself/);
    expect(claimLink).toMatch(linkOf('/r/ID/open'));
    expect(rest).toEqual([]);

    // Before any answer the claim link says so and destroys nothing.
    const early = await runCli(['read', claimLink!]);
    expect(early.code).toBe(1);
    expectOneLine(early.stderr, 'Nobody has answered this request yet.');

    const answered = await runCli(['answer', requestLink], { stdin: 'hunter2\n' });
    expect(answered.code).toBe(0);
    expect(answered.stdout).toBe('');
    expect(answered.stderr).toMatch(/^Requested: VPN password\nAnswer sent\. .*\n$/);
    const second = await runCli(['answer', requestLink, '-'], { stdin: 'too late' });
    expect(second.code).toBe(3);
    expectOneLine(
      second.stderr,
      'This request has already been answered. It can be answered only once.',
    );

    // A claim key that is not this request's is refused before anything is read.
    const wrongKey = await runCli(['read', `${claimLink!.split('#')[0]}#${'k'.repeat(43)}`]);
    expect(wrongKey.code).toBe(2);
    expectOneLine(wrongKey.stderr, 'The key in this link does not belong to this request.');

    const claimed = await runCli(['read', claimLink!]);
    expect(claimed).toEqual({ code: 0, stdout: 'hunter2\n', stderr: 'Requested: VPN password\n' });
    const twice = await runCli(['read', claimLink!]);
    expect(twice.code).toBe(3);
    expectOneLine(twice.stderr, 'This answer has already been read and destroyed.');
    for (const line of app.logs) expect(line).not.toContain('hunter2');
  });
});

describe('ashnote send --status, status and burn', () => {
  it('the status link says waiting, then read; too late to burn a read note', async () => {
    const sent = await runCli(['send', '--server', app.url, '--status'], { stdin: 'watched' });
    expect(sent.code).toBe(0);
    const [hint, statusLink, ...rest] = sent.stderr.trimEnd().split('\n');
    expect(hint).toMatch(/^Keep this status link to yourself/);
    expect(statusLink).toMatch(linkOf('/s/ID'));
    expect(rest).toEqual([]);

    const waiting = await runCli(['status', statusLink!]);
    expect(waiting.code).toBe(0);
    expect(waiting.stdout).toMatch(/^Waiting to be read\. Created \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);

    expect((await runCli(['read', sent.stdout.trimEnd()])).stdout).toBe('watched');
    const read = await runCli(['status', statusLink!, '--json']);
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ state: 'ended', reason: 'read' });

    const late = await runCli(['burn', statusLink!]);
    expect(late.code).toBe(3);
    expectOneLine(late.stderr, 'Not destroyed: it had already ended. Read. The note was opened');
  });

  it('burns a note unread; the reader then hears that its sender destroyed it', async () => {
    const sent = await runCli(['send', '--server', app.url, '--status', '--json'], {
      stdin: 'never read',
    });
    expect(sent.stderr).toBe('');
    const { link, statusLink } = JSON.parse(sent.stdout) as { link: string; statusLink: string };

    const wrongKey = await runCli(['burn', `${statusLink.split('#')[0]}#${'k'.repeat(43)}`]);
    expect(wrongKey.code).toBe(2);
    expectOneLine(
      wrongKey.stderr,
      'This status link is not valid: its key is wrong or incomplete.',
    );

    const burnt = await runCli(['burn', statusLink]);
    expect(burnt.code).toBe(0);
    expect(burnt.stdout).toMatch(
      /^Destroyed by you\. You destroyed the note on .* UTC, before it was read\.\n$/,
    );
    const read = await runCli(['read', link]);
    expect(read.code).toBe(3);
    expectOneLine(read.stderr, /^ashnote: Its sender destroyed this note \d+ seconds? ago/);
  });
});

describe('ashnote send --attach, answer --attach and read with files', () => {
  /** A fresh, empty directory under the test's. */
  const freshDir = (name: string) => fs.mkdtempSync(path.join(dir, `${name}-`));
  const noteIdOf = (link: string) => new URL(link).pathname.split('/').pop()!;

  /** Chunk rows the server still holds for a note. */
  async function storedChunks(link: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from note_file_chunk where note_id = ${noteIdOf(link)}
    `.execute(app.server.database.sql);
    return rows[0]!.n;
  }

  /**
   * A note with files made as another client could make it, naming its files whatever it
   * likes (the command itself sends base names only).
   */
  async function sendCraftedNote(text: string, files: { name: string; bytes: Buffer }[]) {
    const keys = await createNoteKeys();
    const count = files.length;
    const metas = await Promise.all(
      files.map(({ name, bytes }) => createFileMeta({ name, type: '', size: bytes.length })),
    );
    const body: CreateNoteRequest = {
      content: await encryptNoteText(keys.contentKey, text, { images: 0, files: count }),
      verifier: keys.verifier,
      linkVerifier: keys.linkVerifier,
      expiration: '1h',
      files: await Promise.all(
        metas.map(async (meta, index) => ({
          meta: await encryptFileMeta(keys.contentKey, meta, { index, count }),
          size: meta.size,
        })),
      ),
    };
    const response = await fetch(`${app.url}${apiPaths.notes}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const created = createNoteResponseSchema.parse(await response.json());
    const auth = { Authorization: `Bearer ${created.uploadToken!}` };
    for (const [index, meta] of metas.entries()) {
      const source = (async function* () {
        yield files[index]!.bytes;
      })();
      for await (const chunk of encryptFileStream(meta, source)) {
        const put = await fetch(
          `${app.url}${apiPaths.noteFileChunk(created.noteId, index, chunk.index)}`,
          {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': FILE_CONTENT_TYPE },
            body: chunk.bytes,
          },
        );
        expect(put.status).toBe(204);
      }
    }
    const complete = await fetch(`${app.url}${apiPaths.noteComplete(created.noteId)}`, {
      method: 'POST',
      headers: auth,
    });
    expect(complete.status).toBe(200);
    return `${app.url}/note/${created.noteId}#${keys.linkKey}`;
  }

  it('sends text and two files (one empty), reads them into a directory byte for byte, once', async () => {
    const binary = crypto.randomBytes(300_000);
    const big = path.join(freshDir('from'), 'random.bin');
    fs.writeFileSync(big, binary);
    const empty = file('empty.txt', '');
    const sent = await runCli(
      ['send', '--server', app.url, '--attach', big, '--attach', empty, '-'],
      { stdin: 'see the attached files' },
    );
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    const link = sent.stdout.trimEnd();
    expect(link).toMatch(LINK);

    const into = freshDir('into');
    const read = await runCli(['read', link, '-o', into, '--json']);
    expect(read.code).toBe(0);
    const saved = [path.join(into, 'random.bin'), path.join(into, 'empty.txt')];
    expect(JSON.parse(read.stdout)).toEqual({ text: 'see the attached files', saved });
    expect(read.stderr).toBe(`Saved ${saved[0]} (293 KiB).\nSaved ${saved[1]} (0 bytes).\n`);
    expect(fs.readFileSync(saved[0]!).equals(binary)).toBe(true);
    expect(fs.readFileSync(saved[1]!)).toHaveLength(0);
    expect(fs.statSync(saved[0]!).mode & 0o777).toBe(0o600);
    // Nothing else in the directory: no temporary file left behind.
    expect(fs.readdirSync(into).sort()).toEqual(['empty.txt', 'random.bin']);
    // Saved, so deleted on the server at once rather than in an hour.
    expect(await storedChunks(link)).toBe(0);

    const again = await runCli(['read', link, '-o', into]);
    expect(again.code).toBe(3);
    expectOneLine(again.stderr, /^ashnote: This note was read and destroyed \d+ seconds? ago\.$/);
    for (const line of app.logs) {
      expect(line).not.toContain(link.split('#')[1]);
      expect(line).not.toContain('random.bin');
    }
  });

  it('sends a file without text; read -o PATH saves that one file at PATH', async () => {
    const bytes = crypto.randomBytes(70_000); // two chunks
    const source = path.join(dir, 'two-chunks.bin');
    fs.writeFileSync(source, bytes);
    const link = await send(['--attach', source], '');
    const target = path.join(freshDir('one'), 'contract.bin');
    const read = await runCli(['read', link, '-o', target]);
    expect(read).toEqual({ code: 0, stdout: '', stderr: `Saved ${target} (68.4 KiB).\n` });
    expect(fs.readFileSync(target).equals(bytes)).toBe(true);
  });

  it('keeps a sender’s file names inside the directory, never replacing a file', async () => {
    const link = await sendCraftedNote('names', [
      { name: '../../evil', bytes: Buffer.from('one') },
      { name: 'evil', bytes: Buffer.from('two') },
      { name: '..\\.hidden\u202Efdp.exe', bytes: Buffer.from('three') },
    ]);
    // No -o: the text is printed, the files land in the current directory, and it says so.
    const cwd = freshDir('cwd');
    fs.writeFileSync(path.join(cwd, 'evil'), 'mine');
    const read = await runCli(['read', link], { cwd });
    expect(read.code).toBe(0);
    expect(read.stdout).toBe('names');
    expect(read.stderr.split('\n')[0]).toBe(
      'This note has files and no -o was given: they are saved in the current directory.',
    );
    expect(fs.readdirSync(cwd).sort()).toEqual(['evil', 'evil (1)', 'evil (2)', 'hidden_fdp.exe']);
    expect(fs.readFileSync(path.join(cwd, 'evil'), 'utf8')).toBe('mine');
    expect(fs.readFileSync(path.join(cwd, 'evil (1)'), 'utf8')).toBe('one');
    expect(fs.readFileSync(path.join(cwd, 'evil (2)'), 'utf8')).toBe('two');
    expect(fs.existsSync(path.join(cwd, '../../evil'))).toBe(false);

    // Several files and -o a new path: it becomes a directory holding them.
    const twice = await sendCraftedNote('', [
      { name: 'a.txt', bytes: Buffer.from('a') },
      { name: 'a.txt', bytes: Buffer.from('b') },
    ]);
    const target = path.join(freshDir('several'), 'received');
    const several = await runCli(['read', twice, '-o', target, '--json']);
    expect(several.code).toBe(0);
    const saved = [path.join(target, 'a.txt'), path.join(target, 'a (1).txt')];
    expect(JSON.parse(several.stdout)).toEqual({ text: '', saved });
    expect(saved.map((name) => fs.readFileSync(name, 'utf8'))).toEqual(['a', 'b']);
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
  });

  it('resumes an upload and a download that fail midway, sending and fetching only what is missing', async () => {
    // Between the command and the server: the answer to chunk 1's first upload is lost (the
    // chunk was stored), chunk 2's first upload gets a 503, and the first download is cut off
    // after ~100 KB.
    const calls = new Map<string, number>();
    const proxy = await startProxy((request, response) => {
      const call = `${request.method} ${request.url}`;
      const first = !calls.has(call);
      calls.set(call, (calls.get(call) ?? 0) + 1);
      const chunk = /\/files\/0\/chunks\/(\d+)$/.exec(request.url!)?.[1];
      if (first && chunk === '2') {
        request.resume();
        response.writeHead(503).end();
        return;
      }
      const upstream = http.request(
        new URL(request.url!, app.url),
        { method: request.method, headers: request.headers },
        (answer) => {
          if (first && chunk === '1') {
            answer.resume();
            answer.on('end', () => request.socket.destroy());
            return;
          }
          response.writeHead(answer.statusCode!, answer.headers);
          if (!(first && request.method === 'GET' && request.url!.endsWith('/files/0'))) {
            answer.pipe(response);
            return;
          }
          let sent = 0;
          answer.on('data', (piece: Buffer) => {
            if (sent > 100_000) {
              answer.destroy();
              response.socket?.destroy();
              return;
            }
            sent += piece.length;
            response.write(piece);
          });
        },
      );
      request.pipe(upstream);
    });
    const through = proxy.url;
    try {
      const bytes = crypto.randomBytes(300_000);
      const source = path.join(dir, 'flaky.bin');
      fs.writeFileSync(source, bytes);
      const link = await send(['--attach', source], '', through);
      const uploads = (n: number) =>
        calls.get(`PUT ${apiPaths.noteFileChunk(noteIdOf(link), 0, n)}`);
      expect([0, 1, 2, 3, 4].map(uploads)).toEqual([1, 1, 2, 1, 1]);

      const into = freshDir('flaky');
      const read = await runCli(['read', link, '-o', into]);
      expect(read.code).toBe(0);
      expect(fs.readFileSync(path.join(into, 'flaky.bin')).equals(bytes)).toBe(true);
      const resumed = [...calls.keys()].filter((call) => call.includes('/files/0?from='));
      expect(resumed).toEqual([`GET ${apiPaths.noteFile(noteIdOf(link), 0, 1)}`]);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a tampered chunk: exit 1, the text still printed, no partial file', async () => {
    const link = await send(['--attach', file('tamper.bin', 'x'.repeat(200_000)), '-'], 'text');
    await sql`
      update note_file_chunk set data = set_byte(data, 100, 255 - get_byte(data, 100))
      where note_id = ${noteIdOf(link)} and file = 0 and chunk = 1
    `.execute(app.server.database.sql);
    const into = freshDir('tampered');
    const read = await runCli(['read', link, '-o', into]);
    expect(read.code).toBe(1);
    expect(read.stdout).toBe('text');
    expectOneLine(
      read.stderr,
      'tamper.bin did not decrypt: it was damaged or tampered with, and was not saved.',
    );
    expect(fs.readdirSync(into)).toEqual([]);
  });

  it('answers a request with text and two files; the claim link saves them byte for byte, once', async () => {
    const { requestLink, claimLink } = await makeRequest('the signed contract');
    const binary = crypto.randomBytes(200_000);
    const contract = path.join(freshDir('answer-from'), 'contract.bin');
    fs.writeFileSync(contract, binary);
    const notes = file('answer-notes.txt', 'page 3 is the one\n');
    const answered = await runCli(
      ['answer', requestLink, '--attach', contract, '--attach', notes, '-', '--json'],
      { stdin: 'both attached' },
    );
    expect(answered.stderr).toBe('Requested: the signed contract\n');
    expect(answered.code).toBe(0);
    // The upload token stays inside the command.
    expect(Object.keys(JSON.parse(answered.stdout))).toEqual(['expiresAt']);

    const into = freshDir('answer-into');
    const claimed = await runCli(['read', claimLink, '-o', into, '--json']);
    expect(claimed.code).toBe(0);
    const saved = [path.join(into, 'contract.bin'), path.join(into, 'answer-notes.txt')];
    expect(JSON.parse(claimed.stdout)).toEqual({
      label: 'the signed contract',
      text: 'both attached',
      saved,
    });
    expect(fs.readFileSync(saved[0]!).equals(binary)).toBe(true);
    expect(fs.readFileSync(saved[1]!, 'utf8')).toBe('page 3 is the one\n');
    const twice = await runCli(['read', claimLink, '-o', freshDir('answer-twice')]);
    expect(twice.code).toBe(3);
    expectOneLine(twice.stderr, 'This answer has already been read and destroyed.');
  });

  it('says an answer whose upload was not completed was not sent, never "Answer sent"', async () => {
    const { requestLink, claimLink } = await makeRequest('a scan');
    // The server loses the upload before it is completed.
    const proxy = await startProxy((request, response) => {
      if (request.method === 'POST' && request.url!.endsWith('/complete')) {
        request.resume();
        response.writeHead(404, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Gone.' } }));
        return;
      }
      forward(request, response);
    });
    try {
      const through = requestLink.replace(app.url, proxy.url);
      const scan = file('scan.bin', 'x'.repeat(100_000));
      // Files without text: the text is not read.
      const answered = await runCli(['answer', through, '--attach', scan]);
      expect(answered.code).toBe(3);
      expect(answered.stdout).toBe('');
      expect(answered.stderr.trimEnd().split('\n')).toEqual([
        'Requested: a scan',
        'ashnote: The upload is no longer on the server: it was not completed within an hour. The answer was not sent: the server deletes the partial upload within an hour, and the request takes no other answer.',
      ]);
    } finally {
      await proxy.close();
    }
    // Nothing for the claim link to read: as far as the server knows, the files are still on
    // their way (until its sweeper removes the partial upload).
    const claimed = await runCli(['read', claimLink]);
    expect(claimed.code).toBe(1);
    expect(claimed.stdout).toBe('');
    expectOneLine(
      claimed.stderr,
      'This request has been answered, but the files that come with the answer are still uploading. Nothing has been read or destroyed: check again in a moment.',
    );
  });
});

describe('ashnote send --attach and answer --attach on a server with a small file limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer('embedded', {
      NOTE_MAX_FILE_BYTES: '100000',
      NOTE_FILE_BYTES_PER_HOUR: '150000',
    });
  });
  afterAll(() => small?.stop());

  it('refuses files over the limit before uploading anything, saying the limit', async () => {
    const big = file('over-limit.bin', 'x'.repeat(60_000));
    const other = file('over-limit-2.bin', 'y'.repeat(60_000));
    const sent = await runCli(['send', '--server', small.url, '--attach', big, '--attach', other]);
    expect(sent.code).toBe(2);
    expect(sent.stdout).toBe('');
    expectOneLine(
      sent.stderr,
      'The attached files are 117.2 KiB in all: this server takes at most 97.7 KiB (100,000 bytes) of files per note. Nothing was sent.',
    );
    expect(small.logs.some((line) => line.includes(`POST ${apiPaths.notes}`))).toBe(false);
  });

  it('says when this hour’s files have reached the server’s budget; the text alone still goes', async () => {
    // In an hour's last minute the command would wait for the next hour and send: start afresh.
    const left = 3_600_000 - (Date.now() % 3_600_000);
    if (left < 70_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const attached = file('budget.bin', 'b'.repeat(60_000));
    await send(['--attach', attached, '-'], 'first', small.url);
    await send(['--attach', attached, '-'], 'second', small.url);
    const third = await runCli(['send', '--server', small.url, '--attach', attached, '-'], {
      stdin: 'third',
    });
    expect(third.code).toBe(1);
    expect(third.stdout).toBe('');
    expectOneLine(
      third.stderr,
      /^ashnote: The files sent from this address this hour have reached this server's limit\. Try again later, or send it without files \(the server asks to wait \d+ s\)\.$/,
    );
    expect(await send([], 'the text alone', small.url)).toMatch(LINK);
  }, 100_000);

  it('refuses an answer’s files over the limit before answering: the request stays open', async () => {
    const { requestLink, claimLink } = await makeRequest('too big', small.url);
    const big = file('answer-over-limit.bin', 'z'.repeat(150_000));
    const answered = await runCli(['answer', requestLink, '--attach', big, '-'], {
      stdin: 'see the file',
    });
    expect(answered.code).toBe(2);
    expect(answered.stdout).toBe('');
    expect(answered.stderr.trimEnd().split('\n')).toEqual([
      'Requested: too big',
      'ashnote: The attached files are 146.5 KiB in all: this server takes at most 97.7 KiB (100,000 bytes) of files per answer. Nothing was sent.',
    ]);
    const requestId = new URL(requestLink).pathname.split('/').pop()!;
    const answerCall = `POST ${apiPaths.requestAnswer(requestId)}`;
    expect(small.logs.some((line) => line.includes(answerCall))).toBe(false);
    const early = await runCli(['read', claimLink]);
    expect(early.code).toBe(1);
    expectOneLine(early.stderr, 'Nobody has answered this request yet.');
  });
});

describe('ashnote on bad input', () => {
  it('refuses a malformed link, or one meant for another command, before any request', async () => {
    const id = 'A'.repeat(22);
    const key = 'k'.repeat(43);
    for (const [command, link, message] of [
      ['read', 'not a link', 'Not a note link: expected https://HOST/note/ID#KEY (or a claim link'],
      ['read', `${app.url}/chat/${id}#${key}`, 'Not a note link'],
      [
        'read',
        `${app.url}/note/${id}`,
        'The link has no key (the part after #): copy the whole link.',
      ],
      ['read', `${app.url}/note/${id}#short`, 'The link is damaged'],
      ['read', `http://example.org/note/${id}#${key}`, 'Refusing plain http to example.org'],
      ['answer', 'not a link', 'Not a request link: expected https://HOST/r/ID#KEY, copied whole.'],
      [
        'answer',
        `${app.url}/r/${id}/open#${key}`,
        'That is a claim link: use it with ashnote read.',
      ],
      ['read', `${app.url}/s/${id}#${key}`, 'That is a status link: use it with ashnote status'],
      ['status', `${app.url}/note/${id}#${key}`, 'That is a note link: use it with ashnote read.'],
      ['burn', `${app.url}/s/${id}`, 'The link has no key'],
    ] as const) {
      const result = await runCli([command, link]);
      expect(result.code, `${command} ${link}`).toBe(2);
      expectOneLine(result.stderr, message);
    }
  });

  it('says a note that never existed is not found (exit 3)', async () => {
    const read = await runCli(['read', `${app.url}/note/${'A'.repeat(22)}#${'k'.repeat(43)}`]);
    expect(read.code).toBe(3);
    expectOneLine(read.stderr, 'Note not found or has already been read.');
  });

  it('says a link whose key is not the note’s, and leaves the note', async () => {
    const link = await send([], 'mixed up');
    const otherKey = `${link.split('#')[0]}#${'k'.repeat(43)}`;
    const read = await runCli(['read', otherKey]);
    expect(read.code).toBe(2);
    expectOneLine(read.stderr, 'This link does not belong to this note. Check that the link');
    expect((await runCli(['read', link])).stdout).toBe('mixed up');
  });

  it('says a link to a server that is not Ashnote, and an unreachable one', async () => {
    const other = http.createServer((_request, response) => {
      response.writeHead(404, { 'Content-Type': 'text/html' });
      response.end('<h1>Not here</h1>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const read = await runCli([
        'read',
        `http://127.0.0.1:${port}/note/${'A'.repeat(22)}#${'k'.repeat(43)}`,
      ]);
      expect(read.code).toBe(1);
      expectOneLine(
        read.stderr,
        `127.0.0.1:${port} did not answer as an Ashnote server (HTTP 404).`,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    // Now nothing listens on that port.
    const sent = await runCli(['send', '--server', `http://127.0.0.1:${port}`], { stdin: 'x' });
    expect(sent.code).toBe(5);
    expectOneLine(
      sent.stderr,
      /^ashnote: Network error\. .*Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.$/,
    );
  });

  it('refuses an output file that exists before reading, so the note survives', async () => {
    const link = await send([], 'not lost');
    const existing = file('existing.txt', 'mine');
    const read = await runCli(['read', link, '-o', existing]);
    expect(read.code).toBe(2);
    expectOneLine(
      read.stderr,
      `Cannot write ${existing} (it exists; the note would not overwrite it). The note was not read.`,
    );
    expect(fs.readFileSync(existing, 'utf8')).toBe('mine');
    expect((await runCli(['read', link])).stdout).toBe('not lost');
  });

  it('refuses usage mistakes with exit code 2 and sends nothing', async () => {
    const cases: [string[], string, string][] = [
      [
        ['send', '--server', app.url, '--expire', '2d'],
        'x',
        '--expire must be one of 5m, 15m, 1h, 1d, 7d, 30d.',
      ],
      [['send', '--server', app.url], '  \n', 'Nothing to send: the note is empty.'],
      [
        ['send', '--server', app.url],
        'x'.repeat(50_001),
        'The note is too long: at most 50,000 characters.',
      ],
      [
        ['send', '--server', app.url, '--notify', 'not-an-address'],
        'x',
        'Please enter a valid email address.',
      ],
      [
        ['send', '--server', app.url, '--nope'],
        'x',
        "Unknown option '--nope'. See: ashnote send --help",
      ],
      [['send'], 'x', 'No server: pass --server URL or set ASHNOTE_SERVER.'],
      [
        ['send', '--server', 'http://notes.example.org'],
        'x',
        'Refusing plain http to notes.example.org',
      ],
      [['frobnicate'], '', 'Unknown command frobnicate. See: ashnote --help'],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await runCli(args, { stdin });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expectOneLine(result.stderr, message);
    }
  });

  it('says a server without mail cannot send read receipts, and makes no note', async () => {
    const sent = await runCli(['send', '--server', app.url, '--notify', 'me@example.org'], {
      stdin: 'x',
    });
    expect(sent.code).toBe(2);
    expectOneLine(sent.stderr, 'Read notifications are not available on this server.');
  });

  it('stops quietly when the reader of its output closes the pipe early', async () => {
    // 150 KB of text, more than a pipe holds, so the write is still going when `head` exits.
    const link = await send([], '€'.repeat(50_000));
    const pipeline = spawn('bash', [
      '-c',
      `"$0" "$1" read "$2" | head -c 3 >/dev/null; echo "\${PIPESTATUS[0]}"`,
      process.execPath,
      CLI_FILE,
      link,
    ]);
    let stdout = '';
    let stderr = '';
    pipeline.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    pipeline.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => pipeline.on('close', resolve));
    expect(stderr).toBe('');
    expect(stdout).toBe('1\n');
  });

  it('prints help and version', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('ashnote send [FILE|-]');
    for (const command of ['send', 'read', 'request', 'answer', 'status', 'burn']) {
      const own = await runCli([command, '--help']);
      expect(own.code).toBe(0);
      expect(own.stdout).toContain(`Usage: ashnote ${command}`);
      if (command === 'send' || command === 'answer') expect(own.stdout).toContain('--attach PATH');
    }
    const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(await runCli(['--version'])).toEqual({
      code: 0,
      stdout: `${manifest.version}\n`,
      stderr: '',
    });
  });
});

describe('ashnote when the server rate-limits', () => {
  let limited: TestServer;
  let strict: TestServer;

  beforeAll(async () => {
    // One note per 10 s: the second send surely lands inside the window, even on a loaded
    // machine (a 2 s window once passed before it), and its wait stays under the command's
    // one-minute limit. One per 10 minutes: a wait the command will not sit through.
    [limited, strict] = await Promise.all([
      startTestServer(
        'embedded',
        {},
        { notes: { rateRules: { create: { limit: 1, windowSeconds: 10 } } } },
      ),
      startTestServer(
        'embedded',
        {},
        { notes: { rateRules: { create: { limit: 1, windowSeconds: 600 } } } },
      ),
    ]);
  });
  afterAll(async () => {
    await Promise.all([limited?.stop(), strict?.stop()]);
  });

  it('waits Retry-After once and then sends', async () => {
    // Limits count in windows aligned to the clock: start early in one, so that both sends
    // fall in it (a first send in a window's last moment would leave the second unlimited).
    const intoWindow = Date.now() % 10_000;
    if (intoWindow > 4_000)
      await new Promise((resolve) => setTimeout(resolve, 10_050 - intoWindow));
    await send([], 'first', limited.url);
    const second = await runCli(['send', '--server', limited.url], { stdin: 'second' });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/\/note\//);
    expect(second.stderr).toMatch(/^The server is busy: trying again in \d+ s\.\n$/);
  });

  it('says so when the wait would be long, with the time the server asks', async () => {
    // In a window's last minute the wait would be short enough to sit through: start the
    // clock-aligned 10-minute window afresh instead.
    const left = 600_000 - (Date.now() % 600_000);
    if (left < 70_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    await send([], 'first', strict.url);
    const second = await runCli(['send', '--server', strict.url], { stdin: 'second' });
    expect(second.code).toBe(1);
    expectOneLine(
      second.stderr,
      /^ashnote: Too many requests\. Please wait and try again \(the server asks to wait \d+ s\)\.$/,
    );
  }, 100_000);
});
