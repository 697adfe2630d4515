// `npm run admin:hash`: asks for the administrator's password (twice, without showing it) and
// prints the ADMIN_PASSWORD_HASH to put in the server's environment.
import readline from 'node:readline';
import { hashPassword } from '../backend/src/admin/password-hash.ts';

const MIN_LENGTH = 12;

const terminal = process.stdin.isTTY === true;
const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal });
const lines = rl[Symbol.asyncIterator]();
// Show the prompts, never what is typed.
(rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};

async function ask(question: string): Promise<string> {
  process.stdout.write(question);
  const { value } = await lines.next();
  process.stdout.write('\n');
  return typeof value === 'string' ? value : '';
}

const password = await ask('Administrator password: ');
const again = await ask('Again: ');
rl.close();
if (password.length < MIN_LENGTH) {
  process.stderr.write(`The password must be at least ${MIN_LENGTH} characters.\n`);
  process.exit(1);
}
if (again !== password) {
  process.stderr.write('The two passwords differ.\n');
  process.exit(1);
}
process.stdout.write(`ADMIN_PASSWORD_HASH=${await hashPassword(password)}\n`);
