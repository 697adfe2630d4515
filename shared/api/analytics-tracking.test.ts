import { describe, expect, it } from 'vitest';
import { analyticsPath } from './analytics-tracking.ts';

describe('analyticsPath', () => {
  it('records a page that names a note or a room by its shape, never its id', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(analyticsPath(`/note/${id}`)).toBe('/note/:id');
    expect(analyticsPath(`/s/${id}`)).toBe('/s/:id');
    expect(analyticsPath(`/chat/${id}`)).toBe('/chat/:id');
    expect(analyticsPath(`/mobile-chat/${id}`)).toBe('/mobile-chat/:id');
  });

  it('keeps other pages as they are, without query or fragment', () => {
    expect(analyticsPath('/security?x=1#top')).toBe('/security');
    expect(analyticsPath('/s')).toBe('/s');
  });
});
