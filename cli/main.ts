import { parseArgs, type ParseArgsConfig } from 'node:util';
import manifest from '../package.json' with { type: 'json' };
import {
  NOTE_EXPIRATIONS,
  DEFAULT_NOTE_EXPIRATION,
  type NoteExpiration,
} from '../shared/limits.ts';
import type { ApiContext } from './api.ts';
import { CliFailure, EXIT, usageFailure, type ExitCode } from './failure.ts';
import { MAIN_HELP, READ_HELP, SEND_HELP } from './help.ts';
import { askNewPassword, passwordFromFile } from './password.ts';
import { readNote } from './read.ts';
import { readNoteText, sendNote } from './send.ts';
import { parseNoteLink, resolveServer } from './server.ts';

/**
 * `ashnote`: the command line client (issue 34). Each command parses its own options, does its
 * work through the same shared/ contract and crypto as the web app, and ends with an exit code;
 * every expected failure is one line on stderr.
 */

const out = (text: string) => process.stdout.write(text);
const notice = (line: string) => process.stderr.write(`${line}\n`);

const COMMON_OPTIONS = {
  insecure: { type: 'boolean' },
  json: { type: 'boolean' },
  'password-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: O,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's own wording ("Unknown option '--x'"), one line, and where to look.
    const message = (error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, '');
    throw usageFailure(`${message}. See: ashnote ${command} --help`);
  }
}

function expirationOf(value: string | undefined): NoteExpiration {
  if (value === undefined) return DEFAULT_NOTE_EXPIRATION;
  if ((NOTE_EXPIRATIONS as readonly string[]).includes(value)) return value as NoteExpiration;
  throw usageFailure(`--expire must be one of ${NOTE_EXPIRATIONS.join(', ')}.`);
}

async function send(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parse('send', args, {
    ...COMMON_OPTIONS,
    expire: { type: 'string' },
    password: { type: 'boolean' },
    notify: { type: 'string' },
    server: { type: 'string' },
  });
  if (values.help) {
    out(SEND_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 1) throw usageFailure('send takes one FILE (or - for stdin).');
  if (values.password && values['password-file'] !== undefined) {
    throw usageFailure('Give --password or --password-file, not both.');
  }
  const expiration = expirationOf(values.expire);
  const server = resolveServer(values.server, process.env, values.insecure ?? false);
  const text = await readNoteText(positionals[0], notice);
  const password =
    values['password-file'] !== undefined
      ? passwordFromFile(values['password-file'])
      : values.password
        ? await askNewPassword()
        : null;
  const context: ApiContext = { server, notice };
  const sent = await sendNote(context, text, {
    expiration,
    password,
    notify: values.notify ?? null,
  });
  out(values.json ? `${JSON.stringify(sent)}\n` : `${sent.link}\n`);
  return EXIT.ok;
}

async function read(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parse('read', args, {
    ...COMMON_OPTIONS,
    output: { type: 'string', short: 'o' },
  });
  if (values.help) {
    out(READ_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw usageFailure('read takes one LINK. See: ashnote read --help');
  const link = parseNoteLink(positionals[0]!, values.insecure ?? false);
  const note = await readNote({ server: link.server, notice }, link, {
    output: values.output ?? null,
    passwordFile: values['password-file'] ?? null,
  });
  if (values.json) out(`${JSON.stringify(note)}\n`);
  else if (values.output === undefined) {
    // Exactly the note's text; a closing newline only for a person's terminal prompt.
    out(process.stdout.isTTY && !note.text.endsWith('\n') ? `${note.text}\n` : note.text);
  }
  return EXIT.ok;
}

export async function main(argv: string[]): Promise<ExitCode> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'send':
      return send(rest);
    case 'read':
      return read(rest);
    case undefined:
      process.stderr.write(MAIN_HELP);
      return EXIT.usage;
    case '-h':
    case '--help':
    case 'help':
      out(MAIN_HELP);
      return EXIT.ok;
    case '-V':
    case '--version':
      out(`${manifest.version}\n`);
      return EXIT.ok;
    default:
      throw usageFailure(`Unknown command ${command}. See: ashnote --help`);
  }
}

/** Runs the command and exits with its code; nothing but one line reaches stderr on failure. */
export async function run(argv: string[]): Promise<void> {
  // `ashnote read LINK | head -c 8`: the reader closed the pipe, nothing to say about it, but
  // the output was not all delivered.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT.failed);
    throw error;
  });
  let code: ExitCode;
  try {
    code = await main(argv);
  } catch (error) {
    const message =
      error instanceof CliFailure
        ? error.message
        : `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    notice(`ashnote: ${message.replace(/\s*\n\s*/g, ' ')}`);
    code = error instanceof CliFailure ? error.exitCode : EXIT.failed;
  }
  // Set, not process.exit(): what was written to a pipe is flushed first.
  process.exitCode = code;
}
