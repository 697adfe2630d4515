// The installed web app's icons, derived from resources/icon.png (the one source of the logo).
//
// Run after changing the logo: `node scripts/pwa-icons.ts`. The PNGs are committed to
// renderer/public/icons/ so that building the web bundle needs no image tool. Chromium (the one
// the browser tests use) does the resampling: no native image library to install.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(repoRoot, 'resources/icon.png');
const outDir = path.join(repoRoot, 'renderer/public/icons');

/**
 * `plain`: the logo as drawn (rounded square, transparent corners), for browsers and desktops.
 * `fullBleed`: the logo's dark background extended to every edge and the emblem shrunk by
 * `scale`, for launchers that cut their own shape: Android's maskable icons keep only a circle
 * of 80 % diameter, iOS rounds the corners of apple-touch-icon itself.
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'plain', scale: 1 },
  { file: 'icon-512.png', size: 512, kind: 'plain', scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, kind: 'fullBleed', scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, kind: 'fullBleed', scale: 0.9 },
] as const;

/**
 * Runs in the page (a string: this script is type-checked without the DOM library): draws one
 * icon on a canvas and returns it as PNG bytes in base64.
 */
const DRAW_ICON = `async ({ dataUrl, size, kind, scale }) => {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const n = image.naturalWidth;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  const drawn = size * scale;
  const offset = (size - drawn) / 2;
  if (kind === 'fullBleed') {
    // A column of the logo's own background (left of the shield, clear of the rounded
    // corners), stretched across the canvas where the logo will sit, so its vertical gradient
    // continues seamlessly under the logo's edge; above and below, its end colours.
    const column = Math.round(n * 0.16);
    const top = Math.round(n * 0.1);
    const bottom = Math.round(n * 0.9);
    const y = (sourceY) => offset + (sourceY / n) * drawn;
    context.drawImage(image, column, top, 1, 1, 0, 0, size, y(top) + 1);
    context.drawImage(image, column, bottom - 1, 1, 1, 0, y(bottom) - 1, size, size);
    context.drawImage(image, column, top, 1, bottom - top, 0, y(top), size, y(bottom) - y(top));
  }
  context.drawImage(image, offset, offset, drawn, drawn);
  return canvas.toDataURL('image/png').split(',')[1];
}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  const page = await browser.newPage();
  const dataUrl = `data:image/png;base64,${fs.readFileSync(source).toString('base64')}`;
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of ICONS) {
    const args = JSON.stringify({ dataUrl, ...icon });
    const png = await page.evaluate<string>(`(${DRAW_ICON})(${args})`);
    fs.writeFileSync(path.join(outDir, icon.file), Buffer.from(png, 'base64'));
    process.stdout.write(`wrote renderer/public/icons/${icon.file} (${icon.size}×${icon.size})\n`);
  }
} finally {
  await browser.close();
}
