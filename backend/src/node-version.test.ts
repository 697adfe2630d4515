import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, isNodeTooOld } from './node-version.js';

const MODULE = new URL('./node-version.js', import.meta.url).href;
/** Debian's Node, 20 on our machines and CI: an older Node to run the check under for real. */
const SYSTEM_NODE = '/usr/bin/node';
const systemNodeVersion = fs.existsSync(SYSTEM_NODE)
  ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : null;

/** Runs refuseOldNode under `node`, then prints "went on" if it returned. */
function runCheck(node: string) {
  const script = `import { refuseOldNode } from ${JSON.stringify(MODULE)}; refuseOldNode('Install Node 22.'); console.log('went on');`;
  return spawnSync(node, ['--input-type=module', '--eval', script], { encoding: 'utf8' });
}

describe('the Node version check', () => {
  it('takes 22.12 and anything newer, and refuses anything older', () => {
    expect(MINIMUM_NODE).toBe('22.12');
    for (const version of ['20.20.2', '21.7.3', '22.0.0', '22.11.9']) {
      expect(isNodeTooOld(version), version).toBe(true);
    }
    for (const version of ['22.12.0', '22.23.3', '23.0.0', '24.1.0', '100.0.0']) {
      expect(isNodeTooOld(version), version).toBe(false);
    }
  });

  it('lets the Node the project runs on through', () => {
    const { status, stdout, stderr } = runCheck(process.execPath);
    expect(status).toBe(0);
    expect(stdout).toBe('went on\n');
    expect(stderr).toBe('');
  });

  it.runIf(systemNodeVersion !== null && isNodeTooOld(systemNodeVersion))(
    'stops an older Node with one line saying which Node it needs and what to do',
    () => {
      const { status, stdout, stderr } = runCheck(SYSTEM_NODE);
      expect(status).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `Ashnote needs Node.js 22.12 or newer; this is v${systemNodeVersion}. Install Node 22.\n`,
      );
    },
  );
});
