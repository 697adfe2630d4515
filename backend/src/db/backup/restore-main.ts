import { refuseOldNode } from '../../node-version.js';

/**
 * `npm run db:restore -- FILE`: `dist/server/db-restore.js` once built (a release), this file
 * from source in a development checkout. Like the server's entry, an older Node stops at the
 * check, before the command is loaded.
 */
refuseOldNode(
  'Install Node.js 22 LTS (https://nodejs.org), or run it with the Node 22 of a development install.',
);
const { restoreCommand } = await import('./commands.ts');
process.exitCode = await restoreCommand(process.argv.slice(2));
