/**
 * The container's HEALTHCHECK: exit 0 when the server in this container answers `/healthz`.
 * Liveness, not readiness: a database that is briefly away must not get a healthy instance
 * restarted (the proxy's `/readyz` checks take it out of rotation instead). Plain Node, as the
 * image has no curl or wget.
 */
const port = process.env.PORT ?? '3000';
try {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`, {
    signal: AbortSignal.timeout(2500),
  });
  process.exitCode = answer.ok ? 0 : 1;
} catch {
  process.exitCode = 1;
}
