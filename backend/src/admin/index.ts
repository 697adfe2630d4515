/**
 * The administrator: one password (configured as a hash), sign in and out, and the guard other
 * features put in front of what only the administrator may do.
 *
 * - admin.routes.ts: HTTP (cookies, same-origin checks, request parsing) and `requireAdmin`.
 * - admin.service.ts: the rules (sessions, rate limits, password checks).
 * - admin.repository.ts: the SQL (admin_session).
 * - admin.entities.ts: the table.
 * - Helpers beside them: password-hash.ts (scrypt), login-lanes.ts (how many checks run at once),
 *   trusted-devices.ts (the device cookie).
 */
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { loadServerSecret } from '../db/server-secret.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { SecurityEvents } from '../security-events/security-events.service.ts';
import { adminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { adminService } from './admin.service.ts';
import { loginLanes } from './login-lanes.ts';
import { trustedDevices } from './trusted-devices.ts';

export async function adminFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  events: SecurityEvents;
}) {
  const { config, database, limiter, events } = deps;
  const service = adminService({
    repo: adminRepository(database),
    limiter,
    events,
    devices: trustedDevices(await loadServerSecret(database.em(), 'admin-device')),
    lanes: loginLanes(),
    passwordHash: config.adminPasswordHash,
  });
  const { router, requireAdmin } = adminRoutes(service, config.publicUrl);
  return { router, requireAdmin, sweep: service.sweep };
}
