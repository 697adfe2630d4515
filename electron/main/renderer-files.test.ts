import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../shared/content-security-policy.ts';
import type { ServerConnection } from '../../shared/desktop-settings.ts';
import {
  appResponse,
  desktopContentSecurityPolicy,
  resolveAppRequest,
  socketOrigin,
} from './renderer-files.ts';

const HOSTED: ServerConnection = {
  mode: 'hosted',
  apiOrigin: 'https://notes.example.org',
  publicOrigin: 'https://notes.example.org',
  linkReach: 'anyone',
};

describe('app protocol', () => {
  let root: string;
  let renderer: string;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-protocol-'));
    renderer = path.join(root, 'renderer');
    fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(renderer, 'index.html'),
      '<!doctype html><html><head><title>app</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(renderer, 'assets', 'app-1.js'), 'export {}');
    fs.writeFileSync(path.join(renderer, 'favicon.svg'), '<svg/>');
    // Outside the renderer: must never be served.
    fs.writeFileSync(path.join(root, 'settings.json'), '{"secret":true}');
    fs.mkdirSync(path.join(root, 'renderer-evil'));
    fs.writeFileSync(path.join(root, 'renderer-evil', 'x.js'), 'evil');
    fs.symlinkSync(path.join(root, 'settings.json'), path.join(renderer, 'assets', 'link.json'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const get = (url: string, method = 'GET') => resolveAppRequest({ method, url }, renderer);

  it("serves the renderer's files", () => {
    expect(get('app://ashnote/assets/app-1.js')).toEqual({
      kind: 'file',
      file: path.join(renderer, 'assets', 'app-1.js'),
      index: false,
    });
    expect(get('app://ashnote/favicon.svg', 'HEAD')).toMatchObject({ kind: 'file' });
  });

  it('serves the app page for / and for client routes, never a directory listing', () => {
    for (const url of [
      'app://ashnote/',
      'app://ashnote',
      'app://ashnote/index.html',
      'app://ashnote/note/AbCdEfGhIjKlMnOpQrStUv',
      'app://ashnote/settings?x=1',
      'app://ashnote/assets',
    ]) {
      expect(get(url), url).toEqual({
        kind: 'file',
        file: path.join(renderer, 'index.html'),
        index: true,
      });
    }
  });

  it('answers 404 for a missing file, not the app page', () => {
    expect(get('app://ashnote/assets/missing.js')).toEqual({ kind: 'refuse', status: 404 });
  });

  it('refuses every method but GET and HEAD', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']) {
      expect(get('app://ashnote/', method), method).toEqual({ kind: 'refuse', status: 405 });
    }
  });

  it('refuses other hosts, schemes and credentials', () => {
    for (const url of [
      'app://evil/',
      'app://ashnote.evil.example/',
      'app://ashnote:8080/',
      'app://user:pw@ashnote/',
      'https://ashnote/',
      'file:///etc/passwd',
    ]) {
      expect(get(url), url).toEqual({ kind: 'refuse', status: 403 });
    }
    expect(get('not a url')).toEqual({ kind: 'refuse', status: 400 });
  });

  it('never leaves the renderer folder, however the path is written', () => {
    for (const url of [
      'app://ashnote/../settings.json',
      'app://ashnote/%2e%2e/settings.json',
      'app://ashnote/%2E%2E%2Fsettings.json',
      'app://ashnote/assets/..%2F..%2Fsettings.json',
      'app://ashnote/..%5csettings.json',
      'app://ashnote/assets%5c..%5c..%5csettings.json',
      'app://ashnote/%00index.html',
      'app://ashnote/../renderer-evil/x.js',
      'app://ashnote/%2e%2e%2frenderer-evil/x.js',
      'app://ashnote/assets/link.json',
    ]) {
      const decision = get(url);
      expect(decision.kind, url).toBe('refuse');
      if (decision.kind === 'file')
        expect(decision.file.startsWith(renderer + path.sep)).toBe(true);
    }
    expect(get('app://ashnote/%E0%A4%A')).toEqual({ kind: 'refuse', status: 400 });
  });

  it('answers the app page with a fresh style nonce, announced to styled-components', () => {
    const decision = get('app://ashnote/');
    const first = appResponse(decision, 'GET', HOSTED);
    const second = appResponse(decision, 'GET', HOSTED);
    const nonce = /property="csp-nonce" content="([^"]+)"/.exec(first.body!.toString())?.[1];
    expect(nonce).toBeTruthy();
    expect(first.headers['Content-Security-Policy']).toContain(`'nonce-${nonce}'`);
    expect(second.headers['Content-Security-Policy']).not.toContain(`'nonce-${nonce}'`);
    expect(first.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(appResponse(decision, 'HEAD', HOSTED).body).toBeNull();
  });

  it('answers files with their type, nosniff and the policy; refusals with no body', () => {
    const js = appResponse(get('app://ashnote/assets/app-1.js'), 'GET', HOSTED);
    expect(js.status).toBe(200);
    expect(js.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(js.body!.toString()).toBe('export {}');
    expect(appResponse(get('app://evil/'), 'GET', HOSTED)).toEqual({
      status: 403,
      headers: {},
      body: null,
    });
  });
});

describe('desktop content security policy', () => {
  const directives = (policy: string) =>
    new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d] as const));

  it("is the web's policy, except that it may connect to the one server in use", () => {
    const web = directives(contentSecurityPolicy({ styleNonce: 'n0nce' }));
    const desktop = directives(desktopContentSecurityPolicy(HOSTED, 'n0nce'));
    expect([...desktop.keys()]).toEqual([...web.keys()]);
    for (const [name, value] of web) {
      if (name === 'connect-src') continue;
      expect(desktop.get(name), name).toBe(value);
    }
    expect(desktop.get('connect-src')).toBe(
      "connect-src 'self' https://notes.example.org wss://notes.example.org",
    );
  });

  it('allows the built-in server on loopback, or no server at all', () => {
    const builtIn: ServerConnection = {
      mode: 'built-in',
      apiOrigin: 'http://127.0.0.1:41000',
      publicOrigin: 'http://192.168.1.5:41000',
      linkReach: 'local-network',
    };
    expect(directives(desktopContentSecurityPolicy(builtIn)).get('connect-src')).toBe(
      "connect-src 'self' http://127.0.0.1:41000 ws://127.0.0.1:41000",
    );
    expect(directives(desktopContentSecurityPolicy(null)).get('connect-src')).toBe(
      "connect-src 'self'",
    );
    expect(desktopContentSecurityPolicy(null)).not.toContain('unsafe');
  });

  it('maps http(s) origins to their socket scheme', () => {
    expect(socketOrigin('https://a.example')).toBe('wss://a.example');
    expect(socketOrigin('http://127.0.0.1:1')).toBe('ws://127.0.0.1:1');
  });
});
