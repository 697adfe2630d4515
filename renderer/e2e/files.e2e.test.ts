import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import ar from '../src/i18n/locales/ar.json';
import en from '../src/i18n/locales/en.json';
import {
  answerSaveDialogs,
  appStarted,
  closeContexts,
  expectNoProblems,
  freshContext,
  launchBrowser,
  savedFile,
  saveScreenshot,
  startWebApp,
  watchPage,
  withoutSaveDialogs,
} from './harness.ts';
import type { DeviceOptions, PageProblems } from './harness.ts';

/**
 * Files with notes and answers, end to end in Chromium against the real backend (embedded
 * database): attached on the home page, encrypted and uploaded in chunks, then saved by the
 * reader, streamed to disk where the browser has a save dialog (desktop) and downloaded
 * otherwise (phone), in English and in Arabic; a tampered chunk, the operator's size limit, a
 * cancelled upload, and a request answered with a file. Build first: `npm run pretest`.
 */

let browser: Browser;
let app: TestServer;
/** A server whose operator allows 1 MB of files per note. */
let smallApp: TestServer;
const contexts: BrowserContext[] = [];
let dir: string;

const MB = 1024 * 1024;
const PHONE = { width: 390, height: 844 };
type Texts = typeof en;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-files-'));
  [browser, app, smallApp] = await Promise.all([
    launchBrowser(),
    startWebApp('embedded'),
    startWebApp('embedded', { NOTE_MAX_FILE_BYTES: String(MB) }),
  ]);
});

afterEach(() => closeContexts(contexts));

afterAll(async () => {
  await browser?.close();
  await Promise.all([app?.stop(), smallApp?.stop()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Person {
  page: Page;
  problems: PageProblems;
  /** Every request as `METHOD /path`. */
  requests: string[];
  /** Every request body the page sent, as bytes. */
  bodies: Buffer[];
}

async function person(options: {
  locale?: string;
  viewport?: typeof PHONE;
  device?: DeviceOptions;
  saveDialog?: boolean;
}): Promise<Person> {
  const context = await freshContext(browser, options);
  contexts.push(context);
  if (options.saveDialog === true) await answerSaveDialogs(context);
  if (options.saveDialog === false) await withoutSaveDialogs(context);
  const page = await context.newPage();
  const problems = watchPage(page);
  const requests: string[] = [];
  const bodies: Buffer[] = [];
  page.on('request', (request) => {
    requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    const body = request.postDataBuffer();
    if (body !== null) bodies.push(body);
  });
  return { page, problems, requests, bodies };
}

/** Text that would be seen if any of the file's plaintext left the browser. */
const MARKER = 'ASHNOTE-FILE-PLAINTEXT-MARKER';

/** A file of random bytes on disk, the marker at its start. */
function fileOnDisk(name: string, size: number): { path: string; sha256: string } {
  const bytes = crypto.randomBytes(size);
  bytes.write(MARKER, 0, 'ascii');
  const file = path.join(dir, crypto.randomUUID(), name);
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, bytes);
  return { path: file, sha256: sha256(bytes) };
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Writes a note with `file` on the home page; returns its link once it was created. */
async function sendNoteWithFile(
  sender: Person,
  t: Texts,
  baseUrl: string,
  note: { text: string; file: string },
): Promise<string> {
  await sender.page.goto(baseUrl);
  await sender.page.getByLabel(t.home.form.contentLabel).fill(note.text);
  await sender.page.getByTestId('note-files-input').setInputFiles(note.file);
  await sender.page.getByTestId('note-attachment').getByText(path.basename(note.file)).waitFor();
  await sender.page.getByRole('button', { name: t.home.form.submit }).click();
  // Encrypting and uploading 30 MB took 10-15 s alone and over 30 s (the default wait) once in
  // a full run on a slow day, with other browser tests sharing the two cores.
  await sender.page.getByTestId('share-panel').waitFor({ timeout: 90_000 });
  return sender.page.getByTestId('share-link').inputValue();
}

/**
 * Opens `link` to a note with one file, checks that the warning says a file comes with it,
 * confirms, and waits for the note's text.
 */
async function readNote(reader: Person, t: Texts, link: string): Promise<void> {
  await reader.page.goto(link);
  const oneFile = t.note.viewer.warningFiles_one.replace('{{count}}', '1');
  await reader.page.getByTestId('note-warning').getByText(oneFile).waitFor();
  await reader.page.getByRole('button', { name: t.note.viewer.readAndDestroy }).click();
  await reader.page.getByTestId('note-text').waitFor();
}

const saveButton = (page: Page, t: Texts, name: string) =>
  page.getByRole('button', { name: t.note.files.saveNamed.replace('{{name}}', name) });

/** Nothing of the file, its name or the note's text went out unencrypted. */
function expectSealed(sender: Person, secrets: string[]): void {
  for (const body of sender.bodies) {
    for (const secret of [MARKER, ...secrets]) expect(body.includes(secret)).toBe(false);
  }
}

describe('files with notes', () => {
  it('a 30 MB file goes with a note and is streamed whole to the place the reader chose (English, desktop)', async () => {
    const name = 'Q3 contract (signed).pdf';
    const file = fileOnDisk(name, 30 * MB);
    const sender = await person({});
    const link = await sendNoteWithFile(sender, en, app.url, {
      text: 'the contract',
      file: file.path,
    });
    expectSealed(sender, [name, 'the contract']);
    // 480 chunks of 64 KiB, each its own PUT: raw bytes, no base64, no JSON.
    const puts = sender.requests.filter((request) => /^PUT .*\/chunks\/\d+$/.test(request));
    expect(puts).toHaveLength(480);
    expectNoProblems(sender.problems);

    const reader = await person({ saveDialog: true });
    await readNote(reader, en, link);
    expect(await reader.page.getByTestId('note-text').textContent()).toBe('the contract');
    const row = reader.page.getByTestId('note-file');
    await row.getByText(name).waitFor();
    await row.getByText('30 MB').waitFor();
    await saveButton(reader.page, en, name).click();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('saved');
    expect(await savedFile(reader.page, name)).toEqual({ size: 30 * MB, sha256: file.sha256 });
    // Every file is with the reader: the server is told to drop them now, not in an hour.
    const noteId = new URL(link).pathname.split('/').pop()!;
    await expect
      .poll(() => reader.requests.includes(`DELETE /api/notes/${noteId}/files`))
      .toBe(true);
    expectNoProblems(reader.problems);
  });

  it('a 30 MB file goes with a note and is downloaded whole where there is no save dialog (Arabic, phone)', async () => {
    const name = 'عقد الربع الثالث.zip';
    const file = fileOnDisk(name, 30 * MB);
    const sender = await person({ locale: 'ar', viewport: PHONE });
    const link = await sendNoteWithFile(sender, ar, app.url, { text: 'العقد', file: file.path });
    expect(await sender.page.evaluate('document.documentElement.dir')).toBe('rtl');
    expectSealed(sender, ['العقد']);
    expectNoProblems(sender.problems);

    const reader = await person({ locale: 'ar', viewport: PHONE, saveDialog: false });
    await readNote(reader, ar, link);
    const row = reader.page.getByTestId('note-file');
    await row.getByText(name).waitFor();
    await saveScreenshot(reader.page, 'files/ar-phone-read');
    const [download] = await Promise.all([
      reader.page.waitForEvent('download', { timeout: 60_000 }),
      saveButton(reader.page, ar, name).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const saved = Buffer.concat(chunks);
    expect([saved.length, sha256(saved)]).toEqual([30 * MB, file.sha256]);
    await expect.poll(() => row.getAttribute('data-status')).toBe('saved');
    expectNoProblems(reader.problems);
  });

  it('a chunk changed on its way down is refused, and nothing of the file is saved', async () => {
    const name = 'keys.tar';
    const file = fileOnDisk(name, 200_000);
    const sender = await person({});
    const link = await sendNoteWithFile(sender, en, app.url, { text: 'keys', file: file.path });

    const reader = await person({ saveDialog: true });
    // One bit of the second chunk flipped, as a malicious server or a proxy might.
    await reader.page.route('**/api/notes/*/files/0*', async (route) => {
      const original = await route.fetch();
      const body = await original.body();
      body[70_000] = body[70_000]! ^ 1;
      await route.fulfill({ response: original, body });
    });
    await readNote(reader, en, link);
    await saveButton(reader.page, en, name).click();
    await reader.page.getByText(en.note.files.tampered).waitFor();
    expect(await reader.page.getByTestId('note-file').getAttribute('data-status')).toBe('failed');
    // The dialog made the file; the aborted write left it empty.
    expect((await savedFile(reader.page, name))?.size ?? 0).toBe(0);
    expectNoProblems(reader.problems);
  });

  it('a save cancelled midway leaves nothing, and the file can be saved afterwards', async () => {
    const name = 'ledger.xlsx';
    const file = fileOnDisk(name, 2 * MB);
    const sender = await person({});
    const link = await sendNoteWithFile(sender, en, app.url, { text: 'ledger', file: file.path });

    const reader = await person({ saveDialog: true });
    // The first download stalls after its headers, as on a very slow line.
    let stall = true;
    await reader.page.route('**/api/notes/*/files/0*', async (route) => {
      if (!stall) return route.continue();
      stall = false;
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      await route.continue().catch(() => undefined);
    });
    await readNote(reader, en, link);
    const row = reader.page.getByTestId('note-file');
    await saveButton(reader.page, en, name).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('saving');
    await reader.page
      .getByRole('button', { name: en.note.files.cancelNamed.replace('{{name}}', name) })
      .click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('ready');
    expect((await savedFile(reader.page, name))?.size ?? 0).toBe(0);

    await saveButton(reader.page, en, name).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('saved');
    expect(await savedFile(reader.page, name)).toEqual({ size: 2 * MB, sha256: file.sha256 });
  });

  it('a file over the operator’s limit is refused before anything is sent, with the limit', async () => {
    const file = fileOnDisk('too big.iso', MB + 1);
    const sender = await person({});
    await sender.page.goto(smallApp.url);
    await sender.page.getByLabel(en.home.form.contentLabel).fill('too much');
    // The form knows this server's limit once its config has arrived.
    await sender.page.getByText(/of 1 MB$/).waitFor();
    await sender.page.getByTestId('note-files-input').setInputFiles(file.path);
    await sender.page
      .getByRole('alert')
      .getByText("too big.iso does not fit: a note's files may be at most 1 MB together.")
      .waitFor();
    expect(await sender.page.getByTestId('note-attachment').count()).toBe(0);
    expect(sender.requests.filter((request) => request.startsWith('POST /api/notes'))).toEqual([]);
    expectNoProblems(sender.problems);
  });

  it('a cancelled upload leaves no readable note', async () => {
    const file = fileOnDisk('backup.img', 5 * MB);
    const sender = await person({});
    // The upload crawls, so there is time to change one's mind.
    await sender.page.route('**/chunks/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await route.continue().catch(() => undefined);
    });
    const created = sender.page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/notes'),
    );
    await sender.page.goto(app.url);
    await sender.page.getByLabel(en.home.form.contentLabel).fill('never mind');
    await sender.page.getByTestId('note-files-input').setInputFiles(file.path);
    await sender.page.getByTestId('note-attachment').waitFor();
    await sender.page.getByRole('button', { name: en.home.form.submit }).click();
    const { noteId } = (await (await created).json()) as { noteId: string };
    await sender.page.getByRole('button', { name: en.home.form.cancelSending }).click();
    await sender.page.getByText(en.home.toast.cancelled, { exact: true }).waitFor();
    expect(await sender.page.getByTestId('share-panel').count()).toBe(0);
    await sender.page.getByRole('button', { name: en.home.form.submit }).waitFor();
    // The server never completed it: to anyone who guesses the id, there is no note.
    expect((await fetch(`${app.url}/api/notes/${noteId}`)).status).toBe(404);
  });
});

describe('files from the mobile shell', () => {
  it('the Create tab sends a file without a message, and a phone downloads it whole', async () => {
    const android: DeviceOptions = {
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    };
    const name = 'boarding-pass.pdf';
    const file = fileOnDisk(name, MB + 17);
    const sender = await person({ viewport: PHONE, device: android });
    await sender.page.goto(`${app.url}/mobile`);
    await appStarted(sender.page);
    await sender.page.getByTestId('note-files-input').setInputFiles(file.path);
    await sender.page.getByTestId('note-attachment').getByText(name).waitFor();
    await saveScreenshot(sender.page, 'files/en-mobile-write');
    // A file is enough: the message may stay empty.
    await sender.page.getByRole('button', { name: 'Continue' }).click();
    await sender.page.getByRole('heading', { name: 'Security settings' }).waitFor();
    await sender.page.getByRole('button', { name: en.home.form.submit }).click();
    await sender.page.getByTestId('mobile-share').waitFor();
    const link = await sender.page.getByTestId('mobile-share-link').inputValue();
    expectSealed(sender, [name]);
    expectNoProblems(sender.problems);

    const reader = await person({ viewport: PHONE, device: android, saveDialog: false });
    await readNote(reader, en, link);
    const [download] = await Promise.all([
      reader.page.waitForEvent('download'),
      saveButton(reader.page, en, name).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(file.sha256);
    expectNoProblems(reader.problems);
  });
});

describe('files with answers to requests', () => {
  it('a responder answers with a file, and the requester saves it from the claim link', async () => {
    const name = 'vpn-profile.ovpn';
    const file = fileOnDisk(name, 300_000);
    const requester = await person({ saveDialog: true });
    await requester.page.goto(`${app.url}/request`);
    await requester.page.getByLabel(en.request.create.labelLabel).fill('VPN profile');
    await requester.page.getByRole('button', { name: en.request.create.submit }).click();
    const requestLink = await requester.page
      .getByTestId('request-link')
      .locator('input')
      .inputValue();
    const claimLink = await requester.page.getByTestId('claim-link').locator('input').inputValue();

    const responder = await person({});
    // The file's chunks are held back until the requester has looked.
    let releaseChunks!: () => void;
    const chunksReleased = new Promise<void>((resolve) => (releaseChunks = resolve));
    await responder.page.route(/\/chunks\/\d+$/, async (route) => {
      await chunksReleased;
      await route.continue();
    });
    await responder.page.goto(requestLink);
    await responder.page.getByLabel(en.request.answer.textLabel).fill('the profile is attached');
    await responder.page.getByTestId('note-files-input').setInputFiles(file.path);
    await responder.page.getByTestId('note-attachment').waitFor();
    const answered = responder.page.waitForResponse((response) =>
      response.url().endsWith('/answer'),
    );
    await responder.page.getByRole('button', { name: en.request.answer.submit }).click();
    expect((await answered).status()).toBe(201);

    // Answered, its file still on the way: the claim link says so, and reads nothing.
    await requester.page.goto(claimLink);
    await requester.page
      .getByTestId('claim-uploading')
      .getByText(en.request.claim.uploading)
      .waitFor();
    releaseChunks();
    await responder.page.getByTestId('request-sent').waitFor();
    expectSealed(responder, [name, 'the profile is attached']);
    expectNoProblems(responder.problems);

    await requester.page.getByRole('button', { name: en.request.claim.checkAgain }).click();
    await requester.page.getByRole('button', { name: en.request.claim.read }).click();
    await requester.page.getByTestId('claim-answer').getByText('the profile is attached').waitFor();
    await saveButton(requester.page, en, name).click();
    const row = requester.page.getByTestId('note-file');
    await expect.poll(() => row.getAttribute('data-status')).toBe('saved');
    expect(await savedFile(requester.page, name)).toEqual({ size: 300_000, sha256: file.sha256 });
    expectNoProblems(requester.problems);
  });
});
