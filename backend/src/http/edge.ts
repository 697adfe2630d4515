import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';
import { clientKey, setClientOf } from './client-key.ts';
import { crossOrigin } from './cross-origin.ts';
import { answerError } from './error-answer.ts';
import { refuseUnexpectedBody } from './json-body.ts';
import { requireLoopbackHost } from './loopback-host.ts';
import { logRequest } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';

export interface EdgeOptions {
  logger: Logger;
  /** Answer only requests addressed to a loopback name (see loopback-host.ts). */
  loopbackOnly: boolean;
  /** IPv6 clients are keyed by their network of this many bits (see client-key.ts). */
  clientIpv6Prefix: number;
  /** Origins beside the desktop app's that may call the API (tests only). */
  extraOrigins?: readonly string[];
  /** Told every finished request's duration, failures included. */
  onFinished(ctx: Context, ms: number): void;
}

/**
 * What happens around every request, in order, as one middleware: the client's key for the
 * limits (see client-key.ts), the security headers (first, so error answers carry them too),
 * cross-origin access, the loopback Host check, the refusal of unexpected bodies, then the
 * routes; any error becomes its JSON answer; last, the log line and the timing. One middleware
 * calling plain functions rather than six layers of Koa's chain, so that the order (which
 * matters: headers before anything can fail, the log after everything) reads in one place.
 */
export function edge(options: EdgeOptions) {
  const { logger, loopbackOnly, onFinished, clientIpv6Prefix } = options;
  const setSecurityHeaders = securityHeaders();
  const answerCrossOrigin = crossOrigin(options.extraOrigins);
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    setClientOf(ctx, clientKey(ctx.ip, clientIpv6Prefix));
    setSecurityHeaders(ctx);
    try {
      if (answerCrossOrigin(ctx)) return;
      if (loopbackOnly) requireLoopbackHost(ctx);
      refuseUnexpectedBody(ctx);
      await next();
    } catch (thrown) {
      answerError(ctx, thrown, logger);
    } finally {
      const ms = performance.now() - started;
      logRequest(logger, ctx, ms);
      onFinished(ctx, ms);
    }
  };
}
