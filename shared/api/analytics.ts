import { z } from 'zod';
import {
  ANALYTICS_EVENTS,
  BROWSER_FAMILIES,
  DEVICE_TYPES,
  MAX_SESSION_SECONDS,
} from './analytics-tracking.ts';
import { SECURITY_EVENT_KINDS } from './security-events.ts';

/**
 * First-party, aggregate analytics (DESIGN §4, §5). The browser makes a random visitor id and a
 * random session id; the server keeps them only as hashes with a salt that changes every day.
 */

export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9]{16}$/);
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9]{12}$/);

/** `POST /api/analytics/pageview`: the page (its shape) and the origin of the page that linked to it. */
export const pageViewRequestSchema = z.object({
  path: z
    .string()
    .max(200)
    .regex(/^\/[^?#\s]*$/),
  referrer: z
    .string()
    .max(200)
    .refine((value) => {
      try {
        return new URL(value).origin === value;
      } catch {
        return false;
      }
    }, 'an origin (scheme, host and port) only')
    .nullable(),
});
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;

/** `POST /api/analytics/session`: coarse facts only, never a user agent string. */
export const sessionStartRequestSchema = z.object({
  deviceType: z.enum(DEVICE_TYPES),
  browser: z.enum(BROWSER_FAMILIES),
  isReturning: z.boolean(),
});
export type SessionStartRequest = z.infer<typeof sessionStartRequestSchema>;

/** `POST /api/analytics/event`: a name from the allow-list, nothing else. */
export const eventRequestSchema = z.object({ event: z.enum(ANALYTICS_EVENTS) });

/**
 * `POST /api/analytics/session-end`, sent by `navigator.sendBeacon`, which cannot set headers:
 * the session id travels in the body.
 */
export const sessionEndRequestSchema = z.object({
  sessionId: sessionIdSchema,
  duration: z.number().int().min(0).max(MAX_SESSION_SECONDS),
});
export type SessionEndRequest = z.infer<typeof sessionEndRequestSchema>;

/** The dashboard's timeframes, with the hours each covers (null: everything kept). */
export const ANALYTICS_TIMEFRAMES = {
  '1h': 1,
  '4h': 4,
  '12h': 12,
  '24h': 24,
  '3d': 72,
  '7d': 168,
  '30d': 720,
  all: null,
} as const satisfies Record<string, number | null>;
export type AnalyticsTimeframe = keyof typeof ANALYTICS_TIMEFRAMES;
export const DEFAULT_TIMEFRAME: AnalyticsTimeframe = '24h';
export const analyticsTimeframeSchema = z.enum(
  Object.keys(ANALYTICS_TIMEFRAMES) as [AnalyticsTimeframe, ...AnalyticsTimeframe[]],
);

/** `GET /api/analytics/summary?timeframe=` */
export const summaryQuerySchema = z.object({
  timeframe: analyticsTimeframeSchema.default(DEFAULT_TIMEFRAME),
});

const isoTime = z.string();
/** A share between 0 and 1; null when there is nothing to divide by. */
const rate = z.number().min(0).max(1).nullable();

export const analyticsSummarySchema = z.object({
  timeframe: analyticsTimeframeSchema,
  /** When these numbers were computed. */
  lastUpdated: isoTime,
  totals: z.object({
    uniqueVisitors: z.number().int(),
    pageViews: z.number().int(),
    sessions: z.number().int(),
    notesCreated: z.number().int(),
    notesRead: z.number().int(),
  }),
  /** One point per hour of the timeframe, oldest first, hours without data as zero. */
  traffic: z.array(z.object({ hour: isoTime, views: z.number().int() })),
  notesActivity: z.array(
    z.object({ hour: isoTime, created: z.number().int(), read: z.number().int() }),
  ),
  /** The five countries with the most visitors; null: unknown (no trusted proxy told us). */
  topCountries: z.array(
    z.object({ countryCode: z.string().length(2).nullable(), visitors: z.number().int() }),
  ),
  securityEvents: z.object({
    total: z.number().int(),
    /** The five latest: the client is a keyed hash, never an address. */
    latest: z.array(
      z.object({ kind: z.enum(SECURITY_EVENT_KINDS), client: z.string(), at: isoTime }),
    ),
  }),
  /** Server-side request durations per route group, busiest first. */
  performance: z.array(
    z.object({
      route: z.string(),
      requests: z.number().int(),
      p50Ms: z.number(),
      p95Ms: z.number(),
    }),
  ),
  rates: z.object({
    /** Notes read / notes created, at most 1 (reads of notes made before the timeframe count too). */
    readRate: rate,
    /** Sessions with at most one page view / sessions. */
    bounceRate: rate,
    averageSessionSeconds: z.number().nullable(),
  }),
  featureUsage: z.object({
    passwordProtected: z.number().int(),
    emailNotifications: z.number().int(),
    events: z.array(z.object({ event: z.enum(ANALYTICS_EVENTS), count: z.number().int() })),
  }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
