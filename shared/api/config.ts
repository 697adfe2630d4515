import * as z from 'zod/mini';
import {
  CHAT_DURATIONS,
  CHAT_MAX_PARTICIPANTS,
  CHAT_MESSAGE_MAX_CHARS,
  DEFAULT_CHAT_DURATION,
  NOTE_EXPIRATIONS,
  defaultExpirationOf,
  type NoteExpiration,
  NOTE_MAX_CHARS,
  NOTE_MAX_FILES,
  NOTE_MAX_IMAGE_BYTES,
  NOTE_MAX_IMAGES,
  NOTE_MAX_PROOF_ATTEMPTS,
} from '../limits.ts';

/*
 * Written with zod/mini, the same library's tree-shakable form (functions instead of methods):
 * every page checks this answer right after its first paint, and with mini it loads zod's core
 * alone, 16 KB gzip, instead of core and classic API, 26 KB (npm run bench -- bundle). The
 * other contracts keep the classic API: they load where a form sends or a later answer is
 * read, on top of the same core, so nothing loads twice.
 */

/** `GET /api/config`: runtime capabilities, so one web bundle serves every deployment. */
export const publicConfigSchema = z.object({
  emailAvailable: z.boolean(),
  aiArticlesAvailable: z.boolean(),
  /** Whether this server has an administrator (ADMIN_PASSWORD_HASH); admin screens say so if not. */
  adminAvailable: z.boolean(),
  socialUrl: z.nullable(z.string()),
  limits: z.object({
    noteMaxChars: z.number(),
    noteMaxImages: z.number(),
    noteMaxImageBytes: z.number(),
    noteMaxFiles: z.number(),
    /** The files of one note together, in bytes before encryption (NOTE_MAX_FILE_BYTES). */
    noteMaxFileBytes: z.number(),
    noteMaxProofAttempts: z.number(),
    chatMaxParticipants: z.number(),
    chatMessageMaxChars: z.number(),
  }),
  /** The lives this server offers (its operator's NOTE_EXPIRATIONS), shortest first. */
  expirations: z.array(z.enum(NOTE_EXPIRATIONS)).check(z.minLength(1)),
  defaultExpiration: z.enum(NOTE_EXPIRATIONS),
  chatDurations: z.array(z.enum(CHAT_DURATIONS)),
  defaultChatDuration: z.enum(CHAT_DURATIONS),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export function buildPublicConfig(capabilities: {
  emailAvailable: boolean;
  aiArticlesAvailable: boolean;
  adminAvailable: boolean;
  socialUrl: string | null;
  expirations: readonly NoteExpiration[];
  /** The operator's NOTE_MAX_FILE_BYTES. */
  maxFileBytes: number;
}): PublicConfig {
  const { expirations, maxFileBytes, ...rest } = capabilities;
  return {
    ...rest,
    limits: {
      noteMaxChars: NOTE_MAX_CHARS,
      noteMaxImages: NOTE_MAX_IMAGES,
      noteMaxImageBytes: NOTE_MAX_IMAGE_BYTES,
      noteMaxFiles: NOTE_MAX_FILES,
      noteMaxFileBytes: maxFileBytes,
      noteMaxProofAttempts: NOTE_MAX_PROOF_ATTEMPTS,
      chatMaxParticipants: CHAT_MAX_PARTICIPANTS,
      chatMessageMaxChars: CHAT_MESSAGE_MAX_CHARS,
    },
    expirations: [...expirations],
    defaultExpiration: defaultExpirationOf(expirations),
    chatDurations: [...CHAT_DURATIONS],
    defaultChatDuration: DEFAULT_CHAT_DURATION,
  };
}

/** `GET /api/health` */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /healthz`: the process answers (no database call). */
export const livenessSchema = z.object({ status: z.literal('ok') });

/** `GET /readyz`: whether the instance should get traffic; 503 for anything but `ready`. */
export const readinessSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready') }),
  /** Shutting down: finishing what it has, while load balancers move traffic away. */
  z.object({ status: z.literal('draining') }),
  z.object({
    status: z.literal('not_ready'),
    database: z.enum(['unreachable', 'migrations_pending']),
  }),
]);
export type Readiness = z.infer<typeof readinessSchema>;
