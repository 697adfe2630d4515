import fs from 'node:fs';
import tty from 'node:tty';
import { CliFailure, EXIT, usageFailure } from './failure.ts';

/**
 * Where a password comes from: the terminal, typed without echo, or a file (`--password-file`)
 * for scripts. Never the command line, where it would sit in the shell history and in every
 * process listing. Asked on the terminal itself (/dev/tty), not on stdin, so
 * `pass show x | ashnote send --password` reads the note from the pipe and the password from
 * the person.
 */

/** A password file's content; one trailing newline (as `echo` or an editor leaves it) is not part of it. */
export function passwordFromFile(file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw usageFailure(`Cannot read the password file ${file} (${code}).`);
  }
  const password = text.replace(/\r?\n$/, '');
  if (password === '') throw usageFailure(`The password file ${file} is empty.`);
  return password;
}

interface Terminal {
  input: tty.ReadStream;
  write(text: string): void;
  close(): void;
}

/** The controlling terminal, or stdin/stderr when they are one (Windows has no /dev/tty). */
function openTerminal(): Terminal | null {
  try {
    const inFd = fs.openSync('/dev/tty', 'r');
    const outFd = fs.openSync('/dev/tty', 'w');
    const input = new tty.ReadStream(inFd);
    return {
      input,
      write: (text) => fs.writeSync(outFd, text),
      close: () => {
        input.destroy();
        fs.closeSync(outFd);
      },
    };
  } catch {
    if (!process.stdin.isTTY || !process.stderr.isTTY) return null;
    return {
      input: process.stdin as tty.ReadStream,
      write: (text) => process.stderr.write(text),
      close: () => process.stdin.pause(),
    };
  }
}

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/** One line typed without echo. Ctrl-C ends the command as it would any other (exit 130). */
function readHidden(terminal: Terminal, prompt: string): Promise<string> {
  return new Promise((resolve) => {
    let typed = '';
    // Echo off before the prompt shows: whatever is typed once it is visible stays hidden.
    terminal.input.setRawMode(true);
    terminal.input.setEncoding('utf8');
    terminal.write(prompt);
    const finish = (done: () => void) => {
      terminal.input.off('data', onData);
      terminal.input.setRawMode(false);
      terminal.write('\n');
      done();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === CTRL_D) {
          finish(() => resolve(typed));
          return;
        }
        if (char === CTRL_C) {
          finish(() => {
            terminal.close();
            process.exit(130);
          });
          return;
        }
        if (BACKSPACE.has(char)) typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    terminal.input.on('data', onData);
    terminal.input.resume();
  });
}

/** Asks on the terminal; with no terminal, says how to give the password instead. */
async function withTerminal<T>(use: (terminal: Terminal) => Promise<T>): Promise<T> {
  const terminal = openTerminal();
  if (terminal === null) {
    throw usageFailure('No terminal to ask the password on: pass --password-file FILE.');
  }
  try {
    return await use(terminal);
  } finally {
    terminal.close();
  }
}

/** The sender's new password, typed twice so a typo does not lock the reader out. */
export function askNewPassword(): Promise<string> {
  return withTerminal(async (terminal) => {
    const first = await readHidden(terminal, 'Password for the note: ');
    if (first === '') throw usageFailure('The password is empty.');
    const second = await readHidden(terminal, 'Repeat the password: ');
    if (second !== first) throw usageFailure('The passwords do not match.');
    return first;
  });
}

/**
 * The reader's password, up to `tries` times: `attempt` is called with each one and says
 * whether it was right (it throws a wrong-password failure otherwise).
 */
export function askPasswordUntilRight<T>(
  tries: number,
  attempt: (password: string) => Promise<T>,
): Promise<T> {
  return withTerminal(async (terminal) => {
    for (let round = 1; ; round++) {
      const password = await readHidden(terminal, 'Password: ');
      if (password === '') throw usageFailure('No password given.');
      try {
        return await attempt(password);
      } catch (error) {
        const again = error instanceof CliFailure && error.exitCode === EXIT.wrongPassword;
        if (!again || round >= tries) throw error;
        terminal.write(`${error.message}\n`);
      }
    }
  });
}
