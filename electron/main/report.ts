/**
 * Main's error lines on stderr. Electron's own messages quote the address they failed on
 * ("ERR_ABORTED (-3) loading 'app://ashnote/note/ID#KEY'"), and a deep link's fragment is a key:
 * every address is cut from a message before it is written.
 */

const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`)]*/gi;

export function withoutAddresses(message: string): string {
  return message.replace(ADDRESS, '<address>');
}

export function reporter(write: (line: string) => void) {
  return (what: string) => (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    write(`Ashnote: ${what} failed: ${withoutAddresses(message)}\n`);
  };
}
