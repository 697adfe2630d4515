import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DESKTOP_SETTINGS,
  desktopSettingsSchema,
  hostedServerUrlSchema,
} from './desktop-settings.ts';

describe('hostedServerUrlSchema', () => {
  it('keeps the origin of an https address', () => {
    for (const [input, origin] of [
      ['https://notes.example.org', 'https://notes.example.org'],
      ['https://Notes.Example.ORG/', 'https://notes.example.org'],
      ['  https://notes.example.org:8443  ', 'https://notes.example.org:8443'],
      ['https://[2001:db8::1]/', 'https://[2001:db8::1]'],
    ]) {
      expect(hostedServerUrlSchema.parse(input), input).toBe(origin);
    }
  });

  it('takes plain http only on loopback, which browsers also trust', () => {
    expect(hostedServerUrlSchema.parse('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(hostedServerUrlSchema.parse('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(hostedServerUrlSchema.parse('http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it('refuses anything that is not a bare server address', () => {
    for (const input of [
      '',
      'notes.example.org',
      'http://notes.example.org',
      'http://192.168.1.10:3000',
      'ftp://notes.example.org',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'app://ashnote',
      'https://user:pw@notes.example.org',
      'https://notes.example.org/ashnote',
      'https://notes.example.org/?x=1',
      'https://notes.example.org/#key',
      `https://${'a'.repeat(2100)}.org`,
    ]) {
      expect(hostedServerUrlSchema.safeParse(input).success, input).toBe(false);
    }
  });
});

describe('desktopSettingsSchema', () => {
  it('accepts the defaults: the built-in server, on this computer, clipboard cleared', () => {
    expect(desktopSettingsSchema.parse(DEFAULT_DESKTOP_SETTINGS)).toEqual({
      server: 'built-in',
      hostedUrl: null,
      builtInReach: 'this-computer',
      clearClipboard: true,
    });
  });

  it('needs an address for a hosted server', () => {
    expect(
      desktopSettingsSchema.safeParse({ ...DEFAULT_DESKTOP_SETTINGS, server: 'hosted' }).success,
    ).toBe(false);
    expect(
      desktopSettingsSchema.parse({
        ...DEFAULT_DESKTOP_SETTINGS,
        server: 'hosted',
        hostedUrl: 'https://notes.example.org/',
      }).hostedUrl,
    ).toBe('https://notes.example.org');
  });

  it('refuses unknown modes and reaches', () => {
    expect(
      desktopSettingsSchema.safeParse({ ...DEFAULT_DESKTOP_SETTINGS, server: 'cloud' }).success,
    ).toBe(false);
    expect(
      desktopSettingsSchema.safeParse({ ...DEFAULT_DESKTOP_SETTINGS, builtInReach: 'internet' })
        .success,
    ).toBe(false);
  });
});
