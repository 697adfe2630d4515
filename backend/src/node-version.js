/**
 * The oldest Node the server and the project's scripts run on, and the one line that says so.
 *
 * Plain JavaScript that any Node can parse, with no imports: it is the first thing the built
 * server's entry (dist/server/main.js) and `npm start` run, so that an older Node (a host's
 * Node 20, say) stops with this line instead of a syntax or type error and its stack, before
 * anything that needs Node 22 is loaded.
 */
export const MINIMUM_NODE = '22.12';

/**
 * Whether `version` (as in `process.versions.node`: `22.12.0`) is older than MINIMUM_NODE.
 * @param {string} version
 * @returns {boolean}
 */
export function isNodeTooOld(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [minMajor = 0, minMinor = 0] = MINIMUM_NODE.split('.').map(Number);
  return major < minMajor || (major === minMajor && minor < minMinor);
}

/**
 * On a Node older than MINIMUM_NODE, writes one line (the requirement, the Node found and
 * `hint`, what to do about it) to stderr and exits with 1. Returns otherwise.
 * @param {string} hint
 */
export function refuseOldNode(hint) {
  if (!isNodeTooOld(process.versions.node)) return;
  process.stderr.write(
    `Ashnote needs Node.js ${MINIMUM_NODE} or newer; this is ${process.version}. ${hint}\n`,
  );
  process.exit(1);
}
