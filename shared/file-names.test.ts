import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-names.ts';

/** A sender's file name, as the reader's disk gets it (the saving itself: cli.test.ts). */
describe('safeFileName', () => {
  it('keeps a plain name as it is', () => {
    expect(safeFileName('Contract 2025 (signed).pdf', 'file-1')).toBe('Contract 2025 (signed).pdf');
    expect(safeFileName('Überweisung – März.xlsx', 'file-1')).toBe('Überweisung – März.xlsx');
  });

  it('keeps the last path segment only, with no leading dot', () => {
    expect(safeFileName('../../.bashrc', 'file-1')).toBe('bashrc');
    expect(safeFileName('C:\\Users\\me\\report.pdf', 'file-1')).toBe('report.pdf');
    expect(safeFileName('/etc/passwd', 'file-1')).toBe('passwd');
    expect(safeFileName('..', 'file-2')).toBe('file-2');
    expect(safeFileName('folder/', 'file-3')).toBe('file-3');
    expect(safeFileName('  ... ', 'file-4')).toBe('file-4');
  });

  it('replaces what could fool a terminal, a listing or Windows', () => {
    expect(safeFileName('a\u001b[2Kb\nc.txt', 'file-1')).toBe('a_[2Kb_c.txt');
    expect(safeFileName('invoice\u202Efdp.exe', 'file-1')).toBe('invoice_fdp.exe');
    expect(safeFileName('what?<>|.txt', 'file-1')).toBe('what____.txt');
    expect(safeFileName('CON.txt', 'file-1')).toBe('_CON.txt');
    expect(safeFileName('name. ', 'file-1')).toBe('name');
  });

  it('shortens a long name to 200 bytes, keeping its extension', () => {
    const shortened = safeFileName(`${'é'.repeat(300)}.tar.gz`, 'file-1');
    expect(new TextEncoder().encode(shortened).length).toBeLessThanOrEqual(200);
    expect(shortened).toMatch(/^é+\.gz$/);
  });
});
