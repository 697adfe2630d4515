import { describe, expect, it } from 'vitest';
import { isMobileShellPath, routePaths } from './paths.ts';

describe('isMobileShellPath', () => {
  it('matches every path that starts with /mobile', () => {
    expect(isMobileShellPath('/mobile')).toBe(true);
    expect(isMobileShellPath('/mobile-chat/abc')).toBe(true);
  });

  it('leaves the site pages alone', () => {
    for (const path of ['/', '/chat', '/chat/abc', '/features', '/note/x', '/m']) {
      expect(isMobileShellPath(path)).toBe(false);
    }
  });

  it('encodes ids into paths', () => {
    expect(routePaths.note('a/b')).toBe('/note/a%2Fb');
  });
});
