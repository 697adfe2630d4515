import fs from 'node:fs';

/**
 * Settings that carry a credential. Each may instead be given as a file, `<NAME>_FILE`, the way
 * Docker and Kubernetes hand secrets to a container: the value then appears in no environment
 * listing (`docker inspect`, /proc/<pid>/environ, a crash report).
 */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'SMTP_URL',
  'MAIL_KEY',
  'ADMIN_PASSWORD_HASH',
  'AI_API_KEY',
  'METRICS_TOKEN',
] as const;

export type SecretVariable = (typeof SECRET_VARIABLES)[number];

/** A secret is a line of text; a larger file is the wrong file (or a device that never ends). */
const MAX_SECRET_FILE_BYTES = 64 * 1024;

export type ReadSecretFile = (file: string) => string;

/**
 * Reads at most MAX_SECRET_FILE_BYTES + 1 bytes, so /dev/zero or a misnamed log file is refused
 * at once rather than read whole.
 */
export const readSecretFile: ReadSecretFile = (file) => {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_SECRET_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > MAX_SECRET_FILE_BYTES) throw new SecretFileTooLargeError();
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
};

class SecretFileTooLargeError extends Error {
  override readonly name = 'SecretFileTooLargeError';
}

/** Why a file could not be read, in words, without anything it holds. */
function unreadable(error: unknown): string {
  if (error instanceof SecretFileTooLargeError) {
    return `is larger than ${MAX_SECRET_FILE_BYTES / 1024} KB, which no secret is`;
  }
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read by this user (permission denied)';
    case 'EISDIR':
      return 'is a folder, not a file';
    default:
      return `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`;
  }
}

export interface ResolvedSecrets {
  /** The environment with every `<NAME>_FILE` read into `<NAME>`. */
  env: Record<string, string | undefined>;
  /** Where each secret read from a file came from, to name it in a later complaint. */
  sources: Map<SecretVariable, string>;
  problems: string[];
}

/**
 * Reads each `<NAME>_FILE` into `<NAME>`, dropping the file's trailing line break (what `echo`
 * and most editors leave). Setting both is a mistake, reported rather than resolved by a rule
 * the operator would have to know. Messages name the variable and the file, never what it holds.
 */
export function resolveSecretFiles(
  env: Record<string, string | undefined>,
  read: ReadSecretFile = readSecretFile,
): ResolvedSecrets {
  const resolved = { ...env };
  const sources = new Map<SecretVariable, string>();
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable]?.trim();
    if (file === undefined || file === '') continue;
    if (env[name] !== undefined && env[name].trim() !== '') {
      problems.push(`${name} and ${fileVariable} are both set: set one of them`);
      continue;
    }
    let content: string;
    try {
      content = read(file);
    } catch (error) {
      problems.push(`${fileVariable}: the file ${file} ${unreadable(error)}`);
      continue;
    }
    const value = content.replace(/(\r?\n)+$/, '');
    if (value.trim() === '') {
      problems.push(`${fileVariable}: the file ${file} is empty`);
      continue;
    }
    resolved[name] = value;
    sources.set(name, file);
  }
  return { env: resolved, sources, problems };
}
