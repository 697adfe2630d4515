import { describe, expect, it } from 'vitest';
import { reporter, withoutAddresses } from './report.ts';

const KEY = 'k'.repeat(43);

describe('error reports', () => {
  it('never carry an address, so never a link key', () => {
    expect(
      withoutAddresses(
        `ERR_ABORTED (-3) loading 'app://ashnote/note/AbCdEfGhIjKlMnOpQrStUv#${KEY}'`,
      ),
    ).toBe("ERR_ABORTED (-3) loading '<address>'");
    expect(
      withoutAddresses(`bad link ashnote://chat/x#${KEY} and https://a.example/x#${KEY}`),
    ).toBe('bad link <address> and <address>');
  });

  it('say what failed, with the message alone', () => {
    const lines: string[] = [];
    reporter((line) => lines.push(line))('opening a link')(
      new Error(`ERR_FAILED loading "app://ashnote/note/x#${KEY}"`),
    );
    expect(lines).toEqual(['Ashnote: opening a link failed: ERR_FAILED loading "<address>"\n']);
    expect(lines.join('')).not.toContain(KEY);
  });
});
