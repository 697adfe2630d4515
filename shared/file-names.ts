/**
 * A file name the sender chose, made safe to save under: the name is theirs (it could say
 * ../../.bashrc, carry terminal escapes, or hide its real extension behind a bidirectional
 * control). The CLI saves under it on disk; the browser suggests it to the save dialog.
 */

const encoder = new TextEncoder();
const utf8Length = (text: string) => encoder.encode(text).length;

/** Bidirectional controls: "invoice\u202Efdp.exe" lists as "invoiceexe.pdf". */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Characters Windows refuses in names. */
const WINDOWS_RESERVED = /[<>:"|?*]/g;
/** Names Windows takes for devices, whatever their extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;
/** Under the usual 255-byte limit, with room for " (12)" and the temporary name's prefix. */
const MAX_NAME_BYTES = 200;
/** An extension kept when a long name is shortened ("….pdf"), if it is no longer than this. */
const MAX_EXTENSION_CHARS = 16;

function shorten(name: string): string {
  if (utf8Length(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_CHARS ? name.slice(dot) : '';
  const stem = [...name.slice(0, name.length - extension.length)];
  while (utf8Length(stem.join('') + extension) > MAX_NAME_BYTES) stem.pop();
  return stem.join('') + extension;
}

/**
 * The sender's name as a plain file name: its last path segment only (either separator),
 * control and bidirectional characters and those Windows refuses replaced, no leading dot (no
 * hidden file, no `..`), no trailing dot or space, at most 200 bytes; `fallback` when nothing
 * is left.
 */
export function safeFileName(name: string, fallback: string): string {
  let safe = (name.split(/[/\\]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '_')
    .replace(BIDI_CONTROLS, '_')
    .replace(WINDOWS_RESERVED, '_')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  if (WINDOWS_DEVICE.test(safe)) safe = `_${safe}`;
  safe = shorten(safe);
  return safe === '' ? fallback : safe;
}
