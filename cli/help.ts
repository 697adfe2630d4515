import {
  NOTE_EXPIRATIONS,
  DEFAULT_NOTE_EXPIRATION,
  REQUEST_LABEL_MAX_CHARS,
} from '../shared/limits.ts';

/** What `--help` prints, command by command. */

const EXPIRATIONS = NOTE_EXPIRATIONS.join('|');

export const MAIN_HELP = `ashnote: end-to-end-encrypted notes that destroy themselves when read.

Usage:
  ashnote send [FILE|-] [options]   encrypt a note here and print its link
  ashnote read LINK [-o FILE]       read a note, or a request's answer with its claim link
                                    (which destroys it), and print or save it
  ashnote request [--label TEXT]    ask someone for a secret: a request link to send, a
                                    claim link to keep
  ashnote answer LINK [FILE|-]      answer a request link with a secret
  ashnote status LINK               with a note's status link: has it been read?
  ashnote burn LINK                 with a note's status link: destroy it unread
  ashnote COMMAND --help            the command's options
  ashnote --version

The note is encrypted on this computer; the server stores ciphertext only. The key is in
the link, after the #: whoever has the link can read the note once.

Server: --server URL, else the ASHNOTE_SERVER environment variable. Plain http:// is
refused except to this computer, unless --insecure.

Exit codes: 0 done, 1 failed, 2 wrong usage or input, 3 note or request not found,
destroyed or already answered, 4 wrong password, 5 server unreachable.
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
  --status                 make a status link too, printed on standard error: keep it to
                           see whether the note was read (ashnote status) or to destroy it
                           unread (ashnote burn); it cannot open the note
  --server URL             the Ashnote server (default: $ASHNOTE_SERVER)
  --insecure               allow plain http:// to a server other than this computer
  --json                   print {"link": …, "expiresAt": …} instead of the link (and
                           "statusLink" with --status)
  -h, --help               this help

A password is never given on the command line: it would stay in the shell history.

Examples:
  pass show wifi | ashnote send --expire 1h
  ashnote send --password deploy-key.txt
  ashnote send --status contract.txt
`;

export const READ_HELP = `Usage: ashnote read LINK [options]

Reads the note (the server destroys it as it hands it over), decrypts it on this
computer and prints its text, or saves it to FILE. When the note has a password it is
asked on the terminal, without echo, up to 3 times.

LINK may also be the claim link of a request you made (ashnote request): the answer is
read the same way, once, and the request's label is shown on standard error. While
nobody has answered yet, the command says so and exits 1: nothing is destroyed.

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
  ashnote read 'https://notes.example.org/r/ID/open#KEY'
`;

export const REQUEST_HELP = `Usage: ashnote request [options]

Asks someone for a secret. Makes a key pair on this computer and prints two links:
the request link on standard output, to send to the person who has the secret (it lets
them answer once, and cannot open the answer), and the claim link on standard error, to
keep to yourself: only it opens the answer, once, with ashnote read. The server never
sees either key, the label or the answer.

Options:
  --label TEXT             what you ask for ("VPN password for Lea"), shown to whoever
                           answers; encrypted, at most ${REQUEST_LABEL_MAX_CHARS} characters
  --expire LIFE            the request and its answer expire after LIFE: ${EXPIRATIONS}
                           (default ${DEFAULT_NOTE_EXPIRATION})
  --server URL             the Ashnote server (default: $ASHNOTE_SERVER)
  --insecure               allow plain http:// to a server other than this computer
  --json                   print {"requestLink": …, "claimLink": …, "expiresAt": …}
  -h, --help               this help

Examples:
  ashnote request --label 'VPN password for Lea' --expire 7d
  ashnote read "$CLAIM_LINK"       (once answered: prints the answer)
`;

export const ANSWER_HELP = `Usage: ashnote answer LINK [FILE|-] [options]

Answers a request link with the text of FILE (or standard input, when FILE is - or
missing). The request's label is shown on standard error first; the answer is encrypted
on this computer for the person who asked, and no one else. A request takes one answer:
a second is refused with exit code 3.

Options:
  --insecure               allow a plain http:// link to a server other than this computer
  --json                   print {"expiresAt": …} (until when the answer can be read)
  -h, --help               this help

Examples:
  pass show vpn/lea | ashnote answer 'https://notes.example.org/r/ID#KEY'
`;

export const STATUS_HELP = `Usage: ashnote status LINK [options]

Tells, with the status link of a note you sent (ashnote send --status, or the web
app's "private status link"), whether the note is waiting, was read, expired or was
destroyed, and when. Never reads or changes the note.

Options:
  --insecure               allow a plain http:// link to a server other than this computer
  --json                   print the server's answer: {"state": "waiting", "createdAt",
                           "expiresAt"} or {"state": "ended", "reason", "endedAt"}
  -h, --help               this help

Example:
  ashnote status 'https://notes.example.org/s/ID#KEY'
`;

export const BURN_HELP = `Usage: ashnote burn LINK [options]

Destroys, with its status link, a note you sent before anyone reads it. Nobody can
read it afterwards. When the note had already ended (read, expired) it says how, and
exits 3; burning a note you already destroyed is done again without complaint.

Options:
  --insecure               allow a plain http:// link to a server other than this computer
  --json                   print the server's answer (as ashnote status --json)
  -h, --help               this help

Example:
  ashnote burn 'https://notes.example.org/s/ID#KEY'
`;
