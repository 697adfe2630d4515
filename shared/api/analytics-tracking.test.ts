import { describe, expect, it } from 'vitest';
import { analyticsPath } from './analytics-tracking.ts';

describe('analyticsPath', () => {
  it('records pages that carry an id by their shape, never the id', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(analyticsPath(`/note/${id}`)).toBe('/note/:id');
    expect(analyticsPath(`/s/${id}`)).toBe('/s/:id');
    expect(analyticsPath(`/chat/${id}`)).toBe('/chat/:id');
    expect(analyticsPath(`/mobile-chat/${id}`)).toBe('/mobile-chat/:id');
    expect(analyticsPath(`/r/${id}`)).toBe('/r/:id');
    expect(analyticsPath(`/r/${id}/open`)).toBe('/r/:id/open');
    expect(analyticsPath('/request')).toBe('/request');
    expect(analyticsPath('/faq?x=1#y')).toBe('/faq');
    expect(analyticsPath('/s')).toBe('/s');
  });
});
