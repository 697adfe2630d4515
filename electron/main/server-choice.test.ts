import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESKTOP_SETTINGS } from '../../shared/desktop-settings.ts';
import { connectionFor, createServerChoice, firstLanAddress } from './server-choice.ts';
import type { ProbeResult } from './server-probe.ts';
import { loadSettings, saveSettings } from './settings-store.ts';

function fakeSupervisor() {
  const supervisor = {
    port: null as number | null,
    start: vi.fn(async (_reach: string) => {
      supervisor.port = 41000;
      return 41000;
    }),
    stop: vi.fn(async () => {
      supervisor.port = null;
    }),
  };
  return supervisor;
}

describe('connectionFor', () => {
  it('gives a hosted server as API, socket and link origin: links open anywhere', () => {
    expect(
      connectionFor(
        { ...DEFAULT_DESKTOP_SETTINGS, server: 'hosted', hostedUrl: 'https://n.example' },
        41000,
        '192.168.1.5',
      ),
    ).toEqual({
      mode: 'hosted',
      apiOrigin: 'https://n.example',
      publicOrigin: 'https://n.example',
      linkReach: 'anyone',
    });
  });

  it('marks built-in links as working on this computer only', () => {
    expect(connectionFor(DEFAULT_DESKTOP_SETTINGS, 41000, '192.168.1.5')).toEqual({
      mode: 'built-in',
      apiOrigin: 'http://127.0.0.1:41000',
      publicOrigin: 'http://127.0.0.1:41000',
      linkReach: 'this-computer',
    });
  });

  it('puts the LAN address in links when the user opened the server to the local network', () => {
    const lan = { ...DEFAULT_DESKTOP_SETTINGS, builtInReach: 'local-network' as const };
    expect(connectionFor(lan, 41000, '192.168.1.5')).toEqual({
      mode: 'built-in',
      apiOrigin: 'http://127.0.0.1:41000',
      publicOrigin: 'http://192.168.1.5:41000',
      linkReach: 'local-network',
    });
    // No network: the links honestly say this computer.
    expect(connectionFor(lan, 41000, null)?.linkReach).toBe('this-computer');
  });

  it('has no connection while the built-in server is not running', () => {
    expect(connectionFor(DEFAULT_DESKTOP_SETTINGS, null, null)).toBeNull();
  });
});

describe('firstLanAddress', () => {
  it('takes the first external IPv4 address', () => {
    expect(
      firstLanAddress({
        lo: [{ family: 'IPv4', internal: true, address: '127.0.0.1' }],
        eth0: [
          { family: 'IPv6', internal: false, address: 'fe80::1' },
          { family: 'IPv4', internal: false, address: '192.168.1.5' },
        ],
      }),
    ).toBe('192.168.1.5');
    expect(
      firstLanAddress({ lo: [{ family: 4, internal: true, address: '127.0.0.1' }] }),
    ).toBeNull();
  });
});

describe('server choice', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-choice-'));
    file = path.join(dir, 'settings.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function choice(probeResult: ProbeResult = { ok: true }) {
    const supervisor = fakeSupervisor();
    const probe = vi.fn(async (_origin: string) => probeResult);
    const servers = createServerChoice({
      settingsFile: file,
      supervisor,
      probe,
      lanAddress: () => '192.168.1.5',
    });
    return { servers, supervisor, probe };
  }

  it('starts the built-in server on first start', async () => {
    const { servers, supervisor } = choice();
    await expect(servers.connect()).resolves.toMatchObject({
      mode: 'built-in',
      linkReach: 'this-computer',
    });
    expect(supervisor.start).toHaveBeenCalledExactlyOnceWith('this-computer');
  });

  it('starts no local server when a hosted one is chosen', async () => {
    saveSettings(file, {
      ...DEFAULT_DESKTOP_SETTINGS,
      server: 'hosted',
      hostedUrl: 'https://n.example',
    });
    const { servers, supervisor } = choice();
    await expect(servers.connect()).resolves.toMatchObject({ apiOrigin: 'https://n.example' });
    expect(supervisor.start).not.toHaveBeenCalled();
  });

  it('switches to a hosted server once it answers, saves it and stops the built-in one', async () => {
    const { servers, supervisor, probe } = choice();
    await servers.connect();
    const result = await servers.useHosted(' https://Notes.Example.org/ ');
    expect(probe).toHaveBeenCalledExactlyOnceWith('https://notes.example.org');
    expect(result).toEqual({
      ok: true,
      connection: {
        mode: 'hosted',
        apiOrigin: 'https://notes.example.org',
        publicOrigin: 'https://notes.example.org',
        linkReach: 'anyone',
      },
    });
    expect(supervisor.stop).toHaveBeenCalledOnce();
    expect(loadSettings(file)).toMatchObject({
      server: 'hosted',
      hostedUrl: 'https://notes.example.org',
    });
  });

  it('changes nothing when the address is invalid or the server fails its check', async () => {
    const failing = choice({ ok: false, problem: 'origin-refused' });
    await failing.servers.connect();
    await expect(failing.servers.useHosted('https://old.example')).resolves.toEqual({
      ok: false,
      problem: 'origin-refused',
    });
    await expect(failing.servers.useHosted('http://evil.example')).resolves.toEqual({
      ok: false,
      problem: 'invalid-url',
    });
    expect(failing.probe).toHaveBeenCalledOnce(); // never for the invalid address
    expect(failing.supervisor.stop).not.toHaveBeenCalled();
    expect(failing.servers.connection()?.mode).toBe('built-in');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('switches back to the built-in server, keeping the hosted address for later', async () => {
    saveSettings(file, {
      ...DEFAULT_DESKTOP_SETTINGS,
      server: 'hosted',
      hostedUrl: 'https://n.example',
    });
    const { servers, supervisor } = choice();
    await servers.connect();
    const result = await servers.useBuiltIn('local-network');
    expect(supervisor.start).toHaveBeenCalledExactlyOnceWith('local-network');
    expect(result).toMatchObject({
      ok: true,
      connection: { publicOrigin: 'http://192.168.1.5:41000' },
    });
    expect(loadSettings(file)).toMatchObject({
      server: 'built-in',
      builtInReach: 'local-network',
      hostedUrl: 'https://n.example',
    });
  });

  it('keeps the current server when the built-in one cannot start', async () => {
    saveSettings(file, {
      ...DEFAULT_DESKTOP_SETTINGS,
      server: 'hosted',
      hostedUrl: 'https://n.example',
    });
    const { servers, supervisor } = choice();
    supervisor.start.mockRejectedValueOnce(new Error('in use'));
    await expect(servers.useBuiltIn('this-computer')).resolves.toEqual({
      ok: false,
      problem: 'built-in-failed',
    });
    expect(servers.settings().server).toBe('hosted');
  });

  it('saves the clipboard setting', () => {
    const { servers } = choice();
    servers.setClearClipboard(false);
    expect(servers.settings().clearClipboard).toBe(false);
    expect(loadSettings(file).clearClipboard).toBe(false);
  });
});
