import { NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';

/**
 * The create form's rules as pure functions: what is wrong, as data. The form words it in the
 * user's language; the server checks the same limits again.
 */

export type ContentProblem = 'required' | 'tooLong';
/** `receiptLimit`: the server refused more read receipts to this address today. */
export type EmailProblem = 'invalid' | 'receiptLimit';

export interface FormProblems {
  content?: ContentProblem;
  email?: EmailProblem;
}

/**
 * The HTML standard's "valid e-mail address" (what `<input type="email">` accepts), so the home
 * page needs no validation library for one field; the server checks again, with its schema.
 */
const EMAIL_ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_ADDRESS.test(value);
}

/** The text may be empty only when files go with it: a note is never empty. */
export function contentProblem(content: string, hasFiles = false): ContentProblem | undefined {
  if (content.trim() === '' && !hasFiles) return 'required';
  if (content.length > NOTE_MAX_CHARS) return 'tooLong';
  return undefined;
}

export function emailProblem(email: string): EmailProblem | undefined {
  return isEmailAddress(email.trim()) ? undefined : 'invalid';
}

/** Everything that stops the note from being sent; the e-mail only counts when a receipt is on. */
export function validateNote(input: {
  content: string;
  receiptEmail: string | null;
  hasFiles: boolean;
}): FormProblems {
  const problems: FormProblems = {};
  const content = contentProblem(input.content, input.hasFiles);
  if (content) problems.content = content;
  const email = input.receiptEmail === null ? undefined : emailProblem(input.receiptEmail);
  if (email) problems.email = email;
  return problems;
}
