import { yieldToServerThread } from '../../thread-priority.ts';

// A large note's parser thread (see parse-job.ts). Up to six start at once, and loading the
// parser (the schemas, zod among them) is most of a start: it runs below the server's thread's
// priority too, so the thread is lowered before it.
yieldToServerThread();
await import('./parse-job.ts');
