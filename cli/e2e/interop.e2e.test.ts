import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import {
  answerSaveDialogs,
  closeContexts,
  expectNoProblems,
  freshContext,
  launchBrowser,
  savedFile,
  startWebApp,
  type PageProblems,
  watchPage,
} from '../../renderer/e2e/harness.ts';
import { buildCli, runCli, runCliOnTerminal } from '../testing/run-cli.ts';

/**
 * The command and the web app on one real server: a note made by either opens in the other,
 * with and without a password, with files; a note one of them read is gone for
 * the other, in the same words; a request made by either is answered by the other. Needs the
 * web bundle (`npm run build:web`); builds the command.
 */

let browser: Browser;
let app: TestServer;
let dir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-cli-interop-'));
  [browser, app] = await Promise.all([launchBrowser(), startWebApp('embedded'), buildCli()]);
});

afterEach(() => closeContexts(contexts));

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openPage(): Promise<{ page: Page; problems: PageProblems }> {
  const context = await freshContext(browser);
  contexts.push(context);
  // The reader's save dialog answers with a file the test can read back.
  await answerSaveDialogs(context);
  const page = await context.newPage();
  return { page, problems: watchPage(page) };
}

/** Opens the link in Chromium and reads the note through the viewer, as a person does. */
async function readInBrowser(link: string, password?: string): Promise<string> {
  const { page, problems } = await openPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Read and Destroy Note' }).click();
  if (password !== undefined) {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Unlock Note' }).click();
  }
  const text = page.getByTestId('note-text');
  await text.waitFor();
  const shown = (await text.textContent()) ?? '';
  expectNoProblems(problems);
  return shown;
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface FileToAttach {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Creates a note through the home page's form and returns its share link. */
async function sendInBrowser(note: { text: string; password?: string; files?: FileToAttach[] }) {
  const { page, problems } = await openPage();
  await page.goto(app.url);
  await page.getByLabel('Note content').fill(note.text);
  if (note.password) await page.getByLabel('Password (optional)').fill(note.password);
  if (note.files) {
    await page.getByTestId('note-files-input').setInputFiles(note.files);
    await expect.poll(() => page.getByTestId('note-attachment').count()).toBe(note.files.length);
  }
  await page.getByRole('button', { name: 'Create Secure Note' }).click();
  await page.getByTestId('share-panel').waitFor();
  const link = await page.getByTestId('share-link').inputValue();
  expectNoProblems(problems);
  return link;
}

async function sendWithCli(text: string, args: string[] = []): Promise<string> {
  const sent = await runCli(['send', '--server', app.url, ...args], { stdin: text });
  expect(sent.stderr).toBe('');
  expect(sent.code).toBe(0);
  return sent.stdout.trimEnd();
}

describe('the command and the browser read each other’s notes', () => {
  it('a note sent with the command opens in Chromium, and is then gone for the command', async () => {
    const text = 'from the terminal: ünïcødé 🔐\n  indented line';
    const link = await sendWithCli(text);
    expect(await readInBrowser(link)).toBe(text);

    const again = await runCli(['read', link]);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(
      /^ashnote: This note was read and destroyed \d+ seconds? ago\.\n$/,
    );
  });

  it('a password note sent with the command opens in Chromium with that password', async () => {
    const passwordFile = path.join(dir, 'send.pw');
    fs.writeFileSync(passwordFile, 'correct horse ✓\n');
    const link = await sendWithCli('behind a password', ['--password-file', passwordFile]);
    expect(await readInBrowser(link, 'correct horse ✓')).toBe('behind a password');
  });

  it('a password note with a file sent with the command opens in Chromium, the file saved whole', async () => {
    const bytes = crypto.randomBytes(2 * 65_536 + 99);
    const file = path.join(dir, 'annex.bin');
    fs.writeFileSync(file, bytes);
    const passwordFile = path.join(dir, 'annex-password');
    fs.writeFileSync(passwordFile, 'cli pass\n');
    const link = await sendWithCli('the annex', [
      '--attach',
      file,
      '--password-file',
      passwordFile,
      '-',
    ]);

    const { page, problems } = await openPage();
    await page.goto(link);
    await page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await page.getByLabel('Password', { exact: true }).fill('cli pass');
    await page.getByRole('button', { name: 'Unlock Note' }).click();
    await page.getByTestId('note-text').getByText('the annex').waitFor();
    await page.getByRole('button', { name: 'Save annex.bin' }).click();
    await expect
      .poll(() => page.getByTestId('note-file').getAttribute('data-status'))
      .toBe('saved');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(await savedFile(page, 'annex.bin')).toEqual({ size: bytes.length, sha256 });
    expectNoProblems(problems);
  });

  it('a note sent from Chromium reads with the command; the browser then finds it gone', async () => {
    const link = await sendInBrowser({ text: 'from the browser' });
    const read = await runCli(['read', link]);
    expect(read).toEqual({ code: 0, stdout: 'from the browser', stderr: '' });

    const { page, problems } = await openPage();
    await page.goto(link);
    await page.getByText(/^This note was read and destroyed \d+ seconds? ago\.$/).waitFor();
    expectNoProblems(problems);
  });

  it('a password note with files from Chromium reads on the terminal, each file saved', async () => {
    // Over three chunks, so order and the last chunk's flag matter.
    const contract = crypto.randomBytes(3 * 65_536 + 123);
    const link = await sendInBrowser({
      text: 'see the files',
      password: 'web pass',
      files: [
        { name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL },
        { name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract },
      ],
    });
    const out = path.join(dir, 'from-browser');
    fs.mkdirSync(out);
    const read = await runCliOnTerminal(
      ['read', link, '-o', out],
      [{ prompt: 'Password: ', type: 'web pass\r' }],
    );
    expect(read.code).toBe(0);
    expect(read.screen).not.toContain('web pass');
    expect(read.screen).toContain('see the files');
    expect(fs.readFileSync(path.join(out, 'contract.pdf')).equals(contract)).toBe(true);
    // Re-drawn by the browser before encryption: a PNG still, its metadata gone.
    const image = fs.readFileSync(path.join(out, 'pixel.png'));
    expect(image.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});

describe('the command and the browser answer each other’s requests', () => {
  it('a request from the command is answered in Chromium and claimed by the command, and back', async () => {
    const made = await runCli(['request', '--server', app.url, '--label', 'VPN ✓', '--json']);
    expect(made.code).toBe(0);
    const { requestLink, claimLink } = JSON.parse(made.stdout) as Record<string, string>;

    const { page, problems } = await openPage();
    await page.goto(requestLink!);
    await page.getByTestId('request-label').getByText('VPN ✓').waitFor();
    await page.getByLabel('Your answer').fill('from the browser 🔐\nline two');
    await page.getByRole('button', { name: 'Encrypt and send' }).click();
    await page.getByTestId('request-sent').waitFor();
    expect(await runCli(['read', claimLink!])).toEqual({
      code: 0,
      stdout: 'from the browser 🔐\nline two',
      stderr: 'Requested: VPN ✓\n',
    });

    // The other way: a request made in Chromium, answered by the command, read in Chromium.
    await page.goto(`${app.url}/request`);
    await page.getByLabel('What are you asking for? (optional)').fill('from the web');
    await page.getByRole('button', { name: 'Create the request' }).click();
    const webRequest = await page.getByTestId('request-link').locator('input').inputValue();
    const webClaim = await page.getByTestId('claim-link').locator('input').inputValue();
    const answered = await runCli(['answer', webRequest], { stdin: 'from the terminal' });
    expect(answered.code).toBe(0);
    expect(answered.stderr).toMatch(/^Requested: from the web\n/);
    await page.goto(webClaim);
    await page.getByRole('button', { name: 'Read and destroy the answer' }).click();
    await expect.poll(() => page.getByTestId('claim-answer').innerText()).toBe('from the terminal');
    expectNoProblems(problems);
  });
});
