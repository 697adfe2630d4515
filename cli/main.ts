import { parseArgs, type ParseArgsConfig } from 'node:util';
import manifest from '../package.json' with { type: 'json' };
import {
  NOTE_EXPIRATIONS,
  DEFAULT_NOTE_EXPIRATION,
  type NoteExpiration,
} from '../shared/limits.ts';
import type { ApiContext } from './api.ts';
import { checkFileLimits, statAttachments } from './attachments.ts';
import { CliFailure, EXIT, usageFailure, type ExitCode } from './failure.ts';
import {
  ANSWER_HELP,
  BURN_HELP,
  MAIN_HELP,
  READ_HELP,
  REQUEST_HELP,
  SEND_HELP,
  STATUS_HELP,
} from './help.ts';
import { MESSAGES, labelLine, statusMessage } from './messages.ts';
import { askNewPassword, passwordFromFile } from './password.ts';
import { readNote } from './read.ts';
import { answerRequest, claimAnswer, createRequest } from './request.ts';
import { readNoteText, sendNote } from './send.ts';
import { parseLink, resolveServer } from './server.ts';
import { callStatusLink } from './status.ts';

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
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

const PASSWORD_FILE = { 'password-file': { type: 'string' } } satisfies ParseArgsConfig['options'];

/** Printed on stderr above the link that must not be passed on. */
const CLAIM_LINK_HINT =
  'Send the request link (standard output). Keep this claim link to yourself: only it opens the answer, once.';
const STATUS_LINK_HINT =
  'Keep this status link to yourself: it tells whether the note was read and can destroy it (ashnote status, ashnote burn), never open it.';

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
    ...PASSWORD_FILE,
    expire: { type: 'string' },
    password: { type: 'boolean' },
    notify: { type: 'string' },
    status: { type: 'boolean' },
    server: { type: 'string' },
    attach: { type: 'string', multiple: true },
  });
  if (values.help) {
    out(SEND_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 1) throw usageFailure('send takes one TEXT-FILE (or - for stdin).');
  if (values.password && values['password-file'] !== undefined) {
    throw usageFailure('Give --password or --password-file, not both.');
  }
  const expiration = expirationOf(values.expire);
  const server = resolveServer(values.server, process.env, values.insecure ?? false);
  const context: ApiContext = { server, notice };
  const attachments = statAttachments(values.attach ?? [], 'note');
  const text = await readNoteText(positionals[0], notice, 'note', attachments.length > 0);
  // Before the password is asked and anything is sent.
  if (attachments.length > 0) await checkFileLimits(context, attachments, 'note');
  const password =
    values['password-file'] !== undefined
      ? passwordFromFile(values['password-file'])
      : values.password
        ? await askNewPassword()
        : null;
  const sent = await sendNote(context, text, {
    expiration,
    password,
    notify: values.notify ?? null,
    status: values.status ?? false,
    attachments,
  });
  out(values.json ? `${JSON.stringify(sent)}\n` : `${sent.link}\n`);
  if (!values.json && sent.statusLink !== undefined) {
    notice(STATUS_LINK_HINT);
    notice(sent.statusLink);
  }
  return EXIT.ok;
}

async function read(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parse('read', args, {
    ...COMMON_OPTIONS,
    ...PASSWORD_FILE,
    output: { type: 'string', short: 'o' },
  });
  if (values.help) {
    out(READ_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw usageFailure('read takes one LINK. See: ashnote read --help');
  const link = parseLink(positionals[0]!, ['note', 'claim'], values.insecure ?? false);
  const context: ApiContext = { server: link.server, notice };
  const output = values.output ?? null;
  // A claim link reads a request's answer: the same command, since both give one secret once.
  const claim = link.kind === 'claim' ? await claimAnswer(context, link, output) : null;
  const note =
    claim ??
    (await readNote(context, link, { output, passwordFile: values['password-file'] ?? null }));
  // The text and what was saved are delivered even when a file failed: the note is gone.
  const { textSaved, failure, ...shown } = note;
  if (values.json) {
    out(`${JSON.stringify(shown)}\n`);
  } else {
    if (claim !== null) notice(labelLine(claim.label));
    // Exactly the note's text; a closing newline only for a person's terminal prompt.
    const { text } = note;
    if (!textSaved && text !== '') {
      out(process.stdout.isTTY && !text.endsWith('\n') ? `${text}\n` : text);
    }
  }
  if (failure !== null) throw failure;
  return EXIT.ok;
}

async function request(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parse('request', args, {
    ...COMMON_OPTIONS,
    label: { type: 'string' },
    expire: { type: 'string' },
    server: { type: 'string' },
  });
  if (values.help) {
    out(REQUEST_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) {
    throw usageFailure('request takes no argument: give the label with --label TEXT.');
  }
  const expiration = expirationOf(values.expire);
  const server = resolveServer(values.server, process.env, values.insecure ?? false);
  const created = await createRequest({ server, notice }, (values.label ?? '').trim(), expiration);
  if (values.json) {
    out(`${JSON.stringify(created)}\n`);
    return EXIT.ok;
  }
  out(`${created.requestLink}\n`);
  notice(CLAIM_LINK_HINT);
  notice(created.claimLink);
  return EXIT.ok;
}

async function answer(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parse('answer', args, {
    ...COMMON_OPTIONS,
    attach: { type: 'string', multiple: true },
  });
  if (values.help) {
    out(ANSWER_HELP);
    return EXIT.ok;
  }
  if (positionals.length < 1 || positionals.length > 2) {
    throw usageFailure('answer takes one LINK, then one FILE (or - for stdin).');
  }
  const link = parseLink(positionals[0]!, ['request'], values.insecure ?? false);
  const attachments = statAttachments(values.attach ?? [], 'answer');
  const answered = await answerRequest({ server: link.server, notice }, link, {
    attachments,
    readText: () => readNoteText(positionals[1], notice, 'answer', attachments.length > 0),
  });
  if (values.json) out(`${JSON.stringify(answered)}\n`);
  else notice(`Answer sent. ${MESSAGES.answerSent}`);
  return EXIT.ok;
}

/** `status` tells the note's state; `burn` destroys it and tells the state after. */
async function statusLink(command: 'status' | 'burn', args: string[]): Promise<ExitCode> {
  const { values, positionals } = parse(command, args, COMMON_OPTIONS);
  if (values.help) {
    out(command === 'status' ? STATUS_HELP : BURN_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) {
    throw usageFailure(`${command} takes one status LINK. See: ashnote ${command} --help`);
  }
  const link = parseLink(positionals[0]!, ['status'], values.insecure ?? false);
  const action = command === 'status' ? 'status' : 'destroy';
  const state = await callStatusLink({ server: link.server, notice }, link, action);
  if (command === 'burn' && (state.state !== 'ended' || state.reason !== 'destroyed_by_sender')) {
    // Too late: it was read (or had ended) first; a script must not take that for a burn.
    throw new CliFailure(EXIT.gone, `Not destroyed: it had already ended. ${statusMessage(state)}`);
  }
  out(values.json ? `${JSON.stringify(state)}\n` : `${statusMessage(state)}\n`);
  return EXIT.ok;
}

export async function main(argv: string[]): Promise<ExitCode> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'send':
      return send(rest);
    case 'read':
      return read(rest);
    case 'request':
      return request(rest);
    case 'answer':
      return answer(rest);
    case 'status':
    case 'burn':
      return statusLink(command, rest);
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
