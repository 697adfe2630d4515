import { describe, expect, it } from 'vitest';
import { MAX_CHAT_ENVELOPE } from '../../../../shared/api/chat.ts';
import { CHAT_MESSAGE_MAX_CHARS } from '../../../../shared/limits.ts';
import {
  formatCountdown,
  isValidRoomId,
  participantIdFor,
  roomKeyFromHash,
  sanitizeChatText,
} from './chatText.ts';

describe('formatCountdown', () => {
  it('writes m:ss, minutes unbounded, never negative', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(899)).toBe('14:59');
    expect(formatCountdown(3600)).toBe('60:00');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(9.2)).toBe('0:10');
  });
});

describe('sanitizeChatText', () => {
  it('keeps text, tabs and newlines; trims the ends', () => {
    expect(sanitizeChatText('  hello\n\tworld  ')).toBe('hello\n\tworld');
    expect(sanitizeChatText('مرحبا 😀 ✓')).toBe('مرحبا 😀 ✓');
  });

  it('normalises line endings and removes other control characters', () => {
    expect(sanitizeChatText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(sanitizeChatText('a\u0000b\u0007c\u001bd\u007fe\u0085f')).toBe('abcdef');
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(sanitizeChatText('x\uD83Dy')).toBe('x\uFFFDy');
    expect(sanitizeChatText('x\uDE00y')).toBe('x\uFFFDy');
    expect(sanitizeChatText('\uD83D\uDE00')).toBe('😀');
  });

  it('is empty for whitespace or controls only', () => {
    expect(sanitizeChatText(' \n\t\u0001 ')).toBe('');
  });

  it('keeps the worst 1,000-character message inside the envelope cap', () => {
    // Characters that JSON makes longest after sanitising: quotes/backslashes (2 bytes), BMP
    // characters (3 bytes), control characters (removed), lone surrogates (→ 3 bytes).
    for (const unit of ['"', '\\', '\n', '\u0001', '\uD800', '\u4E2D', '😀']) {
      const raw = unit.repeat(CHAT_MESSAGE_MAX_CHARS / unit.length);
      const text = sanitizeChatText(`x${raw}`.slice(0, CHAT_MESSAGE_MAX_CHARS));
      expect(text.length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_CHARS);
      const json = JSON.stringify({ seq: Number.MAX_SAFE_INTEGER, text, sentAt: Date.now() });
      const bytes = new TextEncoder().encode(json).length;
      // base64url of bytes + 16-byte tag, plus "v1." and a 16-character IV.
      expect(Math.ceil(((bytes + 16) * 4) / 3) + 20).toBeLessThanOrEqual(MAX_CHAT_ENVELOPE);
    }
  });
});

describe('room links', () => {
  it('accepts only a 43-character base64url key in the fragment', () => {
    const key = 'A'.repeat(42) + '_';
    expect(roomKeyFromHash(`#${key}`)).toBe(key);
    expect(roomKeyFromHash('')).toBeNull();
    expect(roomKeyFromHash('#')).toBeNull();
    expect(roomKeyFromHash(`#${key}x`)).toBeNull();
    expect(roomKeyFromHash(`#${key.slice(1)}=`)).toBeNull();
  });

  it('accepts only 22-character room ids', () => {
    expect(isValidRoomId('AAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
    expect(isValidRoomId('not-a-room')).toBe(false);
    expect(isValidRoomId(undefined)).toBe(false);
  });
});

describe('participantIdFor', () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    };
  }

  it('makes 128-bit hex ids, one per room, stable within the tab', () => {
    const storage = memoryStorage();
    const a = participantIdFor('room-a', storage);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(participantIdFor('room-a', storage)).toBe(a);
    expect(participantIdFor('room-b', storage)).not.toBe(a);
    expect(participantIdFor('room-a', memoryStorage())).not.toBe(a);
  });

  it('still works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(participantIdFor('room', broken)).toMatch(/^[0-9a-f]{32}$/);
    expect(participantIdFor('room', null)).toMatch(/^[0-9a-f]{32}$/);
  });
});
