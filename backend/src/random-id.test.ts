import { describe, expect, it } from 'vitest';
import { randomId } from './random-id.ts';

describe('randomId', () => {
  it('hands out 128-bit base64url ids, none twice, across several refills of its pool', () => {
    const ids = Array.from({ length: 2000 }, randomId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
