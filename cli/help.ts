import {
  NOTE_EXPIRATIONS,
  DEFAULT_NOTE_EXPIRATION,
  NOTE_MAX_FILES,
  REQUEST_LABEL_MAX_CHARS,
} from '../shared/limits.ts';

/** What `--help` prints, command by command. */

const EXPIRATIONS = NOTE_EXPIRATIONS.join('|');

export const MAIN_HELP = `ashnote: end-to-end-encrypted notes that destroy themselves when read.

Usage:
  ashnote send [FILE|-] [options]   encrypt a note here and print its link
        [--attach PATH ...]         with files of any kind
  ashnote read LINK [-o PATH]       read a note, or a request's answer with its claim link
                                    (which destroys it), and print or save it
  ashnote request [--label TEXT]    ask someone for a secret: a request link to send, a
                                    claim link to keep
  ashnote answer LINK [FILE|-]      answer a request link with a secret
        [--attach PATH ...]         with files of any kind
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

export const SEND_HELP = `Usage: ashnote send [TEXT-FILE|-] [--attach PATH ...] [options]

Encrypts the text of TEXT-FILE (or standard input, when it is - or missing) on this
computer, stores only the ciphertext on the server and prints the link. Nothing else
goes to standard output, so the link pipes.

With --attach, the note carries files of any kind (up to ${NOTE_MAX_FILES}, their sizes together
within the server's limit, checked before anything is sent). Each is encrypted here and
streamed in chunks; only its base name goes with it (encrypted too). The link is printed
once every file is on the server. With files the text is optional: it is read only when
TEXT-FILE or - is given.

Options:
  --attach PATH            attach the file PATH (repeat for more files)
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
  ashnote send --attach contract.pdf --attach annex.zip message.txt
`;

export const READ_HELP = `Usage: ashnote read LINK [options]

Reads the note (the server destroys it as it hands it over), decrypts it on this
computer and prints its text, or saves it to PATH. When the note has a password it is
asked on the terminal, without echo, up to 3 times.

Files attached to the note are downloaded, decrypted and checked as they come, and
each appears under its name only once all of it was checked (a damaged or tampered
file is removed, and the command exits 1). Names are the sender's, made safe: no
folders, no leading dot, no control characters, and an existing file is never
replaced ("report (1).pdf"). The server deletes the files once they are saved.
Whether a note has files shows only when it is read, and reading destroys it, so:
  no -o          the text is printed; files are saved in the current directory,
                 each named on standard error
  -o DIR         (an existing directory) the text is printed; files are saved in DIR
  -o PATH        (a new path) the text is saved to PATH when the note has no files;
                 with one file, the file is saved to PATH and the text printed; with
                 several, PATH is made a directory holding them

LINK may also be the claim link of a request you made (ashnote request): the answer is
read the same way, once, and the request's label is shown on standard error. While
nobody has answered yet, or the answer's files are still uploading, the command says so
and exits 1: nothing is destroyed.

Options:
  -o, --output PATH        save to PATH, as above: created before the read (a path
                           that cannot be written fails while the note still exists),
                           never overwritten; attached images beside it as
                           PATH.1.jpg, PATH.2.png, ... (in DIR under their names)
  --password-file FILE     the note's password, from FILE (a final newline is ignored)
  --insecure               allow a plain http:// link to a server other than this computer
  --json                   print {"text": …, "saved": […]} instead of the text, "saved"
                           listing every file written
  -h, --help               this help

Quote the link: some shells (zsh) give its # a meaning of their own.

Examples:
  ashnote read 'https://notes.example.org/note/ID#KEY'
  secret=$(ashnote read "$LINK") || exit
  ashnote read "$LINK" -o ~/Downloads
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

export const ANSWER_HELP = `Usage: ashnote answer LINK [FILE|-] [--attach PATH ...] [options]

Answers a request link with the text of FILE (or standard input, when FILE is - or
missing). The request's label is shown on standard error first; the answer is encrypted
on this computer for the person who asked, and no one else. A request takes one answer:
a second is refused with exit code 3.

With --attach, the answer carries files of any kind, as ashnote send --attach does (up to
${NOTE_MAX_FILES}, their sizes together within the server's limit, checked before anything is
sent; streamed in encrypted chunks, only the base name going with each). "Answer sent" is
said once every file is on the server: the person who asked can read the answer only then.
An upload that fails uses up the request: ask for a new one. With files the text is
optional: it is read only when FILE or - is given.

Options:
  --attach PATH            attach the file PATH (repeat for more files)
  --insecure               allow a plain http:// link to a server other than this computer
  --json                   print {"expiresAt": …} (until when the answer can be read)
  -h, --help               this help

Examples:
  pass show vpn/lea | ashnote answer 'https://notes.example.org/r/ID#KEY'
  ashnote answer "$REQUEST_LINK" --attach id-scan.pdf --attach contract.pdf
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
