import {
  CHAT_DURATIONS,
  DEFAULT_CHAT_DURATION,
  NOTE_EXPIRATIONS,
  defaultExpirationOf,
  type ChatDuration,
  type NoteExpiration,
} from '../../../shared/limits.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The known ones among `offered`, in their order; null when `offered` is not a list. */
function known<Choice extends string>(
  offered: unknown,
  choices: readonly Choice[],
): Choice[] | null {
  if (!Array.isArray(offered)) return null;
  return offered.filter((choice): choice is Choice => choices.includes(choice as Choice));
}

/**
 * `GET /api/config`'s answer with the note lives and chat durations this app does not know left
 * out, instead of the whole answer refused by its schema: an installed desktop app may be older
 * than the server it talks to, and a newer server may offer more (as 5 and 15 minutes once
 * joined). A default this app does not know becomes the one it would pick among those left.
 * Anything else, and a server offering nothing this app knows, is left for the schema to refuse.
 */
export function withKnownChoices(answer: unknown): unknown {
  if (!isRecord(answer)) return answer;
  const expirations = known<NoteExpiration>(answer.expirations, NOTE_EXPIRATIONS);
  const chatDurations = known<ChatDuration>(answer.chatDurations, CHAT_DURATIONS);
  const result = { ...answer };
  if (expirations !== null && expirations.length > 0) {
    result.expirations = expirations;
    if (!expirations.includes(answer.defaultExpiration as NoteExpiration))
      result.defaultExpiration = defaultExpirationOf(expirations);
  }
  if (chatDurations !== null && chatDurations.length > 0) {
    result.chatDurations = chatDurations;
    if (!chatDurations.includes(answer.defaultChatDuration as ChatDuration))
      result.defaultChatDuration = chatDurations.includes(DEFAULT_CHAT_DURATION)
        ? DEFAULT_CHAT_DURATION
        : chatDurations[0];
  }
  return result;
}
