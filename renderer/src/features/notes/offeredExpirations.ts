import {
  DEFAULT_NOTE_EXPIRATION,
  NOTE_EXPIRATIONS,
  type NoteExpiration,
} from '../../../../shared/limits.ts';
import { usePublicConfig } from '../../api/config.ts';

/** The lives this server offers a note (its operator's NOTE_EXPIRATIONS) and where forms start. */
export interface OfferedExpirations {
  options: readonly NoteExpiration[];
  initial: NoteExpiration;
}

/** Every life and the usual default until the server has said (a server refuses what it lacks). */
const UNTIL_KNOWN: OfferedExpirations = {
  options: NOTE_EXPIRATIONS,
  initial: DEFAULT_NOTE_EXPIRATION,
};

export function useOfferedExpirations(): OfferedExpirations {
  const config = usePublicConfig();
  return config === undefined
    ? UNTIL_KNOWN
    : { options: config.expirations, initial: config.defaultExpiration };
}

/**
 * The life a form shows and sends: the sender's choice when this server offers it, else the
 * server's starting one (a form's state starts on the usual default, which may not be offered).
 */
export function offeredChoice(choice: NoteExpiration, offered: OfferedExpirations): NoteExpiration {
  return offered.options.includes(choice) ? choice : offered.initial;
}
