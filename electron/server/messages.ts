import { z } from 'zod';

/**
 * What main and the built-in server's utility process say to each other. Both sides validate
 * what they receive: a message of another shape is a bug and is refused, not guessed at.
 */

export const serverStartSchema = z.object({
  type: z.literal('start'),
  dataDir: z.string().min(1),
  webDir: z.string().min(1),
  /** `127.0.0.1`, or `0.0.0.0` when the user lets the local network in. */
  host: z.enum(['127.0.0.1', '0.0.0.0']),
  /** The port to try first (the last run's, so links made earlier keep working); 0 for any. */
  port: z.number().int().min(0).max(65_535),
});
export type ServerStart = z.infer<typeof serverStartSchema>;

export const toServerSchema = z.discriminatedUnion('type', [
  serverStartSchema,
  z.object({ type: z.literal('stop') }),
]);
export type ToServer = z.infer<typeof toServerSchema>;

export const fromServerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listening'), port: z.number().int().min(1).max(65_535) }),
  /** The backend's own message, e.g. that another Ashnote holds the data folder. */
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({ type: z.literal('stopped') }),
]);
export type FromServer = z.infer<typeof fromServerSchema>;
