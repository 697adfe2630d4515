import { z } from 'zod';

/** `POST /api/admin/login` */
export const adminLoginRequestSchema = z.object({ password: z.string().min(1).max(1024) });
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** `GET /api/admin/session` (and the answer to login and logout). */
export const adminSessionSchema = z.object({
  /** False when this server has no administrator configured. */
  available: z.boolean(),
  authenticated: z.boolean(),
});
export type AdminSessionState = z.infer<typeof adminSessionSchema>;
