// The Electron binary, found or fetched when a desktop command needs it.
//
// `npm install` never downloads it (package.json's allowScripts denies the `electron` package's
// install script), so the web app and the server install on a machine without internet. The
// desktop commands (`npm run desktop`, `npm run package`) and the desktop tests call this
// instead: it runs that same install script on demand, which downloads the binary (or takes
// it from Electron's cache, or from ELECTRON_OVERRIDE_DIST_PATH), and says plainly when it can't.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

const require = createRequire(import.meta.url);

/** Where the `electron` package says its binary is, if it is there. */
export function locateElectron(): ElectronBinary {
  try {
    const binary = require('electron') as unknown;
    if (typeof binary === 'string' && fs.existsSync(binary)) return { found: true, path: binary };
    return { found: false, reason: `no executable at ${String(binary)}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { found: false, reason: message.split('\n')[0]! };
  }
}

/** Finds the binary, downloading it once through the `electron` package's own installer. */
export function ensureElectron(): ElectronBinary {
  const located = locateElectron();
  if (located.found) return located;
  const installer = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
  const run = spawnSync(process.execPath, [installer], { encoding: 'utf8', timeout: 300_000 });
  if (run.status === 0) {
    // require('electron') caches its answer; look again with a fresh cache entry.
    delete require.cache[require.resolve('electron')];
    const again = locateElectron();
    if (again.found) return again;
  }
  const output = `${run.stderr ?? ''}${run.stdout ?? ''}`;
  const cause = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo/.test(output)
    ? 'no connection to the download server'
    : (output
        .trim()
        .split('\n')
        .find((line) => line.trim() !== '') ?? `exit code ${run.status}`);
  return {
    found: false,
    reason: `Electron's binary is not installed and could not be downloaded (${cause})`,
  };
}

const HELP = `
The web app and the server do not need it: \`npm start\` and the web tests work without it.
To run or package the desktop app, do one of these and try again:
  - run the command on a machine that can reach Electron's download server (github.com);
  - put Electron's release zip for this platform in its download cache (~/.cache/electron, or
    the folder named by the electron_config_cache environment variable);
  - set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron of the same version.`;

// `node scripts/electron-binary.ts`: the check the desktop scripts run before starting Electron.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const binary = ensureElectron();
  if (!binary.found) {
    process.stderr.write(`${binary.reason}.\n${HELP}\n`);
    process.exit(1);
  }
}
