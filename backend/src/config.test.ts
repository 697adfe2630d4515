import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads PostgreSQL, proxy and public URL settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://ashnote@db:5432/ashnote',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://notes.example.org/',
      PORT: '8080',
    });
    expect(config.databaseUrl).toBe('postgres://ashnote@db:5432/ashnote');
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe('https://notes.example.org');
    expect(config.port).toBe(8080);
  });

  it('lists every problem at once in words a self-hoster understands', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'notes.example.org' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('PUBLIC_URL: must be an http(s) URL');
  });

  it('requires mail settings together, with a key for addresses at rest', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow(/SMTP_URL and MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'a@b.c' })).toThrow(
      /MAIL_KEY/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    const mail = { SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'a@b.c', MAIL_KEY: key };
    // Mails' links come from PUBLIC_URL, never from a request: required wherever the server
    // listens, loopback included (a proxy on the same host forwards the world's requests).
    expect(() => loadConfig(mail)).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...mail, HOST: '0.0.0.0' })).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...mail, TRUST_PROXY: 'true' })).toThrow(/PUBLIC_URL is required/);
    const configured = loadConfig({ ...mail, PUBLIC_URL: 'https://notes.example.org' });
    expect(configured.smtpUrl).toBe('smtp://localhost:25');
    expect(configured.publicUrl).toBe('https://notes.example.org');
  });

  it('enables AI articles only with a base URL and a model, the key being optional', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(() => loadConfig({ AI_BASE_URL: 'https://ai.example.org/v1' })).toThrow(
      /AI_BASE_URL and AI_MODEL/,
    );
    expect(() => loadConfig({ AI_API_KEY: 'sk-test' })).toThrow(/AI_BASE_URL and AI_MODEL/);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://ai.example.org', AI_MODEL: 'm' })).toThrow(
      /AI_BASE_URL: must be the http\(s\) base URL/,
    );
    expect(
      loadConfig({ AI_BASE_URL: 'http://127.0.0.1:8080/v1/', AI_MODEL: 'local-model' }).ai,
    ).toEqual({ baseUrl: 'http://127.0.0.1:8080/v1', apiKey: null, model: 'local-model' });
    expect(
      loadConfig({ AI_BASE_URL: 'https://ai.example.org/v1', AI_MODEL: 'm', AI_API_KEY: 'k' }).ai
        ?.apiKey,
    ).toBe('k');
  });

  it('takes the administrator password only as a hash, and says how to make one', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a plain password here' })).toThrow(
      /ADMIN_PASSWORD: is no longer read.*npm run admin:hash/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD_HASH: 'not a hash' })).toThrow(
      /ADMIN_PASSWORD_HASH: must be a hash printed by `npm run admin:hash`/,
    );
    const hash = `scrypt$17$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`;
    expect(loadConfig({ ADMIN_PASSWORD_HASH: hash }).adminPasswordHash).toMatchObject({
      logN: 17,
      r: 8,
      p: 1,
    });
  });

  it('reads how many proxies to trust', () => {
    expect(loadConfig({}).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});
