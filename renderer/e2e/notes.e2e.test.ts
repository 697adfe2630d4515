import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../backend/src/testing/smtp-sink.ts';
import type { TestServer } from '../../backend/src/testing/test-server.ts';
import { readManifest } from '../../bench/bundle-size.ts';
import { apiPaths } from '../../shared/api/paths.ts';
import { createNoteKeys, encryptNoteImage, encryptNoteText } from '../../shared/crypto/index.ts';
import {
  closeContexts,
  expectNoProblems,
  freshContext,
  launchBrowser,
  startWebApp,
  watchPage,
} from './harness.ts';
import type { PageProblems } from './harness.ts';

/**
 * Notes end to end in Chromium against the real backend on the embedded database: create,
 * share, open in another browser, password, images, destruction, read receipts, validation and
 * right-to-left layout. Build first: `npx vite build --config renderer/vite.config.ts`.
 */

const GPS_MARKER = 'ASHNOTE-GPS-52.5200N-13.4050E';

let browser: Browser;
let app: TestServer;
let mailApp: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  [browser, app, mailApp] = await Promise.all([
    launchBrowser(),
    startWebApp('embedded'),
    startWebApp('embedded', {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Ashnote <notes@ashnote.test>',
      MAIL_KEY: crypto.randomBytes(32).toString('base64'),
      // Its operator also offers fewer lives than the default (issue 33 §3).
      NOTE_EXPIRATIONS: '15m,1h,1d,7d',
    }),
  ]);
});

afterEach(() => closeContexts(contexts));

afterAll(async () => {
  await browser?.close();
  await Promise.all([app?.stop(), mailApp?.stop(), smtp?.stop()]);
});

async function openPage(
  options: Parameters<typeof freshContext>[1] = {},
): Promise<{ page: Page; problems: PageProblems; requests: string[]; bodies: string[] }> {
  const context = await freshContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  const problems = watchPage(page);
  const requests: string[] = [];
  const bodies: string[] = [];
  page.on('request', (request) => {
    requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    bodies.push(request.postData() ?? '', request.headers()['referer'] ?? '');
  });
  return { page, problems, requests, bodies };
}

/** A small real JPEG drawn by the browser, with an EXIF block holding a GPS IFD spliced in. */
async function jpegWithGps(page: Page): Promise<Buffer> {
  // Runs in the page (a string, as this file is type-checked without the DOM library).
  const plain = await page.evaluate<number[]>(`(async () => {
    const canvas = new OffscreenCanvas(64, 48);
    const context = canvas.getContext('2d');
    context.fillStyle = '#3366cc';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#ffcc00';
    context.fillRect(16, 12, 32, 24);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return [...new Uint8Array(await blob.arrayBuffer())];
  })()`);
  const jpeg = Buffer.from(plain);
  expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');

  // TIFF (big-endian): IFD0 with one entry, GPSInfo (0x8825) → GPS IFD with GPSLatitudeRef
  // 'N' and GPSMapDatum (0x0012, ASCII) holding the marker we look for afterwards.
  const marker = Buffer.from(`${GPS_MARKER}\0`, 'ascii');
  const tiff = Buffer.alloc(8 + 18 + 30 + marker.length);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  tiff.writeUInt16BE(2, 26);
  tiff.writeUInt16BE(0x0001, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 36, 'ascii');
  tiff.writeUInt16BE(0x0012, 40);
  tiff.writeUInt16BE(2, 42);
  tiff.writeUInt32BE(marker.length, 44);
  tiff.writeUInt32BE(56, 48);
  tiff.writeUInt32BE(0, 52);
  marker.copy(tiff, 56);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

async function createNoteInUi(
  page: Page,
  baseUrl: string,
  note: { text: string; password?: string; image?: Buffer; email?: string; expiration?: string },
): Promise<string> {
  await page.goto(baseUrl);
  if (note.expiration) await page.getByLabel('Auto-delete after').selectOption(note.expiration);
  await page.getByLabel('Note content').fill(note.text);
  if (note.password) await page.getByLabel('Password (optional)').fill(note.password);
  if (note.image) {
    await page.getByTestId('note-files-input').setInputFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: note.image,
    });
    await page.getByRole('img', { name: 'holiday.jpg' }).waitFor();
  }
  if (note.email) {
    await page.getByLabel('Email me when the note is read or destroyed').check();
    await page.getByLabel('Email address for the notification').fill(note.email);
  }
  await page.getByRole('button', { name: 'Create Secure Note' }).click();
  await page.getByTestId('share-panel').waitFor();
  await expect.poll(() => page.getByText('Note created successfully!').count()).toBeGreaterThan(0);
  return page.getByTestId('share-link').inputValue();
}

/**
 * Polls the expiry select until it offers `expected`: the form offers every life until
 * /api/config has answered with this server's.
 */
async function expectExpiryOptions(page: Page, expected: string[]) {
  const options = page.getByLabel('Auto-delete after').locator('option');
  const values = async () => {
    const count = await options.count();
    return Promise.all(
      Array.from({ length: count }, (_, index) => options.nth(index).getAttribute('value')),
    );
  };
  await expect.poll(values).toEqual(expected);
}

describe('notes in the browser', () => {
  it('creates a password note with an image, refuses a wrong password, reads it once', async () => {
    const sender = await openPage();
    const image = await jpegWithGps(sender.page);
    expect(image.includes(Buffer.from(GPS_MARKER))).toBe(true);

    const link = await createNoteInUi(sender.page, app.url, {
      text: 'The vault code is 4711\n  indented line',
      password: 'correct horse',
      image,
      expiration: '7d',
    });
    const [noteUrl, linkKey] = link.split('#');
    expect(noteUrl).toMatch(new RegExp(`^${app.url}/note/[A-Za-z0-9_-]{22}$`));
    expect(linkKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(() => sender.page.getByRole('img', { name: 'QR code of the note link' }).count())
      .toBe(1);
    const qrSrc = await sender.page
      .getByRole('img', { name: 'QR code of the note link' })
      .getAttribute('src');
    expect(qrSrc).toMatch(/^data:image\/png;base64,/);

    // Create Another Note brings back an empty form with the default expiry.
    await sender.page.getByRole('button', { name: 'Create Another Note' }).click();
    await expect.poll(() => sender.page.getByLabel('Note content').inputValue()).toBe('');
    expect(await sender.page.getByLabel('Password (optional)').inputValue()).toBe('');
    expect(await sender.page.getByLabel('Auto-delete after').inputValue()).toBe('1d');
    expect(await sender.page.getByRole('img', { name: 'holiday.jpg' }).count()).toBe(0);

    // Nothing secret left the sender's browser.
    for (const body of sender.bodies) {
      expect(body).not.toContain(linkKey);
      expect(body).not.toContain('correct horse');
      expect(body).not.toContain('vault code');
    }
    expectNoProblems(sender.problems);

    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByTestId('note-warning').waitFor();
    await reader.page
      .getByText('Warning: This note will be permanently destroyed after reading.')
      .waitFor();
    // Only the check that never burns has been made.
    const noteId = new URL(noteUrl!).pathname.split('/').pop();
    expect(reader.requests.filter((request) => request.includes('/api/notes'))).toEqual([
      `GET /api/notes/${noteId}`,
    ]);

    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByRole('heading', { name: 'Password Required' }).waitFor();
    await reader.page.getByLabel('Password', { exact: true }).fill('wrong horse');
    await reader.page.getByRole('button', { name: 'Unlock Note' }).click();
    await reader.page.getByText('Incorrect password. Please try again.').waitFor();
    await reader.page.getByText('9 attempts left before the note is destroyed.').waitFor();

    await reader.page.getByLabel('Password', { exact: true }).fill('correct horse');
    await reader.page.getByRole('button', { name: 'Unlock Note' }).click();
    await reader.page.getByRole('heading', { name: 'Decrypting the note…' }).waitFor();
    const text = reader.page.getByTestId('note-text');
    await text.waitFor();
    expect(await text.textContent()).toBe('The vault code is 4711\n  indented line');
    await reader.page
      .getByText('This note has been deleted from the server after reading.', {
        exact: false,
      })
      .waitFor();
    await reader.page.getByRole('button', { name: 'Copy to Clipboard' }).waitFor();

    const shown = reader.page.getByRole('img', { name: 'Attached image 1' });
    await shown.waitFor();
    // The save button hands over exactly the decrypted bytes.
    const [download] = await Promise.all([
      reader.page.waitForEvent('download'),
      reader.page.getByRole('link', { name: 'Save holiday.jpg' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('holiday.jpg');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const decrypted = Buffer.concat(chunks);
    expect(decrypted.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(decrypted.includes(Buffer.from(GPS_MARKER))).toBe(false);
    expect(decrypted.includes(Buffer.from('Exif\0\0', 'binary'))).toBe(false);
    expect(
      await reader.page.evaluate<number>(
        `document.querySelector('img[alt="Attached image 1"]').naturalWidth`,
      ),
    ).toBe(64);

    for (const body of reader.bodies) {
      expect(body).not.toContain(linkKey);
      expect(body).not.toContain('horse');
    }

    // The key left the address bar when the note opened: a reload cannot decrypt anything,
    // and says what is true: the note has been read.
    await reader.page.reload();
    await reader.page.getByTestId('note-destroyed').waitFor();
    await reader.page.getByText(/^This note was read and destroyed \d+ seconds? ago\.$/).waitFor();
    // The link again: gone, and said so without a warning first.
    await reader.page.goto(link);
    await reader.page.getByTestId('note-destroyed').waitFor();
    await reader.page.getByText(/^This note was read and destroyed \d+ seconds? ago\.$/).waitFor();
    expect(await reader.page.getByTestId('note-warning').count()).toBe(0);
    expectNoProblems(reader.problems, [401]);
  });

  it('makes a 5-minute note with a generated password in its text and a generated passphrase', async () => {
    const sender = await openPage();
    await sender.page.goto(app.url);
    await expectExpiryOptions(sender.page, ['5m', '15m', '1h', '1d', '7d', '30d']);
    await sender.page.getByLabel('Auto-delete after').selectOption('5m');
    await sender.page.getByLabel('Note content').fill('Recovery code:');

    // A 32-character random password, added to the text on a line of its own.
    await sender.page.getByRole('button', { name: 'Generate a secret to send' }).click();
    await sender.page.getByLabel('Length (characters)').fill('32');
    const secret = sender.page.getByLabel('Generated secret');
    await expect.poll(() => secret.inputValue()).toMatch(/^[!#$%&*+\-=?@^_~A-Za-z0-9]{32}$/);
    const password = await secret.inputValue();
    await sender.page
      .getByText(`Strength: very strong, ${Math.floor(32 * Math.log2(76))} bits of entropy`)
      .waitFor();
    await sender.page.getByRole('button', { name: 'Add to the note' }).click();
    expect(await sender.page.getByLabel('Note content').inputValue()).toBe(
      `Recovery code:\n${password}`,
    );

    // A six-word passphrase, spaced, as the note's password: shown, so it can be copied.
    const passwordButton = sender.page.getByRole('button', { name: 'Generate a password' });
    await passwordButton.click();
    expect(await passwordButton.getAttribute('aria-expanded')).toBe('true');
    await sender.page.getByRole('radio', { name: 'Passphrase' }).check();
    await sender.page.getByLabel('Separator').selectOption('space');
    await expect.poll(() => secret.inputValue()).toMatch(/^[a-z-]+( [a-z-]+){5}$/);
    await sender.page.getByText('Strength: strong, 77 bits of entropy').waitFor();
    const passphrase = await secret.inputValue();
    await sender.page.getByRole('button', { name: 'Use as password' }).click();
    const passwordField = sender.page.getByLabel('Password (optional)');
    expect(await passwordField.inputValue()).toBe(passphrase);
    expect(await passwordField.getAttribute('type')).toBe('text');
    expect(await passwordButton.getAttribute('aria-expanded')).toBe('false');

    await sender.page.getByRole('button', { name: 'Create Secure Note' }).click();
    await sender.page.getByTestId('share-panel').waitFor();
    const link = await sender.page.getByTestId('share-link').inputValue();
    const noteId = new URL(link).pathname.split('/').pop()!;
    const info = (await (await fetch(`${app.url}${apiPaths.note(noteId)}`)).json()) as {
      expiresAt: string;
    };
    const minutesLeft = (Date.parse(info.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    for (const body of sender.bodies) {
      expect(body).not.toContain(password);
      expect(body).not.toContain(passphrase);
    }

    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByLabel('Password', { exact: true }).fill(passphrase);
    await reader.page.getByRole('button', { name: 'Unlock Note' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    expect(await reader.page.getByTestId('note-text').textContent()).toBe(
      `Recovery code:\n${password}`,
    );
    expectNoProblems(sender.problems);
    expectNoProblems(reader.problems);
  });

  it('tells a reader who reloaded before reading that the note is still unread', async () => {
    const sender = await openPage();
    const link = await createNoteInUi(sender.page, app.url, { text: 'still here after a reload' });
    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByTestId('note-warning').waitFor();
    // The key left the address at once; the reload asks the server without burning the note.
    await reader.page.reload();
    await reader.page
      .getByText('This note is still unread. Open the original link again to read it.')
      .waitFor();
    await reader.page.goto(link);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    expect(await reader.page.getByTestId('note-text').textContent()).toBe(
      'still here after a reload',
    );
    expectNoProblems(sender.problems);
    expectNoProblems(reader.problems);
  });

  it('reads a note without a password at once, and only once', async () => {
    const sender = await openPage();
    const link = await createNoteInUi(sender.page, app.url, { text: 'no password here' });
    const statusLink = await sender.page.getByTestId('status-link').inputValue();
    const [statusUrl, statusKey] = statusLink.split('#');
    expect(statusUrl).toBe(link.split('#')[0]!.replace('/note/', '/s/'));
    expect(statusKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statusKey).not.toBe(link.split('#')[1]);

    // A status link with another key says so, and neither reads nor destroys the note.
    const wrong = await openPage();
    const otherKey = `${statusKey!.startsWith('A') ? 'B' : 'A'}${statusKey!.slice(1)}`;
    await wrong.page.goto(`${statusUrl}#${otherKey}`);
    await wrong.page
      .getByText(
        'This status link is not valid: its key is wrong or incomplete. Nothing was changed.',
      )
      .waitFor();
    expect(await wrong.page.getByTestId('status-destroy').count()).toBe(0);

    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    expect(await reader.page.getByTestId('note-text').textContent()).toBe('no password here');
    expect(await reader.page.getByRole('heading', { name: 'Password Required' }).count()).toBe(0);

    // Someone opening the link later learns at once that it is gone: no warning, no read.
    const late = await openPage();
    await late.page.goto(link);
    await late.page.getByText(/^This note was read and destroyed \d+ seconds? ago\.$/).waitFor();
    expect(await late.page.getByTestId('note-warning').count()).toBe(0);
    expect(await late.page.getByRole('button', { name: 'Read and Destroy Note' }).count()).toBe(0);
    expect(late.requests.filter((request) => request.startsWith('POST /api/notes'))).toEqual([]);

    // The sender's status link now says "read", and when; only its proof ever left the page.
    await sender.page.goto(statusLink);
    await sender.page.getByRole('heading', { name: 'Read', exact: true }).waitFor();
    await sender.page.getByText(/^The note was opened and destroyed on /).waitFor();
    expect(await sender.page.getByTestId('status-destroy').count()).toBe(0);
    expect(sender.requests).toContain(`POST ${apiPaths.noteStatus(statusUrl!.split('/').pop()!)}`);
    for (const body of [...sender.bodies, ...wrong.bodies]) expect(body).not.toContain(statusKey);
    expectNoProblems(sender.problems);
    expectNoProblems(wrong.problems, [403]);
    expectNoProblems(reader.problems);
    expectNoProblems(late.problems);
  });

  it('"Destroy now" on the status link destroys the note, and its reader is told why', async () => {
    const sender = await openPage();
    await createNoteInUi(sender.page, app.url, { text: 'never mind' });
    const link = await sender.page.getByTestId('share-link').inputValue();
    await sender.page.goto(await sender.page.getByTestId('status-link').inputValue());
    await sender.page.getByRole('heading', { name: 'Waiting to be read' }).waitFor();
    await sender.page.getByTestId('status-destroy').click();
    await sender.page
      .getByText('Nobody will be able to read the note afterwards.', { exact: false })
      .waitFor();
    await sender.page.getByTestId('status-destroy-confirm').click();
    await sender.page.getByRole('heading', { name: 'Destroyed by you' }).waitFor();
    expect(sender.requests.filter((request) => request.endsWith('/destroy'))).toHaveLength(1);

    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page
      .getByText(/^Its sender destroyed this note \d+ seconds? ago, before it was read\.$/)
      .waitFor();
    expect(await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).count()).toBe(
      0,
    );
    expectNoProblems(sender.problems);
    expectNoProblems(reader.problems);
  });

  /** A 1×1 PNG. */
  const PIXEL = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  it.each<[string, 'opens' | 'fails to decrypt', (images: string[]) => string[]]>([
    ['as sealed', 'opens', (images) => images],
    ['in another order', 'fails to decrypt', (images) => [...images].reverse()],
    ['all left out', 'fails to decrypt', () => []],
  ])('a note whose images the server returns %s %s', async (_label, verdict, tamper) => {
    // Sealed here, as the app seals it; the server's answer is then rewritten on its way in.
    const keys = await createNoteKeys();
    const count = 2;
    const attachedImages: string[] = [];
    for (let index = 0; index < count; index++) {
      const image = { name: `pixel ${index}.png`, type: 'image/png', bytes: PIXEL };
      attachedImages.push(await encryptNoteImage(keys.contentKey, image, { index, count }));
    }
    const response = await fetch(`${app.url}${apiPaths.notes}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        content: await encryptNoteText(keys.contentKey, 'two pictures', { images: count }),
        verifier: keys.verifier,
        linkVerifier: keys.linkVerifier,
        kdf: null,
        expiration: '1h',
        attachedImages,
      }),
    });
    const { noteId } = (await response.json()) as { noteId: string };

    const reader = await openPage();
    await reader.page.route(`**${apiPaths.noteVerify(noteId)}`, async (route) => {
      const original = await route.fetch();
      const body = (await original.json()) as { attachedImages: string[] };
      await route.fulfill({
        response: original,
        json: { ...body, attachedImages: tamper(body.attachedImages) },
      });
    });
    await reader.page.goto(`${app.url}/note/${noteId}#${keys.linkKey}`);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    if (verdict === 'opens') {
      await reader.page.getByTestId('note-text').waitFor();
      expect(await reader.page.getByTestId('note-text').textContent()).toBe('two pictures');
      await reader.page.getByRole('img', { name: 'Attached image 2' }).waitFor();
    } else {
      await reader.page
        .getByText('Failed to decrypt note. Invalid key or corrupted data.')
        .waitFor();
      expect(await reader.page.getByTestId('note-text').count()).toBe(0);
      expect(await reader.page.getByRole('img', { name: /^Attached image/ }).count()).toBe(0);
    }
    expectNoProblems(reader.problems);
  });

  it('paints the warning before any decryption code arrives, which loads while it is read', async () => {
    const keys = await createNoteKeys();
    const response = await fetch(`${app.url}${apiPaths.notes}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        content: await encryptNoteText(keys.contentKey, 'read after the warning', { images: 0 }),
        verifier: keys.verifier,
        linkVerifier: keys.linkVerifier,
        kdf: null,
        expiration: '1h',
        attachedImages: [],
      }),
    });
    const { noteId } = (await response.json()) as { noteId: string };

    // The modules useNoteReader imports on demand: their files are held until the warning is up.
    const manifest = readManifest();
    const decryption = ['src/features/notes/noteKeys.ts', 'src/features/notes/view/decryptNote.ts']
      .map((key) => `/${manifest[key]!.file}`)
      .filter((file, index, files) => files.indexOf(file) === index);
    const reader = await openPage();
    const held: Route[] = [];
    await reader.page.route(
      (url) => decryption.includes(url.pathname),
      (route) => void held.push(route),
    );
    // The note's check is held too: the warning shows meanwhile, its button not yet usable, and
    // stays the same elements once the note is found (the page's largest paint happens once).
    const checks: Route[] = [];
    await reader.page.route(
      (url) => url.pathname === apiPaths.note(noteId),
      (route) => void checks.push(route),
    );
    await reader.page.goto(`${app.url}/note/${noteId}#${keys.linkKey}`);
    const checking = reader.page.getByTestId('note-checking');
    await checking.waitFor();
    await expect.poll(() => checks.length).toBe(1);
    expect(await checking.getByRole('button', { name: 'Checking the note…' }).isDisabled()).toBe(
      true,
    );
    const body = await checking.locator('p').first().elementHandle();
    for (const route of checks) await route.continue();
    const read = reader.page.getByRole('button', { name: 'Read and Destroy Note' });
    await read.waitFor();
    expect(await read.isEnabled()).toBe(true);
    expect(await body!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await reader.page.getByTestId('note-checking').count()).toBe(0);
    // The warning is painted with none of it; it was asked for as soon as the note was found.
    await expect.poll(() => held.length).toBe(decryption.length);

    for (const route of held) await route.continue();
    await read.click();
    await reader.page.getByTestId('note-text').waitFor();
    expect(await reader.page.getByTestId('note-text').textContent()).toBe('read after the warning');
    expectNoProblems(reader.problems);
  });

  it('works where the page has no WebCrypto (noble fallback), interoperating both ways', async () => {
    // A page served over plain http on a LAN has no crypto.subtle; workers are taken away too,
    // so the password's PBKDF2 also runs in noble, on the page.
    const withoutWebCrypto = async () => {
      const opened = await openPage();
      await opened.page.addInitScript(`
        Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined, configurable: true });
        Object.defineProperty(window, 'Worker', { value: undefined, configurable: true });
      `);
      return opened;
    };
    const loadedNoble = (requests: string[]) =>
      requests.some((request) => /^GET \/assets\/noble-engine-[^/]+\.js$/.test(request));

    // One password is enough: PBKDF2 is the same function both ways, and noble's takes seconds.
    const nobleSender = await withoutWebCrypto();
    const nobleLink = await createNoteInUi(nobleSender.page, app.url, { text: 'made with noble' });
    const webReader = await openPage();
    await webReader.page.goto(nobleLink);
    await webReader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await webReader.page.getByTestId('note-text').waitFor();
    expect(await webReader.page.getByTestId('note-text').textContent()).toBe('made with noble');

    const webSender = await openPage();
    const webLink = await createNoteInUi(webSender.page, app.url, {
      text: 'made with WebCrypto',
      password: 'web password',
    });
    const nobleReader = await withoutWebCrypto();
    await nobleReader.page.goto(webLink);
    await nobleReader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await nobleReader.page.getByLabel('Password', { exact: true }).fill('web password');
    await nobleReader.page.getByRole('button', { name: 'Unlock Note' }).click();
    await nobleReader.page.getByTestId('note-text').waitFor({ timeout: 30_000 });
    expect(await nobleReader.page.getByTestId('note-text').textContent()).toBe(
      'made with WebCrypto',
    );
    // The fallback is its own chunk, fetched only by the pages that lack WebCrypto.
    expect(loadedNoble(nobleSender.requests)).toBe(true);
    expect(loadedNoble(nobleReader.requests)).toBe(true);
    expect(loadedNoble(webSender.requests)).toBe(false);
    expect(loadedNoble(webReader.requests)).toBe(false);
    for (const opened of [nobleSender, webReader, webSender, nobleReader]) {
      expectNoProblems(opened.problems);
    }
  });

  it('destroys a note after ten wrong passwords and says so', async () => {
    const keys = await createNoteKeys({ password: 'right' });
    const response = await fetch(`${app.url}/api/notes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        content: await encryptNoteText(keys.contentKey, 'guarded', { images: 0 }),
        verifier: keys.verifier,
        linkVerifier: keys.linkVerifier,
        kdf: keys.kdf,
        expiration: '1h',
      }),
    });
    const { noteId } = (await response.json()) as { noteId: string };

    const reader = await openPage();
    await reader.page.goto(`${app.url}/note/${noteId}#${keys.linkKey}`);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    for (let attempt = 1; attempt < 10; attempt++) {
      await reader.page.getByLabel('Password', { exact: true }).fill(`wrong ${attempt}`);
      await reader.page.getByRole('button', { name: 'Unlock Note' }).click();
      const left = 10 - attempt;
      await reader.page
        .getByText(`${left} attempt${left === 1 ? '' : 's'} left before the note is destroyed.`)
        .waitFor();
    }
    await reader.page.getByLabel('Password', { exact: true }).fill('wrong 10');
    await reader.page.getByRole('button', { name: 'Unlock Note' }).click();
    await reader.page
      .getByText('This note has been destroyed after too many incorrect password attempts.')
      .waitFor();

    await reader.page.goto(`${app.url}/note/${noteId}#${keys.linkKey}`);
    await reader.page.getByText(/after too many incorrect password attempts\.$/).waitFor();
    expect(await reader.page.getByTestId('note-warning').count()).toBe(0);
    expectNoProblems(reader.problems, [401, 410]);
  });

  it('offers the read receipt only where mail works, and sends it after reading', async () => {
    const noMail = await openPage();
    await noMail.page.goto(app.url);
    await noMail.page.getByText('Read notifications are not available on this server.').waitFor();
    expect(
      await noMail.page.getByLabel('Email me when the note is read or destroyed').isDisabled(),
    ).toBe(true);

    const sender = await openPage();
    await sender.page.goto(mailApp.url);
    const checkbox = sender.page.getByLabel('Email me when the note is read or destroyed');
    await expect.poll(() => checkbox.isEnabled()).toBe(true);
    // The lives offered are this server's, as /api/config announced them.
    await expectExpiryOptions(sender.page, ['15m', '1h', '1d', '7d']);
    await sender.page.getByLabel('Note content').fill('tell me when you read this');
    await checkbox.check();
    await sender.page.getByLabel('Email address for the notification').fill('not-an-address');
    await sender.page.getByRole('button', { name: 'Create Secure Note' }).click();
    await sender.page.getByText('Please enter a valid email address.').waitFor();
    expect(sender.requests.filter((request) => request === 'POST /api/notes')).toEqual([]);

    await sender.page.getByLabel('Email address for the notification').fill('sender@example.com');
    await sender.page
      .getByLabel('Your reference for the e-mail (optional)')
      .fill('contract for Lea');
    await sender.page.getByRole('button', { name: 'Create Secure Note' }).click();
    await sender.page.getByTestId('share-panel').waitFor();
    const link = await sender.page.getByTestId('share-link').inputValue();
    expect(smtp.mails).toHaveLength(0);

    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    const mails = await smtp.waitForMail(1);
    expect(mails[0]!.to).toEqual(['sender@example.com']);
    expect(mails[0]!.subject).toBe('Your Ashnote note was read');
    expect(mails[0]!.text).toContain('Your reference: contract for Lea\nCreated on ');
    expect(mails[0]!.raw).not.toContain('tell me when you read this');
    expectNoProblems(noMail.problems);
    expectNoProblems(sender.problems);
    expectNoProblems(reader.problems);
  });

  it('writes the read receipt in the language the sender was using', async () => {
    const before = smtp.mails.length;
    const sender = await openPage({ locale: 'de-DE' });
    await sender.page.goto(mailApp.url);
    const checkbox = sender.page.getByLabel(
      'Per E-Mail benachrichtigen, wenn die Notiz gelesen oder gelöscht wurde',
    );
    await expect.poll(() => checkbox.isEnabled()).toBe(true);
    await sender.page.getByLabel('Inhalt der Notiz').fill('Sag mir, wann du das liest');
    await checkbox.check();
    await sender.page
      .getByLabel('E-Mail-Adresse für die Benachrichtigung')
      .fill('absender@example.com');
    await sender.page.getByRole('button', { name: 'Sichere Notiz erstellen' }).click();
    await sender.page.getByTestId('share-panel').waitFor();
    const link = await sender.page.getByTestId('share-link').inputValue();

    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    const mail = (await smtp.waitForMail(before + 1))[before]!;
    expect(mail.to).toEqual(['absender@example.com']);
    expect(mail.subject).toBe('Deine Ashnote-Notiz wurde gelesen');
    expect(mail.text).toContain('geöffnet und gelöscht');
    expectNoProblems(sender.problems);
    expectNoProblems(reader.problems);
  });

  it('explains empty and overlong content and sends nothing', async () => {
    const { page, problems, requests } = await openPage();
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByText('Note content required', { exact: true }).waitFor();
    await page.getByText('Please enter some content for your note.').first().waitFor();
    expect(
      await page.evaluate<boolean>(
        `document.activeElement === document.querySelector('textarea[name="content"]')`,
      ),
    ).toBe(true);

    await page.getByLabel('Note content').fill('   ');
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    await page.getByText('Please enter some content for your note.').first().waitFor();

    await page.getByLabel('Note content').fill('x'.repeat(50_001));
    await page.getByText('Content is too long. Maximum 50,000 characters allowed.').waitFor();
    await page.getByText('50,001 / 50,000 characters').waitFor();
    await page.getByRole('button', { name: 'Create Secure Note' }).click();
    expect(requests.filter((request) => request === 'POST /api/notes')).toEqual([]);

    await page.getByLabel('Note content').fill('x'.repeat(50_000));
    expect(await page.getByText('Content is too long.', { exact: false }).count()).toBe(0);
    expectNoProblems(problems);
  });

  it('lays out the form and the viewer right to left in Arabic', async () => {
    const { page, problems } = await openPage({ locale: 'ar' });
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'إنشاء ملاحظة آمنة' }).waitFor();
    expect(await page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
    expect(
      await page.evaluate<string>(`getComputedStyle(document.querySelector('form')).direction`),
    ).toBe('rtl');
    // The character counter sits at the inline end: the left edge in right-to-left.
    const counter = await page.getByTestId('content-counter').boundingBox();
    const textarea = await page.getByLabel('محتوى الملاحظة').boundingBox();
    expect(Math.abs(counter!.x - textarea!.x)).toBeLessThan(2);

    await page.getByLabel('محتوى الملاحظة').fill('مرحبا');
    await page.getByRole('button', { name: 'إنشاء ملاحظة آمنة' }).click();
    await page.getByTestId('share-panel').waitFor();
    const link = await page.getByTestId('share-link').inputValue();

    const reader = await openPage({ locale: 'ar' });
    await reader.page.goto(link);
    await reader.page.getByText('تحذير: ستُتلف هذه الملاحظة نهائيًا بعد قراءتها.').waitFor();
    expect(await reader.page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
    await reader.page.getByRole('button', { name: 'قراءة الملاحظة وإتلافها' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    expect(await reader.page.getByTestId('note-text').textContent()).toBe('مرحبا');

    // The sender's status link, right to left too, says it was read.
    await page.goto(await page.getByTestId('status-link').inputValue());
    await page.getByRole('heading', { name: 'قُرئت', exact: true }).waitFor();
    expect(await page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
    expectNoProblems(problems);
    expectNoProblems(reader.problems);
  });

  it('says what is wrong with a link before touching the note', async () => {
    const { page, problems, requests } = await openPage();
    await page.goto(`${app.url}/note/${'A'.repeat(22)}`);
    await page.getByText('Missing Encryption Key').waitFor();
    await page.goto(`${app.url}/note/not-a-note#${'k'.repeat(43)}`);
    await page.getByText('Invalid Note URL').waitFor();
    await page.getByText('The note URL is malformed or missing required parameters.').waitFor();
    await page.goto(`${app.url}/note/${'A'.repeat(22)}#${'k'.repeat(43)}`);
    await page.getByText('Note not found or has already been read.').waitFor();
    expect(await page.getByTestId('note-warning').count()).toBe(0);
    expect(requests.filter((request) => request.startsWith('POST /api/notes'))).toEqual([]);
    expectNoProblems(problems, [404]);
  });

  it('takes the key out of the address bar and the history before any request', async () => {
    const sender = await openPage();
    const link = await createNoteInUi(sender.page, app.url, { text: 'not in the history' });
    const [noteUrl] = link.split('#');

    const reader = await openPage();
    await reader.page.goto(app.url);
    const historyBefore = await reader.page.evaluate<number>('history.length');
    // What the address said when the first request about the note left the page.
    const hashAtRequest: string[] = [];
    await reader.page.route('**/api/notes/**', async (route) => {
      hashAtRequest.push(await reader.page.evaluate<string>('location.hash'));
      await route.continue();
    });
    await reader.page.goto(link);
    await reader.page.getByTestId('note-warning').waitFor();
    expect(hashAtRequest).toEqual(['']);
    expect(await reader.page.evaluate<string>('location.hash')).toBe('');
    expect(reader.page.url()).toBe(noteUrl);
    // Replaced, not pushed: the one entry the navigation made, and it has no key.
    expect(await reader.page.evaluate<number>('history.length')).toBe(historyBefore + 1);

    // The key is still in memory: the note opens from the screen that was shown.
    await reader.page.getByRole('button', { name: 'Read and Destroy Note' }).click();
    await reader.page.getByTestId('note-text').waitFor();
    expect(await reader.page.getByTestId('note-text').textContent()).toBe('not in the history');
    await reader.page.goBack();
    await reader.page.waitForURL(`${app.url}/`);
    expectNoProblems(sender.problems);
    expectNoProblems(reader.problems);
  });

  it('says a note expired unread before any warning', async () => {
    const sender = await openPage();
    const link = await createNoteInUi(sender.page, app.url, { text: 'too late' });
    const noteId = new URL(link).pathname.split('/').pop()!;
    await sql`update note set expires_at = now() - interval '2 hours' where id = ${noteId}`.execute(
      app.server.database.sql,
    );
    const reader = await openPage();
    await reader.page.goto(link);
    await reader.page.getByTestId('note-destroyed').waitFor();
    await reader.page.getByText(/^This note expired unread and was destroyed .+ ago\.$/).waitFor();
    expect(await reader.page.getByTestId('note-warning').count()).toBe(0);
    expect(reader.requests.filter((request) => request.startsWith('POST /api/notes'))).toEqual([]);
    expectNoProblems(reader.problems);
  });
});
