/** Why an image was not attached, as data (no DOM here, so pure code and tests can use it). */
export type ImageProblem = 'unsupportedType' | 'tooLarge' | 'unreadable';

/** One image that was not attached, and why; `tooMany` when the note is full. */
export type ImageIssue = { problem: ImageProblem; name: string } | { problem: 'tooMany' };
