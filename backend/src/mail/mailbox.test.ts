import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it('counts the variants of one inbox as one', () => {
    const variants = [
      'lea.martin@gmail.com',
      'LeaMartin@Gmail.com',
      'l.e.a.martin+newsletter@gmail.com',
      'leamartin+1@googlemail.com',
      ' leamartin@GMAIL.COM ',
    ];
    expect(new Set(variants.map(mailboxKey))).toEqual(new Set(['leamartin@gmail.com']));
  });

  it('drops a +tag everywhere, but dots only where the provider ignores them', () => {
    expect(mailboxKey('Lea.Martin+x@Example.org')).toBe('lea.martin@example.org');
    expect(mailboxKey('lea.martin@example.org')).not.toBe(mailboxKey('leamartin@example.org'));
  });

  it('leaves what is not an address of that shape alone', () => {
    expect(mailboxKey('+tag@example.org')).toBe('+tag@example.org');
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
  });
});
