import { atom } from 'jotai';
import type { CreatedRequest } from '../requestsApi.ts';

/**
 * The request the mobile shell's Request tab made, kept while another tab is shown so its claim
 * link is not lost; reset when the person leaves the shell (app/mobile/MobileShell.tsx). Memory
 * only: the claim link holds the private key and is never written to storage.
 */
export const mobileRequestAtom = atom<CreatedRequest | null>(null);
