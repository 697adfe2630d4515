import crypto from 'node:crypto';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { SecurityEvents } from '../security-events/security-events.service.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { loginLanes } from './login-lanes.ts';
import { verifyPassword, type PasswordHash } from './password-hash.ts';
import type { trustedDevices } from './trusted-devices.ts';

/** How long an administrator stays signed in, from signing in. */
export const ADMIN_SESSION_HOURS = 12;
/** Tries at the password one address may make. */
const LOGIN_RULE: RateRule = { limit: 5, windowSeconds: 900 };
/**
 * Tries one trusted browser may make, wherever it is (an attacker sharing the administrator's
 * address must not lock them out): its cookie came with a right password, but could be copied.
 */
const TRUSTED_DEVICE_RULE: RateRule = { limit: 20, windowSeconds: 900 };

const unavailable = () =>
  new AppError('UNAVAILABLE', 'This server has no administrator configured.');

const digest = (token: string) => crypto.createHash('sha256').update(token).digest();

/**
 * The administrator's rules: one password (configured as a hash), sessions as random tokens of
 * which only the hashes are stored, password checks rate-limited per address or per trusted
 * browser and run in lanes (login-lanes.ts).
 */
export function adminService(deps: {
  repo: AdminRepository;
  limiter: RateLimiter;
  events: SecurityEvents;
  devices: ReturnType<typeof trustedDevices>;
  lanes: ReturnType<typeof loginLanes>;
  /** Null when no administrator is configured. */
  passwordHash: PasswordHash | null;
}) {
  const { repo, limiter, events, devices, lanes, passwordHash } = deps;
  return {
    /** Whether this server has an administrator at all. */
    available: passwordHash !== null,

    /** Refuses anything administrative on a server without an administrator. */
    requireAvailable(): void {
      if (passwordHash === null) throw unavailable();
    },

    /** Whether `token` (from the session cookie) is an open session. */
    async isSignedIn(token: string | null): Promise<boolean> {
      return (
        passwordHash !== null &&
        token !== null &&
        (await repo.hasSessionUntil(digest(token), new Date()))
      );
    },

    /**
     * Checks the password; on success opens a session and returns its token and a fresh device
     * cookie value. `deviceCookie` is the browser's device cookie, `client` its address.
     */
    async signIn(
      password: string,
      deviceCookie: string | undefined,
      client: string,
    ): Promise<{ token: string; deviceCookie: string }> {
      if (passwordHash === null) throw unavailable();
      const device = devices.recognise(deviceCookie);
      if (device === null) {
        await limiter.hit('admin-login', client, LOGIN_RULE);
      } else {
        await limiter.hit('admin-login-device', device, TRUSTED_DEVICE_RULE, {
          keyIsAddress: false,
        });
      }
      const valid = await lanes.check(
        device === null ? { client } : { trustedDevice: device },
        () => verifyPassword(password, passwordHash),
      );
      if (!valid) {
        events.record('admin_login_failed', client);
        throw new AppError('UNAUTHORIZED', 'Incorrect password.');
      }
      const token = crypto.randomBytes(32).toString('base64url');
      await repo.insertSession(
        digest(token),
        new Date(Date.now() + ADMIN_SESSION_HOURS * 3_600_000),
      );
      return { token, deviceCookie: devices.issue() };
    },

    async signOut(token: string | null): Promise<void> {
      if (token !== null) await repo.deleteSession(digest(token));
    },

    /** Deletes sessions that have ended. */
    sweep: () => repo.deleteSessionsEndedBy(new Date()),
  };
}

export type AdminService = ReturnType<typeof adminService>;
