import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is, however the socket reports it', () => {
    expect(clientKey('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107', 64)).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its network, every spelling alike', () => {
    const key = '2001:db8:1:2:0:0:0:0/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::192.0.2.1',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(clientKey(address, 64), address).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1', 64)).not.toBe(key);
    expect(clientKey('::1', 64)).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('follows the configured prefix, within a group too', () => {
    expect(clientKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1:0:0:0:0:0/48');
    expect(clientKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(clientKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2:0:0:0:1/128');
  });

  it('leaves what is not an address alone', () => {
    expect(clientKey('', 64)).toBe('');
    expect(clientKey('not-an-address', 64)).toBe('not-an-address');
  });
});
