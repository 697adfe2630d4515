/**
 * How the command ends when something goes wrong: one line on stderr and an exit code a script
 * can switch on (issue 34). Every expected failure is a `CliFailure`; main.ts prints its message
 * and nothing else, so no stack trace ever reaches the user.
 */
export const EXIT = {
  ok: 0,
  /** Anything not listed below: a server error, a note that will not decrypt, a full disk. */
  failed: 1,
  /** The command line or its input is wrong: nothing was sent, nothing was read. */
  usage: 2,
  /** The note does not exist, was read, expired or destroyed. */
  gone: 3,
  wrongPassword: 4,
  /** The server could not be reached. */
  network: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliFailure extends Error {
  override readonly name = 'CliFailure';
  readonly exitCode: ExitCode;

  constructor(exitCode: ExitCode, message: string) {
    super(message);
    this.exitCode = exitCode;
  }
}

export const usageFailure = (message: string) => new CliFailure(EXIT.usage, message);
