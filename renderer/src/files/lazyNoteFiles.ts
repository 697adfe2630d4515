import { lazy } from 'react';

/**
 * The list of a read note's files and their saving (with the chunked decryption it streams
 * through), loaded on demand: a note link's page paints its warning without it, and the reader
 * asks for it once the check finds files (src/features/notes/view/useNoteReader.ts), so it
 * arrives while the warning is read; a claim link's page does the same for an answer's files
 * (src/features/requests/useRequestClaim.ts).
 */
export const loadNoteFiles = () => import('./NoteFiles.tsx');

export const LazyNoteFiles = lazy(async () => ({ default: (await loadNoteFiles()).NoteFiles }));
