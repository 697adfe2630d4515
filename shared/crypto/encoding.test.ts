import { describe, expect, it } from 'vitest';
import { encodeFields } from './bytes.ts';
import { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from './encoding.ts';
import { CryptoError } from './errors.ts';
import { hex } from './testing.ts';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

function expectCode(action: () => unknown, code: string) {
  expect(action).toThrow(CryptoError);
  try {
    action();
  } catch (error) {
    expect((error as CryptoError).code).toBe(code);
  }
}

describe('base64url', () => {
  it('matches the RFC 4648 §10 vectors, without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base64UrlEncode(ascii(plain))).toBe(encoded);
      expect(base64UrlDecode(encoded)).toEqual(ascii(plain));
    }
  });

  it('uses the URL-safe alphabet and agrees with btoa for every length', () => {
    expect(base64UrlEncode(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 151 + length * 7) & 255);
      const reference = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      expect(base64UrlEncode(bytes)).toBe(reference);
      expect(base64UrlDecode(reference)).toEqual(bytes);
    }
  });

  it('round-trips large inputs', () => {
    const bytes = Uint8Array.from({ length: 300_001 }, (_, i) => (i * 31) & 255);
    expect(base64UrlDecode(base64UrlEncode(bytes))).toEqual(bytes);
  });

  it('rejects padding, standard-alphabet characters, whitespace and bad lengths', () => {
    for (const bad of ['Zg==', 'Zm8=', 'a+b/', 'Zm9v Yg', 'Zm9vY', '\u00e9abc', 'Zm9v\n']) {
      expectCode(() => base64UrlDecode(bad), 'MALFORMED');
    }
  });

  it('rejects non-canonical trailing bits', () => {
    expect(base64UrlDecode('Zg')).toEqual(ascii('f'));
    expectCode(() => base64UrlDecode('Zh'), 'MALFORMED');
    expectCode(() => base64UrlDecode('Zm9'), 'MALFORMED');
  });
});

describe('utf8', () => {
  it('round-trips non-ASCII text', () => {
    const text = 'Grüße ✓ 日本語 🙂';
    expect(utf8Decode(utf8Encode(text))).toBe(text);
  });

  it('rejects invalid UTF-8 instead of substituting', () => {
    expectCode(() => utf8Decode(Uint8Array.of(0xc3, 0x28)), 'MALFORMED');
  });
});

describe('encodeFields', () => {
  it('length-prefixes every field so boundaries cannot shift', () => {
    expect(hex(encodeFields('ab', Uint8Array.of(9)))).toBe('00000002616200000001' + '09');
    expect(encodeFields('ab', 'c')).not.toEqual(encodeFields('a', 'bc'));
  });
});
