import { NOTE_EXPIRATIONS, DEFAULT_NOTE_EXPIRATION } from '../shared/limits.ts';

/** What `--help` prints, command by command. */

const EXPIRATIONS = NOTE_EXPIRATIONS.join('|');

export const MAIN_HELP = `ashnote: end-to-end-encrypted notes that destroy themselves when read.

Usage:
  ashnote send [FILE|-] [options]   encrypt a note here and print its link
  ashnote read LINK [-o FILE]       read a note (which destroys it) and print or save it
  ashnote COMMAND --help            the command's options
  ashnote --version

The note is encrypted on this computer; the server stores ciphertext only. The key is in
the link, after the #: whoever has the link can read the note once.

Server: --server URL, else the ASHNOTE_SERVER environment variable. Plain http:// is
refused except to this computer, unless --insecure.

Exit codes: 0 done, 1 failed, 2 wrong usage or input, 3 note not found or destroyed,
4 wrong password, 5 server unreachable.
`;

export const SEND_HELP = `Usage: ashnote send [FILE|-] [options]

Encrypts FILE (or standard input, when FILE is - or missing) on this computer, stores
only the ciphertext on the server and prints the link. Nothing else goes to standard
output, so the link pipes.

Options:
  --expire LIFE            delete the note unread after LIFE: ${EXPIRATIONS}
                           (default ${DEFAULT_NOTE_EXPIRATION}; a server may offer only some)
  --password               protect it with a password, asked on the terminal (not echoed)
  --password-file FILE     protect it with the password in FILE (a final newline is ignored)
  --notify EMAIL           e-mail EMAIL when the note is read (if the server sends mail)
  --server URL             the Ashnote server (default: $ASHNOTE_SERVER)
  --insecure               allow plain http:// to a server other than this computer
  --json                   print {"link": …, "expiresAt": …} instead of the link
  -h, --help               this help

A password is never given on the command line: it would stay in the shell history.

Examples:
  pass show wifi | ashnote send --expire 1h
  ashnote send --password deploy-key.txt
`;

export const READ_HELP = `Usage: ashnote read LINK [options]

Reads the note (the server destroys it as it hands it over), decrypts it on this
computer and prints its text, or saves it to FILE. When the note has a password it is
asked on the terminal, without echo, up to 3 times.

Options:
  -o, --output FILE        save the text to FILE (created, never overwritten) and any
                           attached files beside it as FILE.1.jpg, FILE.2.png, ...
  --password-file FILE     the note's password, from FILE (a final newline is ignored)
  --insecure               allow a plain http:// link to a server other than this computer
  --json                   print {"text": …, "saved": […]} instead of the text
  -h, --help               this help

Quote the link: some shells (zsh) give its # a meaning of their own.

Examples:
  ashnote read 'https://notes.example.org/note/ID#KEY'
  secret=$(ashnote read "$LINK") || exit
`;
