import crypto from 'node:crypto';

/**
 * Browsers the administrator has signed in from before, recognised by a cookie only a correct
 * password earns (OWASP's "device cookies"). A flood of wrong passwords from rotating addresses
 * can fill the password checks of unknown browsers; it cannot reach the administrator's own
 * browser, whose checks have a lane of their own. The cookie is a random id with its HMAC under
 * a server secret, so it cannot be made up, and it proves nothing but an earlier sign-in: the
 * password is still asked for.
 */
export function trustedDevices(secret: Buffer) {
  const signatureOf = (id: string) =>
    crypto.createHmac('sha256', secret).update(id).digest('base64url').slice(0, 32);
  return {
    /** A new device cookie's value. */
    issue(): string {
      const id = crypto.randomBytes(16).toString('base64url');
      return `${id}.${signatureOf(id)}`;
    },
    /** The device's id when `cookie` is one this server issued; null otherwise. */
    recognise(cookie: string | undefined): string | null {
      const [id, signature, ...rest] = (cookie ?? '').split('.');
      if (!id || !signature || rest.length > 0) return null;
      const expected = Buffer.from(signatureOf(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected)
        ? id
        : null;
    },
  };
}
