import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../scripts/build-targets.ts';

/**
 * Runs the built command (dist/cli/ashnote.js, what `npm run build` makes and `npx ashnote`
 * runs) as a user would: a separate process, with stdin, stdout, stderr and an exit code, or
 * on a pseudo-terminal for the password prompt.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI_FILE = path.join(ROOT, 'dist/cli/ashnote.js');

/** Builds the command when its sources changed since its last build. */
export function buildCli(): Promise<void> {
  return ensureBuilt(['cli']);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Never inherits ASHNOTE_SERVER from whoever runs the tests. */
const cleanEnv = (env: Record<string, string>) => {
  const { ASHNOTE_SERVER: _ignored, ...rest } = process.env;
  return { ...rest, ...env };
};

export function runCli(
  args: string[],
  options: { stdin?: string | Buffer; env?: Record<string, string>; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_FILE, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env ?? {}),
      // No controlling terminal either: setsid-like detachment keeps /dev/tty out of reach, as
      // in a CI job or a cron script.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** A prompt the command shows on the terminal, and what the person types when it appears. */
export interface TerminalTurn {
  prompt: string;
  type: string;
}

export interface TerminalResult {
  code: number | null;
  /** Everything the terminal showed (stdout and stderr both go to it). */
  screen: string;
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * The command on a pseudo-terminal (util-linux `script`), typing each turn's text only once its
 * prompt is on the screen, as a person would: what the screen shows afterwards proves whether
 * the typing was echoed.
 */
export function runCliOnTerminal(args: string[], turns: TerminalTurn[]): Promise<TerminalResult> {
  const command = [process.execPath, CLI_FILE, ...args].map(shellQuote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(
      'script',
      ['--quiet', '--return', '--flush', '--command', command, '/dev/null'],
      {
        cwd: ROOT,
        env: cleanEnv({}),
      },
    );
    let screen = '';
    let next = 0;
    let seenUpTo = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      const turn = turns[next];
      if (turn === undefined) return;
      const at = screen.indexOf(turn.prompt, seenUpTo);
      if (at === -1) return;
      seenUpTo = at + turn.prompt.length;
      next += 1;
      child.stdin.write(turn.type);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen: screen.replaceAll('\r\n', '\n') }));
  });
}
