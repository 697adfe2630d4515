import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS, V8_MEMORY_FLAGS } from '../backend/src/memory-settings.ts';

const UNIT = fileURLToPath(new URL('./systemd/ashnote.service', import.meta.url));

/** The unit's settings: each key with every value it is given, in order. */
function settings(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of fs.readFileSync(UNIT, 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}

describe('the systemd unit', () => {
  it('starts the built server with the memory settings npm start gives it', () => {
    const unit = settings();
    const [node, ...args] = unit.get('ExecStart')![0]!.split(' ');
    expect(node).toBe('/usr/bin/node');
    expect(args).toEqual([...V8_MEMORY_FLAGS, '/opt/ashnote/dist/server/main.js']);
    const environment = unit.get('Environment')!.flatMap((value) => value.split(' '));
    for (const [name, value] of Object.entries(MALLOC_SETTINGS)) {
      expect(environment).toContain(`${name}=${value}`);
    }
  });

  it('keeps the data in its state directory, under a user of its own, sandboxed', () => {
    const unit = settings();
    expect(unit.get('Environment')).toContain('DATA_DIR=%S/ashnote');
    expect(unit.get('StateDirectory')).toEqual(['ashnote']);
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/ashnote/ashnote.env']);
    for (const [key, value] of [
      ['DynamicUser', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['NoNewPrivileges', 'yes'],
      ['CapabilityBoundingSet', ''],
    ]) {
      expect(unit.get(key!), key).toEqual([value]);
    }
    // V8 and WebAssembly write the code they then run: Node cannot start under it.
    expect(unit.has('MemoryDenyWriteExecute')).toBe(false);
  });

  const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  it.runIf(analyze)('passes systemd-analyze verify', () => {
    const { status, stderr } = spawnSync('systemd-analyze', ['verify', '--man=no', UNIT], {
      encoding: 'utf8',
    });
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });
});
