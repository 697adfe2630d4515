import { refuseOldNode } from './node-version.js';

/**
 * The server's entry: `dist/server/main.js` once built (what `npm start`, a release and its
 * systemd unit run), or this file run from source in development (`npm run dev`).
 *
 * An older Node stops here with one line. The server itself is imported only after that check,
 * dynamically, so the bundle keeps it in chunks of its own that an old Node never parses: the
 * built main.js holds nothing but the check and this import.
 */
refuseOldNode(
  'Install Node.js 22 LTS (https://nodejs.org), or run it with the Node 22 of a development install.',
);
await import('./start.ts');
